import type {
  CompleteLessonResult,
  CourseDetail,
  Progression,
  StudentCourseDetail,
  StudentCourseList,
  StudentLesson,
} from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ENGINE } from '../../../test/helper.ts';
import { courseEnrollments, courses, lessonCompletions } from './courses.tables.ts';

let world: CoursesWorld;
let course: CourseDetail;
/** The formation's four lessons, in order: two modules of two. */
let lessons: { id: string; moduleId: string; title: string }[];

beforeAll(async () => {
  world = await createCoursesWorld();
  course = await buildCourse('Premiers secours');
});
afterAll(() => world.close());

async function buildCourse(title: string): Promise<CourseDetail> {
  const created = expectStatus<CourseDetail>(
    await world.call('trainerA', 'POST', '/api/courses', { title }),
    200,
  );
  lessons = [];
  for (const moduleTitle of ['Alerter', 'Secourir']) {
    const module = expectStatus(
      await world.call('trainerA', 'POST', `/api/courses/${created.id}/modules`, { title: moduleTitle }),
      200,
    );
    for (const lessonTitle of [`${moduleTitle} 1`, `${moduleTitle} 2`]) {
      const lesson = expectStatus(
        await world.call('trainerA', 'POST', `/api/courses/${created.id}/modules/${module.id}/lessons`, {
          title: lessonTitle,
          content:
            lessonTitle.endsWith('2') && moduleTitle === 'Secourir'
              ? { type: 'video', source: 'embed', url: 'https://vimeo.com/76979871' }
              : { type: 'text', html: `<p>${lessonTitle}</p>` },
        }),
        200,
      );
      lessons.push({ id: lesson.id, moduleId: module.id, title: lessonTitle });
    }
  }
  return expectStatus<CourseDetail>(await world.call('trainerA', 'GET', `/api/courses/${created.id}`), 200);
}

const myCourses = async (person: Person = 'studentA1') =>
  expectStatus<StudentCourseList>(await world.call(person, 'GET', '/api/learning/courses'), 200);
const complete = (lessonId: string, person: Person = 'studentA1', courseId = course.id) =>
  world.call(person, 'POST', `/api/learning/courses/${courseId}/lessons/${lessonId}/complete`);

describe(`the learner's formations on ${ENGINE} (SPEC 6)`, () => {
  it("says EMPTY_COURSES when the learner has no enrolment (SPEC 8 'No enrollments found')", async () => {
    expect(await myCourses()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      emptyReason: 'EMPTY_COURSES',
    });
  });

  it('answers NO_SESSION, NO_ORGANIZATION and NOT_AUTHORIZED to the wrong callers', async () => {
    expect(expectStatus(await world.call(null, 'GET', '/api/learning/courses'), 401).error.code).toBe(
      'NO_SESSION',
    );
    expect(
      expectStatus(await world.call('loneStudent', 'GET', '/api/learning/courses'), 409).error.code,
    ).toBe('NO_ORGANIZATION');
    expect(
      expectStatus(await world.call('trainerA', 'GET', '/api/learning/progression'), 403).error.code,
    ).toBe('NOT_AUTHORIZED');
  });

  it('shows an enrolled formation only once it is published', async () => {
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
      studentIds: [world.users.studentA1.id],
    });
    expect((await myCourses()).items).toEqual([]);
    const draft = await world.call('studentA1', 'GET', `/api/learning/courses/${course.id}`);
    expect(expectStatus(draft, 404).error.code).toBe('TRAINING_NOT_FOUND');

    await world.call('trainerA', 'POST', `/api/courses/${course.id}/publish`);
    const list = await myCourses();
    expect(list.emptyReason).toBeUndefined();
    expect(list.items).toEqual([
      expect.objectContaining({
        id: course.id,
        title: 'Premiers secours',
        organizationName: 'Organisme A',
        progress: 0,
        completedLessons: 0,
        totalLessons: 4,
        isLocked: false,
        lastActivityAt: null,
      }),
    ]);
  });

  it('hides it from students not enrolled and from other organisations, as if it did not exist', async () => {
    for (const person of ['studentA2', 'studentB'] as const) {
      for (const url of [
        `/api/learning/courses/${course.id}`,
        `/api/learning/courses/${course.id}/lessons/${lessons[0]!.id}`,
      ]) {
        const response = await world.call(person, 'GET', url);
        expect(expectStatus(response, 404).error.code, `${person} ${url}`).toBe('TRAINING_NOT_FOUND');
      }
      expect(expectStatus(await complete(lessons[0]!.id, person), 404).error.code).toBe('TRAINING_NOT_FOUND');
      expect((await myCourses(person)).items).toEqual([]);
    }
  });

  it('lets row-level security alone keep drafts and other formations from a student', async () => {
    const { database } = world.testApp;
    const { studentA2 } = world.users;
    const rows = await database.withTenant(
      { userId: studentA2.id, role: 'student', organizationId: studentA2.organizationId },
      (tx) => tx.select().from(courses),
    );
    expect(rows).toEqual([]);
  });

  it('shows the outline with completion marks and the lesson to continue with', async () => {
    const detail = expectStatus<StudentCourseDetail>(
      await world.call('studentA1', 'GET', `/api/learning/courses/${course.id}`),
      200,
    );
    expect(
      detail.modules.map((module) => [module.title, module.lessons.map((lesson) => lesson.isCompleted)]),
    ).toEqual([
      ['Alerter', [false, false]],
      ['Secourir', [false, false]],
    ]);
    expect(detail.nextLesson).toEqual({ lessonId: lessons[0]!.id, moduleId: lessons[0]!.moduleId });
  });

  it('serves a lesson with its content and its neighbours across modules', async () => {
    const lesson = expectStatus<StudentLesson>(
      await world.call('studentA1', 'GET', `/api/learning/courses/${course.id}/lessons/${lessons[2]!.id}`),
      200,
    );
    expect(lesson).toMatchObject({
      title: 'Secourir 1',
      moduleTitle: 'Secourir',
      courseTitle: 'Premiers secours',
      content: { type: 'text', html: '<p>Secourir 1</p>' },
      isCompleted: false,
      previousLesson: { lessonId: lessons[1]!.id, moduleId: lessons[1]!.moduleId },
      nextLesson: { lessonId: lessons[3]!.id, moduleId: lessons[3]!.moduleId },
    });
    const last = expectStatus<StudentLesson>(
      await world.call('studentA1', 'GET', `/api/learning/courses/${course.id}/lessons/${lessons[3]!.id}`),
      200,
    );
    expect(last.nextLesson).toBeNull();
    expect(last.content).toMatchObject({
      type: 'video',
      provider: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1',
    });
  });

  it('counts progress 25, 50, 75, 100 as lessons are completed, and the trainer sees the same', async () => {
    const seen: number[] = [];
    for (const lesson of lessons) {
      const result = expectStatus<CompleteLessonResult>(await complete(lesson.id), 200);
      seen.push(result.progress);
      const listed = (await myCourses()).items[0]!;
      expect(listed.progress).toBe(result.progress);
      const enrolled = expectStatus(
        await world.call('trainerA', 'GET', `/api/courses/${course.id}/enrollments`),
        200,
      );
      expect(enrolled.items[0]).toMatchObject({
        progress: result.progress,
        completedLessons: seen.length,
        totalLessons: 4,
      });
    }
    expect(seen).toEqual([25, 50, 75, 100]);
    const [row] = await world.testApp.database.db
      .select({ progress: courseEnrollments.progress })
      .from(courseEnrollments)
      .where(eq(courseEnrollments.studentId, world.users.studentA1.id));
    expect(row?.progress).toBe(100);
  });

  it('completes a lesson once: repeating keeps the first date and the progress', async () => {
    const first = expectStatus<CompleteLessonResult>(await complete(lessons[0]!.id), 200);
    const again = expectStatus<CompleteLessonResult>(await complete(lessons[0]!.id), 200);
    expect(again).toEqual(first);
    expect(again.progress).toBe(100);
  });

  it('summarises progression per formation and module, with recent completions newest first', async () => {
    const progression = expectStatus<Progression>(
      await world.call('studentA1', 'GET', '/api/learning/progression'),
      200,
    );
    expect(progression.summary).toEqual({
      courseCount: 1,
      completedCourseCount: 1,
      completedLessonCount: 4,
      averageProgress: 100,
    });
    expect(progression.courses[0]!.modules.map((module) => [module.title, module.progress])).toEqual([
      ['Alerter', 100],
      ['Secourir', 100],
    ]);
    expect(progression.recentCompletions.map((item) => item.lessonTitle)).toHaveLength(4);
    expect(progression.recentCompletions[0]!.courseTitle).toBe('Premiers secours');
    // The list counts the same completions and dates its last activity by the newest of them.
    const [listed] = (await myCourses()).items;
    expect(listed).toMatchObject({ completedLessons: 4, totalLessons: 4 });
    expect(listed!.lastActivityAt).toBe(progression.recentCompletions[0]!.completedAt);
  });

  it('recomputes progress when the trainer adds or removes a lesson', async () => {
    const module = course.modules[1]!;
    const added = expectStatus(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/modules/${module.id}/lessons`, {
        title: 'Secourir 3',
        content: { type: 'link', url: 'https://www.croix-rouge.fr/' },
      }),
      200,
    );
    expect((await myCourses()).items[0]).toMatchObject({
      progress: 80,
      completedLessons: 4,
      totalLessons: 5,
    });
    const detail = expectStatus<StudentCourseDetail>(
      await world.call('studentA1', 'GET', `/api/learning/courses/${course.id}`),
      200,
    );
    expect(detail.nextLesson).toEqual({ lessonId: added.id, moduleId: module.id });
    // The progression counts per module, a module without lessons included.
    const empty = expectStatus(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/modules`, { title: 'Évaluer' }),
      200,
    );
    const progression = expectStatus<Progression>(
      await world.call('studentA1', 'GET', '/api/learning/progression'),
      200,
    );
    expect(
      progression.courses[0]!.modules.map((row) => [
        row.title,
        row.completedLessons,
        row.totalLessons,
        row.progress,
      ]),
    ).toEqual([
      ['Alerter', 2, 2, 100],
      ['Secourir', 2, 3, 67],
      ['Évaluer', 0, 0, 0],
    ]);
    expect(progression.courses[0]).toMatchObject({ completedLessons: 4, totalLessons: 5 });
    await world.call('trainerA', 'DELETE', `/api/courses/${course.id}/modules/${empty.id}`);
    await world.call('trainerA', 'DELETE', `/api/courses/${course.id}/lessons/${added.id}`);
    expect((await myCourses()).items[0]!.progress).toBe(100);
  });

  it('keeps a locked formation listed but its lessons closed (COURSE_LOCKED)', async () => {
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/lock`);
    expect((await myCourses()).items[0]!.isLocked).toBe(true);
    const detail = await world.call('studentA1', 'GET', `/api/learning/courses/${course.id}`);
    expect(expectStatus(detail, 200).isLocked).toBe(true);
    const lesson = await world.call(
      'studentA1',
      'GET',
      `/api/learning/courses/${course.id}/lessons/${lessons[0]!.id}`,
    );
    expect(expectStatus(lesson, 403).error.code).toBe('COURSE_LOCKED');
    expect(expectStatus(await complete(lessons[1]!.id), 403).error.code).toBe('COURSE_LOCKED');
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/unlock`);
  });

  it('gives the progress back when a learner is enrolled again', async () => {
    const { studentA1 } = world.users;
    await world.call('trainerA', 'DELETE', `/api/courses/${course.id}/enrollments/${studentA1.id}`);
    expect(
      expectStatus(await world.call('studentA1', 'GET', `/api/learning/courses/${course.id}`), 404).error
        .code,
    ).toBe('TRAINING_NOT_FOUND');
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
      studentIds: [studentA1.id],
    });
    expect((await myCourses()).items[0]!.progress).toBe(100);
  });

  it('refuses a lesson of another formation under this one', async () => {
    const other = await buildCourse('Autre formation');
    const response = await world.call(
      'studentA1',
      'GET',
      `/api/learning/courses/${course.id}/lessons/${other.modules[0]!.lessons[0]!.id}`,
    );
    expect(expectStatus(response, 404).error.code).toBe('NOT_FOUND');
  });

  it('hides archived formations from learners', async () => {
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/archive`);
    expect((await myCourses()).items).toEqual([]);
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/unarchive`);
    expect((await myCourses()).items).toHaveLength(1);
  });

  it('refuses malformed ids, naming the parameter', async () => {
    const response = await world.call(
      'studentA1',
      'POST',
      `/api/learning/courses/${course.id}/lessons/x/complete`,
    );
    expect(expectStatus(response, 400).error.details.fields[0].path).toBe('lessonId');
    const page = await world.call('studentA1', 'GET', '/api/learning/courses?pageSize=0');
    expect(expectStatus(page, 400).error.details.fields[0].path).toBe('pageSize');
  });

  it("lists the progression's ten newest completions over every formation, newest first", async () => {
    const followed = [course];
    for (const title of ['Gestes barrières', 'Incendie', 'Évacuation']) {
      const built = await buildCourse(title);
      await world.call('trainerA', 'POST', `/api/courses/${built.id}/enrollments`, {
        studentIds: [world.users.studentA1.id],
      });
      await world.call('trainerA', 'POST', `/api/courses/${built.id}/publish`);
      for (const lesson of lessons) expectStatus(await complete(lesson.id, 'studentA1', built.id), 200);
      followed.push(built);
    }
    // Sixteen completions, dated one minute apart in an order unlike the one they were made in.
    const all = followed.flatMap((formation) =>
      formation.modules.flatMap((module) =>
        module.lessons.map((lesson) => ({ formation, moduleId: module.id, lesson })),
      ),
    );
    const dated = all.map((item, index) => ({
      ...item,
      completedAt: new Date(Date.UTC(2026, 0, 5, 9, (index * 7) % all.length)),
    }));
    for (const { lesson, completedAt } of dated)
      await world.testApp.database.db
        .update(lessonCompletions)
        .set({ completedAt })
        .where(eq(lessonCompletions.lessonId, lesson.id));

    const progression = expectStatus<Progression>(
      await world.call('studentA1', 'GET', '/api/learning/progression'),
      200,
    );
    const newest = [...dated].sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime()).slice(0, 10);
    expect(progression.recentCompletions).toEqual(
      newest.map(({ formation, moduleId, lesson, completedAt }) => ({
        lessonId: lesson.id,
        lessonTitle: lesson.title,
        moduleId,
        courseId: formation.id,
        courseTitle: formation.title,
        completedAt: completedAt.toISOString(),
      })),
    );
  });
});
