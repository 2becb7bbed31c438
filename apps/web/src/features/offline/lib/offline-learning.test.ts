import 'fake-indexeddb/auto';
import { StudentCourseDetailSchema, StudentCourseListSchema, StudentLessonSchema } from '@cursus/contracts';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildOfflinePackage,
  COURSE_ID,
  OTHER_USER_ID,
  PDF_LESSON,
  storeFormation,
  TEXT_LESSON,
  USER_ID,
  uuid,
} from '../testing/fixtures';
import { createOfflineLearning, type OfflineLearning } from './offline-learning';
import { type OfflineFormationsStore, openOfflineFormationsStore } from './offline-store';

let store: OfflineFormationsStore;
let learning: OfflineLearning;
let objectUrls: number;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  store = openOfflineFormationsStore();
  objectUrls = 0;
  learning = createOfflineLearning({
    userId: USER_ID,
    store,
    now: () => new Date('2026-03-03T08:00:00.000Z'),
    createObjectUrl: () => `blob:test/${++objectUrls}`,
  });
  await storeFormation(store);
});

describe('the learning pages read from the device', () => {
  it('lists only the downloaded formations, searched and paged as the server does', async () => {
    const list = await learning.listCourses({ page: 1, pageSize: 12 });
    expect(StudentCourseListSchema.parse(list)).toEqual(list);
    expect(list?.items.map((course) => course.id)).toEqual([COURSE_ID]);
    expect((await learning.listCourses({ search: 'secours' }))?.total).toBe(1);
    expect((await learning.listCourses({ search: 'incendie' }))?.items).toEqual([]);
  });

  it("answers nothing for what the device does not hold, nor for another person's copies", async () => {
    const other = createOfflineLearning({ userId: OTHER_USER_ID, store });
    expect(await other.listCourses({})).toBeUndefined();
    expect(await other.getCourse(COURSE_ID)).toBeUndefined();
    expect(await learning.getCourse(uuid(999))).toBeUndefined();
    expect(await learning.getLesson(COURSE_ID, uuid(999))).toBeUndefined();
    expect(await learning.completeLesson(COURSE_ID, uuid(999))).toBeUndefined();
  });

  it("points a lesson's files at the stored copies, once each", async () => {
    const text = await learning.getLesson(COURSE_ID, TEXT_LESSON);
    expect(StudentLessonSchema.parse(text)).toEqual(text);
    expect(text?.content).toEqual({
      type: 'text',
      html: '<p>Texte</p><img src="blob:test/1" alt="Schéma">',
    });
    const pdf = await learning.getLesson(COURSE_ID, PDF_LESSON);
    expect(pdf?.content.type === 'document' && pdf.content.file.url).toBe('blob:test/2');
    await learning.getLesson(COURSE_ID, TEXT_LESSON);
    expect(objectUrls).toBe(2);
  });

  it('shows a lesson completed offline as completed, with the progress it makes', async () => {
    const result = await learning.completeLesson(COURSE_ID, TEXT_LESSON);
    expect(result).toEqual({
      lessonId: TEXT_LESSON,
      courseId: COURSE_ID,
      completedAt: '2026-03-03T08:00:00.000Z',
      progress: 50,
      completedLessons: 1,
      totalLessons: 2,
    });
    const course = await learning.getCourse(COURSE_ID);
    expect(StudentCourseDetailSchema.parse(course)).toEqual(course);
    expect(course).toMatchObject({ progress: 50, completedLessons: 1, nextLesson: { lessonId: PDF_LESSON } });
    expect(course?.modules[0]).toMatchObject({ progress: 50, completedLessons: 1 });
    expect(await learning.getLesson(COURSE_ID, TEXT_LESSON)).toMatchObject({ isCompleted: true });
    expect((await learning.listCourses({}))?.items[0]).toMatchObject({ progress: 50 });
    expect(await store.listPendingCompletions(USER_ID)).toEqual([
      expect.objectContaining({
        courseId: COURSE_ID,
        lessonId: TEXT_LESSON,
        deviceCompletedAt: '2026-03-03T08:00:00.000Z',
      }),
    ]);
  });

  it("counts the formation's quizzes in its progress, as the server does", async () => {
    // Two lessons and three active quizzes, one passed: 1 of 5 items before, 2 of 5 after.
    const offlinePackage = buildOfflinePackage({ quizzes: { active: 3, passed: 1 } });
    offlinePackage.course.progress = 20;
    await storeFormation(store, offlinePackage);
    await learning.completeLesson(COURSE_ID, TEXT_LESSON);
    expect(await learning.getCourse(COURSE_ID)).toMatchObject({ progress: 40, completedLessons: 1 });
  });
});
