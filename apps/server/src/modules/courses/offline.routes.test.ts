import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CourseDetail,
  computeProgress,
  OFFLINE_FORMATION_MAX_BYTES,
  type OfflinePackage,
  type StoredFile,
  type StudentLesson,
} from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ENGINE, ORIGIN } from '../../../test/helper.ts';

let world: CoursesWorld;
let dataDir: string;
let course: CourseDetail;
let pdf: StoredFile;
let image: StoredFile;
let otherImage: StoredFile;

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);

async function upload(person: Person, purpose: string, file: Buffer, fileName: string): Promise<StoredFile> {
  const boundary = '----cursus-offline-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await world.testApp.app.inject({
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    headers: {
      ...ORIGIN,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: world.users[person].cookie,
    },
    payload: body,
  });
  return expectStatus<StoredFile>(response, 200);
}

const offlinePackage = (person: Person | null, courseId = course.id) =>
  world.call(person, 'GET', `/api/learning/courses/${courseId}/offline`);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-offline-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir });
  pdf = await upload('trainerA', 'document', PDF, 'programme.pdf');
  image = await upload('trainerA', 'image', PNG, 'schema.png');
  otherImage = await upload('trainerB', 'image', PNG, 'autre.png');
  course = expectStatus<CourseDetail>(
    await world.call('trainerA', 'POST', '/api/courses', { title: 'Gestes de premiers secours' }),
    200,
  );
  const module = expectStatus(
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/modules`, { title: 'Alerter' }),
    200,
  );
  for (const [title, content] of [
    // The HTML may name any file id: only the organisation's own files go into the package.
    [
      'Lire',
      {
        type: 'text',
        html: `<p>Texte</p><img src="/api/files/${image.id}" alt="Schéma"><img src="/api/files/${otherImage.id}" alt="Autre">`,
      },
    ],
    ['Programme', { type: 'document', fileId: pdf.id }],
    ['Voir', { type: 'video', source: 'embed', url: 'https://vimeo.com/76979871' }],
  ] as const) {
    expectStatus(
      await world.call('trainerA', 'POST', `/api/courses/${course.id}/modules/${module.id}/lessons`, {
        title,
        content,
      }),
      200,
    );
  }
  // A quiz counts in the formation's progress beside its lessons.
  expectStatus(
    await world.call('trainerA', 'POST', '/api/quizzes', {
      title: 'Quiz : alerter',
      passingScore: 50,
      courseId: course.id,
      questions: [
        {
          type: 'single_choice',
          text: 'Quel numéro appeler ?',
          options: [
            { id: 'a', text: '15', isCorrect: true },
            { id: 'b', text: '36', isCorrect: false },
          ],
        },
      ],
    }),
    200,
  );
  await world.call('trainerA', 'POST', `/api/courses/${course.id}/enrollments`, {
    studentIds: [world.users.studentA1.id],
  });
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`a formation taken offline on ${ENGINE} (issue 18)`, () => {
  it('is refused while the formation is a draft, as the formation page is', async () => {
    expect(expectStatus(await offlinePackage('studentA1'), 404).error.code).toBe('TRAINING_NOT_FOUND');
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/publish`);
  });

  it('holds the formation page, every lesson page as the learning routes serve them, and their files', async () => {
    const body = expectStatus<OfflinePackage>(await offlinePackage('studentA1'), 200);
    const page = expectStatus(
      await world.call('studentA1', 'GET', `/api/learning/courses/${course.id}`),
      200,
    );
    expect(body.course).toEqual(page);
    expect(body.lessons.map((lesson) => lesson.title)).toEqual(['Lire', 'Programme', 'Voir']);
    for (const lesson of body.lessons) {
      const online = expectStatus<StudentLesson>(
        await world.call('studentA1', 'GET', `/api/learning/courses/${course.id}/lessons/${lesson.id}`),
        200,
      );
      expect(lesson).toEqual(online);
    }
    expect(body.files).toEqual(
      [
        {
          id: pdf.id,
          name: 'programme.pdf',
          mimeType: 'application/pdf',
          sizeBytes: PDF.length,
          url: pdf.url,
        },
        { id: image.id, name: 'schema.png', mimeType: 'image/png', sizeBytes: PNG.length, url: image.url },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(body.totalBytes).toBe(PDF.length + PNG.length);
    expect(body.maxBytes).toBe(OFFLINE_FORMATION_MAX_BYTES);
    expect(body.quizzes).toEqual({ active: 1, passed: 0 });
    // Every file listed is one the learner may download.
    for (const file of body.files) {
      const response = await world.call('studentA1', 'GET', file.url);
      expect(response.statusCode, file.name).toBe(200);
    }
  });

  it('carries the learner’s completions', async () => {
    const body = expectStatus<OfflinePackage>(await offlinePackage('studentA1'), 200);
    const first = body.lessons[0]!;
    await world.call('studentA1', 'POST', `/api/learning/courses/${course.id}/lessons/${first.id}/complete`);
    const after = expectStatus<OfflinePackage>(await offlinePackage('studentA1'), 200);
    expect(after.lessons[0]).toMatchObject({ isCompleted: true, completedAt: expect.any(String) });
    expect(after.course).toMatchObject({ completedLessons: 1, totalLessons: 3 });
    // The device computes the progress from these counts, as the server did: 1 item of 4.
    expect(after.course.progress).toBe(
      computeProgress(1 + after.quizzes.passed, after.course.totalLessons + after.quizzes.active),
    );
    expect(after.course.progress).toBe(25);
  });

  it("keeps another organisation's learners, learners not enrolled and staff out", async () => {
    for (const person of ['studentA2', 'studentB'] as const) {
      expect(expectStatus(await offlinePackage(person), 404).error.code, person).toBe('TRAINING_NOT_FOUND');
    }
    expect(expectStatus(await offlinePackage(null), 401).error.code).toBe('NO_SESSION');
    expect(expectStatus(await offlinePackage('loneStudent'), 409).error.code).toBe('NO_ORGANIZATION');
    expect(expectStatus(await offlinePackage('trainerA'), 403).error.code).toBe('NOT_AUTHORIZED');
  });

  it("never lists another organisation's file, even one a lesson's HTML names", async () => {
    const body = expectStatus<OfflinePackage>(await offlinePackage('studentA1'), 200);
    expect(body.files.map((file) => file.id)).not.toContain(otherImage.id);
  });

  it('refuses a locked formation, whose lessons cannot be opened (COURSE_LOCKED)', async () => {
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/lock`);
    expect(expectStatus(await offlinePackage('studentA1'), 403).error.code).toBe('COURSE_LOCKED');
    await world.call('trainerA', 'POST', `/api/courses/${course.id}/unlock`);
    expectStatus(await offlinePackage('studentA1'), 200);
  });

  it('refuses a malformed id without a server error', async () => {
    expect(expectStatus(await offlinePackage('studentA1', 'not-a-uuid'), 400).error.code).toBe(
      'VALIDATION_ERROR',
    );
  });
});
