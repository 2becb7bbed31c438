import type { GuestAttemptStart, QuizDetail } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { ENGINE, ORIGIN } from '../../../test/helper.ts';
import { PUBLIC_QUIZ_LIMITS } from './public-quiz.service.ts';

let world: CoursesWorld;
let clock = new Date('2026-11-23T09:00:00Z');
beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
});
afterAll(() => world.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A visitor's request, from an address of its own so per-IP limits do not mix tests. */
function visit(method: 'GET' | 'POST', url: string, payload?: unknown, ip = '203.0.113.1') {
  return world.testApp.app.inject({
    method,
    url,
    headers: ORIGIN,
    remoteAddress: ip,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createQuiz(extra: Record<string, unknown> = {}, person: 'trainerA' | 'trainerB' = 'trainerA') {
  return expectStatus<QuizDetail>(
    await world.call(person, 'POST', '/api/quizzes', {
      title: 'Bureautique : les bases',
      description: 'Vérifiez vos acquis avant la formation.',
      passingScore: 50,
      questions: [
        {
          type: 'single_choice',
          text: 'Quel raccourci copie une sélection ?',
          options: [
            { id: 'a', text: 'Ctrl+C', isCorrect: true },
            { id: 'b', text: 'Ctrl+V', isCorrect: false },
          ],
          points: 1,
        },
        { type: 'short_answer', text: 'Capitale de la France ?', acceptedAnswers: ['Paris'], points: 1 },
      ],
      ...extra,
    }),
    200,
  );
}

async function enable(quizId: string, isEnabled = true, person: 'trainerA' | 'trainerB' = 'trainerA') {
  return world.call(person, 'PUT', `/api/quizzes/${quizId}/public-link`, { isEnabled });
}

async function start(quizId: string, email: string, ip?: string) {
  return visit('POST', `/api/public/quizzes/${quizId}/attempts`, { name: 'Camille Visiteur', email }, ip);
}

function answersFor(attempt: GuestAttemptStart, right: boolean) {
  const [choice, short] = attempt.questions;
  return {
    [choice!.id]: { optionIds: [right ? 'a' : 'b'] },
    [short!.id]: { text: right ? ' paris ' : 'Lyon' },
  };
}

describe(`public quiz on ${ENGINE}`, () => {
  it('opens nothing while the link is off: a quiz id alone answers like an unknown one', async () => {
    const quiz = await createQuiz();
    for (const id of [quiz.id, UNKNOWN_ID]) {
      const response = await visit('GET', `/api/public/quizzes/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('QUIZ_NOT_FOUND');
      expect((await start(id, 'camille@exemple.fr')).statusCode).toBe(404);
    }
    expectStatus(await world.call('trainerA', 'GET', `/api/quizzes/${quiz.id}/public-link`), 200);
    expect((await world.call('trainerA', 'GET', `/api/quizzes/${quiz.id}/public-link`)).json()).toEqual({
      quizId: quiz.id,
      isEnabled: false,
    });
  });

  it('lets a visitor take an enabled quiz without an account, never showing the answers', async () => {
    const quiz = await createQuiz();
    expectStatus(await enable(quiz.id), 200);
    const page = expectStatus(await visit('GET', `/api/public/quizzes/${quiz.id}`), 200);
    expect(page).toMatchObject({
      id: quiz.id,
      title: 'Bureautique : les bases',
      organizationName: 'Organisme A',
      questionCount: 2,
      passingScore: 50,
      timeLimitMinutes: null,
    });
    const response = await start(quiz.id, 'Camille@Exemple.fr');
    const attempt = expectStatus<GuestAttemptStart>(response, 200);
    expect(attempt.questions).toHaveLength(2);
    expect(response.body).not.toContain('isCorrect');
    expect(response.body).not.toContain('Paris');
    expect(response.body).not.toContain('organizationId');

    const result = expectStatus(
      await visit('POST', `/api/public/quizzes/${quiz.id}/attempts/${attempt.attemptId}/submit`, {
        answers: answersFor(attempt, true),
      }),
      200,
    );
    expect(result).toMatchObject({
      scorePoints: 2,
      maxPoints: 2,
      scorePercent: 100,
      passed: true,
      timeOver: false,
    });

    // Once per attempt.
    const again = await visit('POST', `/api/public/quizzes/${quiz.id}/attempts/${attempt.attemptId}/submit`, {
      answers: answersFor(attempt, false),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('QUIZ_ALREADY_SUBMITTED');

    // The trainer sees who answered what.
    const list = expectStatus(
      await world.call('trainerA', 'GET', `/api/quizzes/${quiz.id}/guest-attempts?kind=public`),
      200,
    );
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: attempt.attemptId,
      respondentName: 'Camille Visiteur',
      respondentEmail: 'camille@exemple.fr',
      scorePercent: 100,
      passed: true,
    });
    const detail = expectStatus(
      await world.call('trainerA', 'GET', `/api/guest-attempts/${attempt.attemptId}`),
      200,
    );
    expect(detail.questions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          text: 'Quel raccourci copie une sélection ?',
          given: ['Ctrl+C'],
          expected: ['Ctrl+C'],
          isCorrect: true,
        }),
        expect.objectContaining({
          given: [' paris '],
          expected: ['Paris'],
          isCorrect: true,
          pointsAwarded: 1,
        }),
      ]),
    );
  });

  it('keeps another organisation out: its trainer reads neither the link nor the answers', async () => {
    const quiz = await createQuiz();
    expectStatus(await enable(quiz.id), 200);
    const attempt = expectStatus<GuestAttemptStart>(await start(quiz.id, 'eve@exemple.fr'), 200);
    for (const [method, url, body] of [
      ['GET', `/api/quizzes/${quiz.id}/public-link`, undefined],
      ['PUT', `/api/quizzes/${quiz.id}/public-link`, { isEnabled: false }],
      ['GET', `/api/quizzes/${quiz.id}/guest-attempts?kind=public`, undefined],
      ['GET', `/api/guest-attempts/${attempt.attemptId}`, undefined],
    ] as const) {
      const response = await world.call('trainerB', method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Still on: trainer B could not switch it off.
    expectStatus(await visit('GET', `/api/public/quizzes/${quiz.id}`), 200);
    // Learners are no staff.
    expect(
      (await world.call('studentA1', 'GET', `/api/guest-attempts/${attempt.attemptId}`)).statusCode,
    ).toBe(403);
  });

  it('stops a quiz whose link is switched off, even mid-attempt', async () => {
    const quiz = await createQuiz();
    expectStatus(await enable(quiz.id), 200);
    const attempt = expectStatus<GuestAttemptStart>(await start(quiz.id, 'paul@exemple.fr'), 200);
    expectStatus(await enable(quiz.id, false), 200);
    const response = await visit(
      'POST',
      `/api/public/quizzes/${quiz.id}/attempts/${attempt.attemptId}/submit`,
      {
        answers: answersFor(attempt, true),
      },
    );
    expect(response.statusCode).toBe(404);
  });

  it('enforces the time limit by the server clock: a late submission counts no answer', async () => {
    const quiz = await createQuiz({ timeLimitMinutes: 5 });
    expectStatus(await enable(quiz.id), 200);
    const attempt = expectStatus<GuestAttemptStart>(await start(quiz.id, 'lent@exemple.fr'), 200);
    expect(new Date(attempt.deadlineAt!).getTime() - new Date(attempt.startedAt).getTime()).toBe(5 * 60_000);
    clock = new Date(clock.getTime() + 6 * 60_000);
    const result = expectStatus(
      await visit('POST', `/api/public/quizzes/${quiz.id}/attempts/${attempt.attemptId}/submit`, {
        answers: answersFor(attempt, true),
      }),
      200,
    );
    expect(result).toMatchObject({ scorePoints: 0, passed: false, timeOver: true });
  });

  it('limits attempts per address and per IP', async () => {
    const quiz = await createQuiz();
    expectStatus(await enable(quiz.id), 200);
    for (let index = 0; index < PUBLIC_QUIZ_LIMITS.startsPerEmail.max; index += 1) {
      expectStatus(await start(quiz.id, 'boucle@exemple.fr', '198.51.100.7'), 200);
    }
    const refused = await start(quiz.id, 'boucle@exemple.fr', '198.51.100.8');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');

    for (let index = 0; index < PUBLIC_QUIZ_LIMITS.startsPerIp.max; index += 1) {
      expectStatus(await start(quiz.id, `visiteur${index}@exemple.fr`, '198.51.100.9'), 200);
    }
    expect((await start(quiz.id, 'encore@exemple.fr', '198.51.100.9')).statusCode).toBe(429);
  });

  it('never answers 5xx to malformed input', async () => {
    const quiz = await createQuiz();
    expectStatus(await enable(quiz.id), 200);
    const attempt = expectStatus<GuestAttemptStart>(
      await start(quiz.id, 'malin@exemple.fr', '192.0.2.50'),
      200,
    );
    const submitUrl = `/api/public/quizzes/${quiz.id}/attempts/${attempt.attemptId}/submit`;
    const cases: [string, string, unknown][] = [
      ['GET', '/api/public/quizzes/not-an-id', undefined],
      ['POST', `/api/public/quizzes/${quiz.id}/attempts`, { name: '', email: 'camille@exemple.fr' }],
      ['POST', `/api/public/quizzes/${quiz.id}/attempts`, { name: 'Camille', email: 'pas-une-adresse' }],
      ['POST', `/api/public/quizzes/${quiz.id}/attempts`, { name: 'x'.repeat(201), email: 'a@exemple.fr' }],
      ['POST', submitUrl, { answers: 'tout juste' }],
      ['POST', submitUrl, { answers: { [attempt.questions[0]!.id]: { optionIds: 'a' } } }],
      ['POST', submitUrl, { answers: { [attempt.questions[0]!.id]: { optionIds: ['x'.repeat(41)] } } }],
      ['POST', submitUrl, {}],
      ['POST', `/api/public/quizzes/${quiz.id}/attempts/not-an-id/submit`, { answers: {} }],
      ['GET', `/api/guest-attempts/not-an-id`, undefined],
    ];
    for (const [method, url, body] of cases) {
      const response = await world.testApp.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { ...ORIGIN, cookie: world.users.trainerA.cookie },
        remoteAddress: '192.0.2.51',
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
    }
    const broken = await world.testApp.app.inject({
      method: 'POST',
      url: submitUrl,
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: '{"answers": {',
    });
    expect(broken.statusCode).toBe(400);
    // Answers naming questions or options the attempt never served are dropped, not trusted.
    const result = expectStatus(
      await visit('POST', submitUrl, {
        answers: {
          [UNKNOWN_ID]: { optionIds: ['a'] },
          [attempt.questions[0]!.id]: { optionIds: ['a', 'zz'] },
        },
      }),
      200,
    );
    expect(result).toMatchObject({ scorePoints: 1, maxPoints: 2 });
    // Someone else's attempt id under another quiz's link is unknown.
    const other = await createQuiz();
    expectStatus(await enable(other.id), 200);
    const crossed = await visit(
      'POST',
      `/api/public/quizzes/${other.id}/attempts/${attempt.attemptId}/submit`,
      {
        answers: {},
      },
    );
    expect(crossed.statusCode).toBe(404);
  });
});
