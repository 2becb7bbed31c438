import type { QuizDetail, QuizInput, StudentQuizList } from '@cursus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { APP_URL } from '../../../test/helper.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { SESSION_QUIZ_JOB, sessionQuizPath } from './session-quizzes.ts';

const HOUR_MS = 60 * 60 * 1000;
const LEA = 'lea@org-a.example';
const HUGO = 'hugo@org-a.example';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let clock = new Date('2026-11-02T08:00:00.000Z');
let world: CoursesWorld;
/** Both learners of A invited (Hugo reads English); a second session with Léa only; one of B. */
let sessionId: string;
let leaOnlySessionId: string;
let otherOrganizationSessionId: string;

const QUESTIONS: NonNullable<QuizInput['questions']> = [
  {
    type: 'single_choice',
    text: 'Quel champ place-t-on en lignes ?',
    options: [
      { id: 'a', text: 'Le vendeur', isCorrect: true },
      { id: 'b', text: 'Le total', isCorrect: false },
    ],
  },
];

const inHours = (hours: number) => new Date(clock.getTime() + hours * HOUR_MS).toISOString();

async function createSession(person: Person, title: string, studentIds: string[]) {
  return expectStatus<{ id: string }>(
    await world.call(person, 'POST', '/api/trainer/group-sessions', {
      title,
      meetingDate: inHours(24),
      durationMinutes: 120,
      meetingUrl: 'https://meet.jit.si/atelier',
      studentIds,
    }),
    200,
  ).id;
}

const quizBody = (extra: Partial<QuizInput>) => ({
  title: 'Quiz de fin d’atelier',
  questions: QUESTIONS,
  groupSessionId: sessionId,
  ...extra,
});

const runJob = () =>
  world.testApp.modules.quizzes.jobs.find((job) => job.name === SESSION_QUIZ_JOB)!.run(clock);

const mails = (to: string) =>
  world.testApp.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, 'session-quiz-available')))
    .orderBy(emailOutbox.createdAt);

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  expectStatus(await world.call('studentA2', 'PATCH', '/api/auth/preferences', { language: 'en' }), 200);
  const { studentA1, studentA2, studentB } = world.users;
  sessionId = await createSession('trainerA', 'Atelier tableaux croisés', [studentA1.id, studentA2.id]);
  leaOnlySessionId = await createSession('trainerA', 'Atelier graphiques', [studentA1.id]);
  otherOrganizationSessionId = await createSession('trainerB', 'Atelier B', [studentB.id]);
});
afterAll(async () => {
  await world?.close();
});

describe('attaching a quiz to a group session', () => {
  it('attaches only to a session of the trainer’s organisation', async () => {
    const quiz = expectStatus<QuizDetail>(
      await world.call('trainerA', 'POST', '/api/quizzes', quizBody({})),
      200,
    );
    expect(quiz).toMatchObject({
      groupSessionId: sessionId,
      groupSessionTitle: 'Atelier tableaux croisés',
      courseId: null,
    });
    for (const groupSessionId of [otherOrganizationSessionId, UNKNOWN_ID]) {
      expectStatus(await world.call('trainerA', 'POST', '/api/quizzes', quizBody({ groupSessionId })), 404);
      expectStatus(
        await world.call('trainerA', 'PUT', `/api/quizzes/${quiz.id}`, quizBody({ groupSessionId })),
        404,
      );
    }
    expectStatus(
      await world.call('trainerA', 'POST', '/api/quizzes', quizBody({ groupSessionId: 'pas-un-id' })),
      400,
    );
    // Detached again: the editor can clear it.
    const detached = expectStatus<QuizDetail>(
      await world.call('trainerA', 'PUT', `/api/quizzes/${quiz.id}`, quizBody({ groupSessionId: null })),
      200,
    );
    expect(detached.groupSessionId).toBeNull();
    expectStatus(await world.call('trainerA', 'DELETE', `/api/quizzes/${quiz.id}`), 200);
  });
});

describe('a session quiz, its learners and its email', () => {
  let quizId: string;
  let leaOnlyQuizId: string;

  it('stays closed, and unannounced, until the session starts', async () => {
    quizId = expectStatus<QuizDetail>(
      await world.call('trainerA', 'POST', '/api/quizzes', quizBody({})),
      200,
    ).id;
    leaOnlyQuizId = expectStatus<QuizDetail>(
      await world.call(
        'trainerA',
        'POST',
        '/api/quizzes',
        quizBody({ title: 'Quiz graphiques', groupSessionId: leaOnlySessionId }),
      ),
      200,
    ).id;
    expectStatus(await world.call('studentA1', 'GET', `/api/learning/quizzes/${quizId}`), 404);
    const list = expectStatus<StudentQuizList>(
      await world.call('studentA1', 'GET', `/api/learning/quizzes?sessionId=${sessionId}`),
      200,
    );
    expect(list.total).toBe(0);
    expect(list.session?.title).toBe('Atelier tableaux croisés');
    expect(await runJob()).toBe(0);
    expect(await mails(LEA)).toHaveLength(0);
  });

  it('opens at the session’s start: each invited learner is emailed once, in their language', async () => {
    clock = new Date(clock.getTime() + 24 * HOUR_MS + 60_000);
    expect(await runJob()).toBe(3);
    const [fr] = await mails(LEA);
    const [en] = await mails(HUGO);
    expect(fr!.subject).toBe('Cursus – Quiz disponible : Quiz de fin d’atelier');
    expect(fr!.text).toContain('« Atelier tableaux croisés »');
    expect(en!.subject).toBe('Cursus – Quiz available: Quiz de fin d’atelier');
    expect(en!.text).toContain('“Atelier tableaux croisés”');
    const link = new URL(sessionQuizPath(quizId, sessionId), APP_URL).toString();
    expect(link).toBe(`${APP_URL}/quizz?quiz=${quizId}&from=session&session=${sessionId}`);
    expect(fr!.text).toContain(link);
    expect(en!.text).toContain(link);
    // Once per learner and quiz: later runs and a save of the quiz send nothing more.
    clock = new Date(clock.getTime() + HOUR_MS);
    expect(await runJob()).toBe(0);
    expectStatus(
      await world.call(
        'trainerA',
        'PUT',
        `/api/quizzes/${quizId}`,
        quizBody({ description: 'Bonne chance' }),
      ),
      200,
    );
    expect(await mails(LEA)).toHaveLength(2); // this quiz and the other session's
    expect(await mails(HUGO)).toHaveLength(1);
  });

  it('lets the invited learners take it, without a formation', async () => {
    for (const person of ['studentA1', 'studentA2'] as const) {
      const detail = expectStatus(await world.call(person, 'GET', `/api/learning/quizzes/${quizId}`), 200);
      expect(detail).toMatchObject({ courseId: null, groupSessionTitle: 'Atelier tableaux croisés' });
      expectStatus(await world.call(person, 'POST', `/api/learning/quizzes/${quizId}/attempts`), 200);
    }
    const list = expectStatus<StudentQuizList>(
      await world.call('studentA1', 'GET', `/api/learning/quizzes?sessionId=${sessionId}`),
      200,
    );
    expect(list.items.map((quiz) => quiz.id)).toEqual([quizId]);
    expect(list.session).toMatchObject({ id: sessionId, title: 'Atelier tableaux croisés' });
    // The whole list has both of Léa's session quizzes.
    const all = expectStatus<StudentQuizList>(
      await world.call('studentA1', 'GET', '/api/learning/quizzes'),
      200,
    );
    expect(all.items.map((quiz) => quiz.id).sort()).toEqual([quizId, leaOnlyQuizId].sort());
    expect(all.session).toBeNull();
  });

  it('answers 404 to a learner not invited, of the organisation or another', async () => {
    expectStatus(await world.call('studentA2', 'GET', `/api/learning/quizzes/${leaOnlyQuizId}`), 404);
    expectStatus(
      await world.call('studentA2', 'POST', `/api/learning/quizzes/${leaOnlyQuizId}/attempts`),
      404,
    );
    expectStatus(
      await world.call('studentA2', 'GET', `/api/learning/quizzes?sessionId=${leaOnlySessionId}`),
      404,
    );
    const list = expectStatus<StudentQuizList>(
      await world.call('studentA2', 'GET', '/api/learning/quizzes'),
      200,
    );
    expect(list.items.map((quiz) => quiz.id)).toEqual([quizId]);
    expectStatus(await world.call('studentB', 'GET', `/api/learning/quizzes/${quizId}`), 404);
    expectStatus(await world.call('studentB', 'POST', `/api/learning/quizzes/${quizId}/attempts`), 404);
    expectStatus(await world.call('studentB', 'GET', `/api/learning/quizzes?sessionId=${sessionId}`), 404);
    expectStatus(await world.call('studentA1', 'GET', '/api/learning/quizzes?sessionId=pas-un-id'), 400);
  });

  it('announces a quiz activated after the session started when it is saved, without waiting for the job', async () => {
    const later = expectStatus<QuizDetail>(
      await world.call(
        'trainerA',
        'POST',
        '/api/quizzes',
        quizBody({ title: 'Quiz bonus', isActive: false }),
      ),
      200,
    );
    expect((await mails(HUGO)).length).toBe(1);
    expectStatus(
      await world.call('trainerA', 'PUT', `/api/quizzes/${later.id}`, quizBody({ title: 'Quiz bonus' })),
      200,
    );
    const hugo = await mails(HUGO);
    expect(hugo).toHaveLength(2);
    expect(hugo[1]!.subject).toBe('Cursus – Quiz available: Quiz bonus');
    expect(await runJob()).toBe(0);
  });
});
