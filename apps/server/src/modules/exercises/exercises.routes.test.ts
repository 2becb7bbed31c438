import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Exercise,
  type ExerciseSubmissions,
  FILE_LIMITS,
  type StoredFile,
  type StudentExerciseList,
  type Submission,
  type TrainerExerciseList,
} from '@cursus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ENGINE, ORIGIN } from '../../../test/helper.ts';
import { notifications } from '../notifications/notifications.tables.ts';

let world: CoursesWorld;
let dataDir: string;
let courseId: string;
let moduleId: string;
/** Accepts a text or a file; `fileOnly` only a file; `textOnly` only a text. */
let exercise: Exercise;
let fileOnly: Exercise;
let textOnly: Exercise;

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-exercises-'));
  world = await createCoursesWorld({ DATA_DIR: dataDir });
  const call = world.call;
  courseId = expectStatus(await call('trainerA', 'POST', '/api/courses', { title: 'Excel' }), 200).id;
  moduleId = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules`, { title: 'Formules' }),
    200,
  ).id;
  expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
      title: 'SOMME',
      content: { type: 'text', html: '<p>SOMME</p>' },
    }),
    200,
  );
  expectStatus(await call('trainerA', 'POST', `/api/courses/${courseId}/publish`), 200);
  expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users.studentA1.id],
    }),
    200,
  );
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function uploadFile(person: Person, exerciseId: string, purpose: string, file: Buffer, fileName: string) {
  const boundary = '----cursus-exercise-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return world.testApp.app.inject({
    method: 'POST',
    url: `/api/exercises/${exerciseId}/files?purpose=${purpose}`,
    headers: {
      ...ORIGIN,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: world.users[person].cookie,
    },
    payload: body,
  });
}

const notificationsOf = (person: Person, type: string) =>
  world.testApp.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, world.users[person].id), eq(notifications.type, type)));

describe(`exercises on ${ENGINE} (issue 13 point 6)`, () => {
  it('lets a trainer set exercises on a formation or one of its modules', async () => {
    exercise = expectStatus<Exercise>(
      await world.call('trainerA', 'POST', '/api/trainer/exercises', {
        courseId,
        moduleId,
        title: 'Budget mensuel',
        instructions: 'Construisez un budget avec SOMME et SI.',
        dueAt: '2030-01-15T17:00:00.000Z',
      }),
      200,
    );
    expect(exercise).toMatchObject({
      courseTitle: 'Excel',
      moduleTitle: 'Formules',
      submissionType: 'text_or_file',
      dueAt: '2030-01-15T17:00:00.000Z',
    });
    fileOnly = expectStatus<Exercise>(
      await world.call('trainerA', 'POST', '/api/trainer/exercises', {
        courseId,
        title: 'Tableau de bord',
        instructions: 'Rendez un PDF.',
        submissionType: 'file',
      }),
      200,
    );
    expect(fileOnly.moduleId).toBeNull();
    textOnly = expectStatus<Exercise>(
      await world.call('trainerA', 'POST', '/api/trainer/exercises', {
        courseId,
        title: 'Réflexion',
        instructions: 'Trois lignes.',
        submissionType: 'text',
      }),
      200,
    );
    const list = expectStatus<TrainerExerciseList>(
      await world.call('trainerA', 'GET', `/api/trainer/exercises?courseId=${courseId}`),
      200,
    );
    expect(list.total).toBe(3);
  });

  it('lists them to enrolled learners only', async () => {
    const mine = expectStatus<StudentExerciseList>(
      await world.call('studentA1', 'GET', '/api/exercises'),
      200,
    );
    // Soonest due first, the undated ones after.
    expect(mine.items.map((item) => item.title)).toEqual(['Budget mensuel', 'Réflexion', 'Tableau de bord']);
    expect(mine.items.every((item) => item.submission === null)).toBe(true);
    expect(
      expectStatus<StudentExerciseList>(await world.call('studentA2', 'GET', '/api/exercises'), 200).total,
    ).toBe(0);
  });

  it('takes a text submission and tells the trainers', async () => {
    const submission = expectStatus<Submission>(
      await world.call('studentA1', 'POST', `/api/exercises/${exercise.id}/submission`, {
        text: 'SOMME(B2:B9) puis SI(B10>1000;"Alerte";"OK")',
      }),
      200,
    );
    expect(submission).toMatchObject({ status: 'submitted', file: null, feedback: null });
    const [told] = await notificationsOf('trainerA', 'exercise_submitted');
    expect(told).toMatchObject({ metadata: { exerciseId: exercise.id, exerciseTitle: 'Budget mensuel' } });
    expect(told?.actionUrl).toBe(`/trainer/exercises?exercise=${exercise.id}`);
  });

  it('takes a file within the upload limits and lets only its author and staff read it', async () => {
    const stored = expectStatus<StoredFile>(
      await uploadFile('studentA1', fileOnly.id, 'document', PDF, 'rendu.pdf'),
      200,
    );
    expect(stored).toMatchObject({ mimeType: 'application/pdf', purpose: 'document' });
    const submission = expectStatus<Submission>(
      await world.call('studentA1', 'POST', `/api/exercises/${fileOnly.id}/submission`, {
        fileId: stored.id,
      }),
      200,
    );
    expect(submission.file?.id).toBe(stored.id);
    // The orphaned files sweep keeps what a submission names.
    const inUse = await world.testApp.modules.fileAccess.fileIdsInUse(world.users.trainerA.organizationId!);
    expect(inUse.has(stored.id)).toBe(true);
    const read = (person: Person) =>
      world.testApp.app.inject({
        method: 'GET',
        url: stored.url,
        headers: { cookie: world.users[person].cookie },
      });
    expect((await read('studentA1')).statusCode).toBe(200);
    expect((await read('trainerA')).statusCode).toBe(200);
    expect((await read('studentA2')).statusCode).toBe(404);
    expect((await read('trainerB')).statusCode).toBe(404);
    // An image handed in stays its author's, though learners may read their trainers' images.
    const image = expectStatus<StoredFile>(
      await uploadFile('studentA1', fileOnly.id, 'image', PNG, 'photo.png'),
      200,
    );
    const readImage = (person: Person) =>
      world.testApp.app.inject({
        method: 'GET',
        url: image.url,
        headers: { cookie: world.users[person].cookie },
      });
    expect((await readImage('studentA1')).statusCode).toBe(200);
    expect((await readImage('trainerA')).statusCode).toBe(200);
    expect((await readImage('studentA2')).statusCode).toBe(404);
  });

  it('refuses what the exercise or the limits do not accept', async () => {
    const wrongFormat = await uploadFile('studentA1', fileOnly.id, 'document', PNG, 'faux.pdf');
    expect(expectStatus(wrongFormat, 415).error.code).toBe('UNSUPPORTED_FORMAT');
    const big = Buffer.concat([PNG, Buffer.alloc(FILE_LIMITS.image.maxBytes, 1)]);
    expect(
      expectStatus(await uploadFile('studentA1', fileOnly.id, 'image', big, 'grande.png'), 413).error.code,
    ).toBe('FILE_TOO_LARGE');
    expectStatus(await uploadFile('studentA1', textOnly.id, 'document', PDF, 'rendu.pdf'), 400);
    expectStatus(await uploadFile('studentA1', fileOnly.id, 'video', PDF, 'rendu.pdf'), 400);
    expectStatus(
      await world.call('studentA1', 'POST', `/api/exercises/${fileOnly.id}/submission`, { text: 'Un texte' }),
      400,
    );
    expectStatus(await world.call('studentA1', 'POST', `/api/exercises/${exercise.id}/submission`, {}), 400);
    expectStatus(
      await world.call('studentA1', 'POST', `/api/exercises/${exercise.id}/submission`, {
        text: 'x'.repeat(20_001),
      }),
      400,
    );
    // A file the learner did not upload cannot be handed in as theirs.
    const trainerFile = expectStatus<StoredFile>(
      await world.testApp.app.inject({
        method: 'POST',
        url: '/api/files?purpose=document',
        headers: {
          ...ORIGIN,
          'content-type': 'multipart/form-data; boundary=b',
          cookie: world.users.trainerA.cookie,
        },
        payload: Buffer.concat([
          Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n'),
          PDF,
          Buffer.from('\r\n--b--\r\n'),
        ]),
      }),
      200,
    );
    expectStatus(
      await world.call('studentA1', 'POST', `/api/exercises/${exercise.id}/submission`, {
        fileId: trainerFile.id,
      }),
      400,
    );
  });

  it('records the review, tells the learner, and keeps a reviewed submission final', async () => {
    const { items } = expectStatus<ExerciseSubmissions>(
      await world.call('trainerA', 'GET', `/api/trainer/exercises/${exercise.id}/submissions`),
      200,
    );
    expect(items).toHaveLength(1);
    expect(items[0]!.studentName).not.toBe('');
    const redo = expectStatus<Submission>(
      await world.call('trainerA', 'POST', `/api/trainer/exercise-submissions/${items[0]!.id}/review`, {
        status: 'to_redo',
        feedback: 'Ajoutez la moyenne.',
      }),
      200,
    );
    expect(redo).toMatchObject({ status: 'to_redo', feedback: 'Ajoutez la moyenne.' });
    const [told] = await notificationsOf('studentA1', 'exercise_reviewed');
    expect(told).toMatchObject({
      actionUrl: '/exercises',
      metadata: { status: 'to_redo', exerciseId: exercise.id },
    });
    // Sent back to redo: handing in again is open, and goes back to 'submitted'.
    const again = expectStatus<Submission>(
      await world.call('studentA1', 'POST', `/api/exercises/${exercise.id}/submission`, {
        text: 'Avec MOYENNE.',
      }),
      200,
    );
    expect(again).toMatchObject({ status: 'submitted', text: 'Avec MOYENNE.' });
    expectStatus(
      await world.call('trainerA', 'POST', `/api/trainer/exercise-submissions/${items[0]!.id}/review`, {
        status: 'reviewed',
      }),
      200,
    );
    const final = await world.call('studentA1', 'POST', `/api/exercises/${exercise.id}/submission`, {
      text: 'Encore',
    });
    expect(expectStatus(final, 409).error.code).toBe('ALREADY_EXISTS');
    const list = expectStatus<TrainerExerciseList>(
      await world.call('trainerA', 'GET', '/api/trainer/exercises'),
      200,
    );
    expect(list.items.find((item) => item.id === exercise.id)?.submissionCounts).toEqual({
      submitted: 0,
      reviewed: 1,
      toRedo: 0,
    });
  });

  it("answers another organisation's exercises and submissions like unknown ones", async () => {
    const { items } = expectStatus<ExerciseSubmissions>(
      await world.call('trainerA', 'GET', `/api/trainer/exercises/${exercise.id}/submissions`),
      200,
    );
    const submissionId = items[0]!.id;
    const attempts: [Person, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
      ['trainerB', 'GET', `/api/trainer/exercises/${exercise.id}/submissions`, undefined],
      ['trainerB', 'PATCH', `/api/trainer/exercises/${exercise.id}`, { title: 'Pris' }],
      ['trainerB', 'DELETE', `/api/trainer/exercises/${exercise.id}`, undefined],
      [
        'trainerB',
        'POST',
        `/api/trainer/exercise-submissions/${submissionId}/review`,
        { status: 'reviewed' },
      ],
      ['studentB', 'POST', `/api/exercises/${exercise.id}/submission`, { text: 'Intrus' }],
      ['studentA2', 'POST', `/api/exercises/${exercise.id}/submission`, { text: 'Pas inscrit' }],
      ['trainerA', 'GET', `/api/trainer/exercises/${crypto.randomUUID()}/submissions`, undefined],
    ];
    for (const [person, method, url, payload] of attempts) {
      expect(expectStatus(await world.call(person, method, url, payload), 404).error.code).toBe('NOT_FOUND');
    }
    expect(
      expectStatus(
        await world.call('trainerB', 'POST', '/api/trainer/exercises', {
          courseId,
          title: 'Chez les autres',
          instructions: 'Non.',
        }),
        404,
      ).error.code,
    ).toBe('TRAINING_NOT_FOUND');
    expect(
      expectStatus<TrainerExerciseList>(await world.call('trainerB', 'GET', '/api/trainer/exercises'), 200)
        .total,
    ).toBe(0);
  });

  it('refuses malformed input with 400, never 5xx', async () => {
    const bad: [Person, 'GET' | 'POST' | 'PATCH', string, unknown][] = [
      ['trainerA', 'POST', '/api/trainer/exercises', { courseId: 'nope', title: 'X', instructions: 'Y' }],
      ['trainerA', 'POST', '/api/trainer/exercises', { courseId, title: '', instructions: 'Y' }],
      [
        'trainerA',
        'POST',
        '/api/trainer/exercises',
        { courseId, title: 'X', instructions: 'Y', dueAt: 'demain' },
      ],
      [
        'trainerA',
        'POST',
        '/api/trainer/exercises',
        { courseId, title: 'X', instructions: 'Y', submissionType: 'oral' },
      ],
      ['trainerA', 'PATCH', '/api/trainer/exercises/123', { title: 'X' }],
      [
        'trainerA',
        'POST',
        `/api/trainer/exercise-submissions/${exercise.id}/review`,
        { status: 'submitted' },
      ],
      ['trainerA', 'GET', '/api/trainer/exercises?page=0', undefined],
      ['studentA1', 'POST', `/api/exercises/${exercise.id}/submission`, { fileId: 'abc' }],
      ['studentA1', 'GET', '/api/exercises?pageSize=1000', undefined],
    ];
    for (const [person, method, url, payload] of bad) {
      expectStatus(await world.call(person, method, url, payload), 400);
    }
    expectStatus(await world.call('studentA1', 'GET', '/api/trainer/exercises'), 403);
    expectStatus(await world.call('trainerA', 'GET', '/api/exercises'), 403);
  });

  it('takes no work for a locked formation, while still listing it', async () => {
    expectStatus(await world.call('trainerA', 'POST', `/api/courses/${courseId}/lock`), 200);
    const refused = await world.call('studentA1', 'POST', `/api/exercises/${exercise.id}/submission`, {
      text: 'Encore une fois',
    });
    expect(expectStatus(refused, 403).error.code).toBe('COURSE_LOCKED');
    const locked = await uploadFile('studentA1', fileOnly.id, 'document', PDF, 'rendu.pdf');
    expect(expectStatus(locked, 403).error.code).toBe('COURSE_LOCKED');
    const mine = expectStatus<StudentExerciseList>(
      await world.call('studentA1', 'GET', '/api/exercises'),
      200,
    );
    expect(mine.total).toBe(3);
    expectStatus(await world.call('trainerA', 'POST', `/api/courses/${courseId}/unlock`), 200);
  });

  it('deletes an exercise with its submissions', async () => {
    expectStatus(await world.call('trainerA', 'DELETE', `/api/trainer/exercises/${textOnly.id}`), 200);
    expectStatus(
      await world.call('trainerA', 'GET', `/api/trainer/exercises/${textOnly.id}/submissions`),
      404,
    );
  });
});
