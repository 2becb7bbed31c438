import type { CourseDetail, GuestAttemptStart, QuizDetail, SendPositioningResult } from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import {
  APP_URL,
  cookieHeader,
  createConfirmedUser,
  ENGINE,
  lastMailLink,
  ORIGIN,
  signIn,
} from '../../../test/helper.ts';
import { emailOutbox } from '../email/email.tables.ts';

let world: CoursesWorld;
let clock = new Date('2026-11-23T09:00:00Z');
const HOUR = 60 * 60 * 1000;
beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
});
afterAll(() => world.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
let course: CourseDetail;
let quiz: QuizDetail;

beforeAll(async () => {
  course = expectStatus(await world.call('trainerA', 'POST', '/api/courses', { title: 'Excel avancé' }), 200);
  quiz = expectStatus(
    await world.call('trainerA', 'POST', '/api/quizzes', {
      title: 'Positionnement Excel',
      passingScore: 50,
      questions: [
        {
          type: 'single_choice',
          text: 'Utilisez-vous les tableaux croisés dynamiques ?',
          options: [
            { id: 'oui', text: 'Oui, souvent', isCorrect: true },
            { id: 'non', text: 'Jamais', isCorrect: false },
          ],
        },
        {
          type: 'true_false',
          text: 'RECHERCHEV cherche à gauche.',
          options: [
            { id: 'true', text: 'Vrai', isCorrect: false },
            { id: 'false', text: 'Faux', isCorrect: true },
          ],
        },
      ],
    }),
    200,
  );
});

async function send(
  lines: string[],
  extra: Record<string, unknown> = {},
  person: 'trainerA' | 'trainerB' = 'trainerA',
) {
  return world.call(person, 'POST', '/api/positioning/invitations', {
    quizId: quiz.id,
    courseId: course.id,
    lines,
    ...extra,
  });
}

/** The token of the newest invitation mailed to `email`. */
async function tokenFor(email: string): Promise<string> {
  const link = await lastMailLink(world.testApp.database, email, '/positioning/');
  return link.replace(`${APP_URL}/positioning/`, '');
}

function visit(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return world.testApp.app.inject({
    method,
    url,
    headers: ORIGIN,
    remoteAddress: '203.0.113.20',
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const view = (token: string) => visit('GET', `/api/public/positioning?token=${token}`);
const start = (token: string) =>
  visit('POST', '/api/public/positioning/start', { token, name: 'Jeanne Future' });
const submit = (token: string, answers: Record<string, unknown>) =>
  visit('POST', '/api/public/positioning/submit', { token, answers });

function rightAnswers(attempt: GuestAttemptStart) {
  return Object.fromEntries(
    attempt.questions.map((question) => [
      question.id,
      { optionIds: [question.type === 'true_false' ? 'false' : 'oui'] },
    ]),
  );
}

describe(`positioning on ${ENGINE}`, () => {
  it('sends in bulk with one outcome per line, each address its own link by email', async () => {
    const result = expectStatus<SendPositioningResult>(
      await send([
        'Martin;Anne;anne@exemple.fr',
        '',
        'pas une adresse',
        'ANNE@exemple.fr',
        'Paul Durand <paul@exemple.fr>',
      ]),
      200,
    );
    expect(result.sentCount).toBe(2);
    expect(result.results.map((line) => [line.line, line.status])).toEqual([
      [1, 'sent'],
      [2, 'empty'],
      [3, 'invalid'],
      [4, 'duplicate'],
      [5, 'sent'],
    ]);
    const anne = await tokenFor('anne@exemple.fr');
    expect(anne).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(anne).not.toBe(await tokenFor('paul@exemple.fr'));
    const invitation = expectStatus(await view(anne), 200);
    expect(invitation).toMatchObject({
      organizationName: 'Organisme A',
      courseTitle: 'Excel avancé',
      quizTitle: 'Positionnement Excel',
      questionCount: 2,
      email: 'anne@exemple.fr',
      attempt: null,
    });

    const list = expectStatus(
      await world.call('trainerA', 'GET', `/api/positioning/invitations?courseId=${course.id}`),
      200,
    );
    expect(
      list.items.map((item: { email: string; status: string }) => [item.email, item.status]).sort(),
    ).toEqual([
      ['anne@exemple.fr', 'pending'],
      ['paul@exemple.fr', 'pending'],
    ]);
  });

  it('mails the invitation in the language the trainer chose, naming the organisation and formation', async () => {
    expectStatus(await send(['Ana Costa <ana@exemple.fr>'], { language: 'en' }), 200);
    const [mail] = await world.testApp.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'ana@exemple.fr'));
    expect(mail).toMatchObject({ template: 'positioning-invitation', language: 'en' });
    expect(mail!.subject).toBe('Cursus – Your positioning questionnaire');
    expect(mail!.text).toContain('Hello Ana Costa, Organisme A invites you');
    expect(mail!.text).toContain('"Excel avancé"');
    expect(mail!.text).toMatch(/valid until \d{1,2} [A-Z][a-z]+ 20\d\d/);
    expectStatus(await send(['bruno@exemple.fr']), 200);
    const [french] = await world.testApp.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'bruno@exemple.fr'));
    expect(french!.subject).toBe('Cursus – Votre questionnaire de positionnement');
    expect(french!.text).toContain('Bonjour bruno@exemple.fr, Organisme A vous invite');
  });

  it('works once: answered, the link refuses a second submission and a second look', async () => {
    expectStatus(await send(['once@exemple.fr']), 200);
    const token = await tokenFor('once@exemple.fr');
    const attempt = expectStatus<GuestAttemptStart>(await start(token), 200);
    // A reload resumes the same attempt.
    expect(expectStatus(await view(token), 200).attempt.attemptId).toBe(attempt.attemptId);
    expect(expectStatus<GuestAttemptStart>(await start(token), 200).attemptId).toBe(attempt.attemptId);
    expectStatus(await submit(token, rightAnswers(attempt)), 200);
    for (const response of [
      await submit(token, rightAnswers(attempt)),
      await view(token),
      await start(token),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('POSITIONING_LINK_USED');
    }
    const [item] = expectStatus(
      await world.call('trainerA', 'GET', `/api/positioning/invitations?status=answered&quizId=${quiz.id}`),
      200,
    ).items.filter((entry: { email: string }) => entry.email === 'once@exemple.fr');
    expect(item).toMatchObject({
      status: 'answered',
      respondentName: 'Jeanne Future',
      scorePercent: 100,
      passed: true,
    });
    // The trainer reads the answers.
    const detail = expectStatus(
      await world.call('trainerA', 'GET', `/api/guest-attempts/${item.attemptId}`),
      200,
    );
    expect(detail).toMatchObject({
      kind: 'positioning',
      respondentEmail: 'once@exemple.fr',
      scorePercent: 100,
    });
  });

  it('expires: past its date (simulated clock) the link is refused, with what to do', async () => {
    expectStatus(await send(['tard@exemple.fr'], { validityDays: 1 }), 200);
    const token = await tokenFor('tard@exemple.fr');
    const attempt = expectStatus<GuestAttemptStart>(await start(token), 200);
    clock = new Date(clock.getTime() + 25 * HOUR);
    for (const response of [
      await view(token),
      await start(token),
      await submit(token, rightAnswers(attempt)),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.json().error.code).toBe('POSITIONING_LINK_EXPIRED');
    }
    const list = expectStatus(
      await world.call('trainerA', 'GET', '/api/positioning/invitations?status=expired'),
      200,
    );
    expect(list.items.map((item: { email: string }) => item.email)).toContain('tard@exemple.fr');
  });

  it('replaces an earlier pending link of the same address, and withdraws one on request', async () => {
    expectStatus(await send(['double@exemple.fr']), 200);
    const first = await tokenFor('double@exemple.fr');
    const again = expectStatus<SendPositioningResult>(await send(['double@exemple.fr']), 200);
    expect(again.results[0]!.status).toBe('replaced');
    const second = await tokenFor('double@exemple.fr');
    expect((await view(first)).json().error.code).toBe('POSITIONING_LINK_INVALID');
    expectStatus(await view(second), 200);

    const pending = expectStatus(
      await world.call('trainerA', 'GET', '/api/positioning/invitations?status=pending'),
      200,
    );
    const invitation = pending.items.find((item: { email: string }) => item.email === 'double@exemple.fr');
    expectStatus(
      await world.call('trainerA', 'POST', `/api/positioning/invitations/${invitation.id}/revoke`),
      200,
    );
    expect((await view(second)).statusCode).toBe(404);
  });

  it('attaches the answers to the learner once their account exists, answered before sign-up', async () => {
    const email = 'future@exemple.fr';
    expectStatus(await send([`Nina Future <${email}>`]), 200);
    const token = await tokenFor(email);
    const attempt = expectStatus<GuestAttemptStart>(await start(token), 200);
    expectStatus(await submit(token, rightAnswers(attempt)), 200);

    // Sign-up, email confirmed, first sign-in; then the trainer places the learner.
    await createConfirmedUser(world.testApp, { email, firstName: 'Nina', lastName: 'Future' });
    expectStatus(await world.call('trainerA', 'POST', '/api/organizations/assign-student', { email }), 200);
    const session = cookieHeader(await signIn(world.testApp.app, email));
    const studentId = (
      await world.testApp.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: session },
      })
    ).json().user.id;

    const report = expectStatus(
      await world.call('trainerA', 'GET', `/api/positioning/reports/students/${studentId}`),
      200,
    );
    expect(report.student).toMatchObject({ id: studentId, fullName: 'Nina Future', email });
    expect(report.items).toHaveLength(1);
    expect(report.items[0]).toMatchObject({
      courseTitle: 'Excel avancé',
      status: 'answered',
      scorePercent: 100,
      student: { id: studentId, fullName: 'Nina Future' },
    });

    const courseReport = expectStatus(
      await world.call('trainerA', 'GET', `/api/positioning/reports/courses/${course.id}`),
      200,
    );
    expect(courseReport.courseTitle).toBe('Excel avancé');
    expect(courseReport.counts.answered).toBeGreaterThanOrEqual(2);
    expect(courseReport.averagePercent).toBe(100);
    expect(courseReport.questions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'RECHERCHEV cherche à gauche.', successPercent: 100 }),
      ]),
    );
  });

  it("keeps another organisation's invitations, reports and learners out of reach", async () => {
    expectStatus(await send(['secret@exemple.fr']), 200);
    const mine = expectStatus(await world.call('trainerA', 'GET', '/api/positioning/invitations'), 200);
    const theirs = expectStatus(await world.call('trainerB', 'GET', '/api/positioning/invitations'), 200);
    expect(mine.total).toBeGreaterThan(0);
    expect(theirs).toMatchObject({ items: [], total: 0 });
    const invitationId = mine.items[0].id;
    for (const [method, url] of [
      ['GET', `/api/positioning/reports/courses/${course.id}`],
      ['GET', `/api/positioning/reports/students/${world.users.studentA1.id}`],
      ['POST', `/api/positioning/invitations/${invitationId}/revoke`],
      ['GET', `/api/positioning/reports/courses/${UNKNOWN_ID}`],
    ] as const) {
      expect((await world.call('trainerB', method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Sending with another organisation's formation or quiz: unknown.
    expect((await send(['x@exemple.fr'], {}, 'trainerB')).statusCode).toBe(404);
    // Learners are no staff.
    expect((await world.call('studentA1', 'GET', '/api/positioning/invitations')).statusCode).toBe(403);
    expect((await world.call(null, 'GET', '/api/positioning/invitations')).statusCode).toBe(401);
  });

  it('never answers 5xx to malformed input', async () => {
    const cases: [string, string, unknown][] = [
      ['GET', '/api/public/positioning?token=court', undefined],
      ['GET', '/api/public/positioning', undefined],
      ['POST', '/api/public/positioning/start', { token: `${'x'.repeat(43)}!`, name: 'A' }],
      ['POST', '/api/public/positioning/start', { token: 'a'.repeat(43), name: '' }],
      ['POST', '/api/public/positioning/submit', { token: 'a'.repeat(43), answers: [] }],
      ['POST', '/api/positioning/invitations', { quizId: quiz.id, courseId: course.id, lines: [] }],
      [
        'POST',
        '/api/positioning/invitations',
        { quizId: quiz.id, courseId: course.id, lines: ['a@b.fr'], validityDays: 0 },
      ],
      [
        'POST',
        '/api/positioning/invitations',
        { quizId: quiz.id, courseId: course.id, lines: Array(201).fill('a@b.fr') },
      ],
      ['POST', '/api/positioning/invitations', { quizId: 'x', courseId: course.id, lines: ['a@b.fr'] }],
      ['GET', '/api/positioning/invitations?status=perdu', undefined],
      ['GET', '/api/positioning/reports/courses/not-an-id', undefined],
      ['POST', '/api/positioning/invitations/not-an-id/revoke', undefined],
    ];
    for (const [method, url, body] of cases) {
      const response = await world.call('trainerA', method as 'GET' | 'POST', url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(400);
    }
    // A well-formed token nobody was sent.
    const unknown = await view('a'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('POSITIONING_LINK_INVALID');
    expect(
      (await world.call('trainerA', 'GET', `/api/positioning/reports/students/${UNKNOWN_ID}`)).statusCode,
    ).toBe(404);
  });
});
