import { EVALUATION_TEMPLATES, type Questionnaire } from '@cursus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { APP_URL, lastMailLink, TEST_SECRET } from '../../../test/helper.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { evaluationInvitations } from './evaluations.tables.ts';
import { seedDemoEvaluations } from './seed-demo-evaluations.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const LEA = 'lea@org-a.example';

// Real time at the start: lesson completions are stamped by the database's clock.
let clock = new Date();
let world: CoursesWorld;
let courseId: string;
let lessonId: string;
let hot: Questionnaire;
let hotToken: string;

const base = '/api/trainer/evaluations';

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  const call = world.call;
  courseId = expectStatus(await call('trainerA', 'POST', '/api/courses', { title: 'Excel avancé' }), 200).id;
  const moduleId = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules`, { title: 'Formules' }),
    200,
  ).id;
  lessonId = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
      title: 'SOMME',
      content: { type: 'text', html: '<p>SOMME</p>' },
    }),
    200,
  ).id;
  expectStatus(await call('trainerA', 'POST', `/api/courses/${courseId}/publish`), 200);
  expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users.studentA1.id, world.users.studentA2.id],
    }),
    200,
  );
});
afterAll(async () => {
  await world?.close();
});

async function mails(to: string, template: string) {
  return world.testApp.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    .orderBy(emailOutbox.createdAt);
}

async function runJobsAt(at: Date) {
  clock = at;
  await world.testApp.scheduler.tick();
}

/** The token of the newest evaluation link mailed to `to`. */
async function tokenFor(to: string): Promise<string> {
  const link = await lastMailLink(world.testApp.database, to, '/evaluations/answer/');
  return link.split('/evaluations/answer/')[1]!;
}

const [hotTemplate, coldTemplate] = EVALUATION_TEMPLATES.fr;
const hotAnswers = {
  overall: 5,
  objectives: 4,
  trainer: 5,
  materials: 4,
  pace: 'Adapté',
  recommend: true,
  comments: 'Très utile',
};

describe('questionnaire builder', () => {
  it('refuses inconsistent questionnaires, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...hotTemplate, audience: 'funders' }, 'audience'],
      [
        {
          ...hotTemplate,
          audience: 'learners',
          questions: [{ id: 'q', type: 'single', label: 'Un choix', required: true, options: ['Seul'] }],
        },
        'questions.0.options',
      ],
      [
        {
          ...hotTemplate,
          audience: 'learners',
          questions: [{ id: 'q', type: 'rating', label: 'Note', required: true, options: ['1'] }],
        },
        'questions.0.options',
      ],
      [
        {
          ...hotTemplate,
          audience: 'learners',
          questions: [hotTemplate!.questions[0], hotTemplate!.questions[0]],
        },
        'questions',
      ],
      [{ ...hotTemplate, audience: 'learners', questions: [] }, 'questions'],
      [{ ...hotTemplate, audience: 'learners', title: '  ' }, 'title'],
    ];
    for (const [payload, path] of cases) {
      const body = expectStatus(await world.call('trainerA', 'POST', base, payload), 400);
      expect(body.error.details.fields.map((field: { path: string }) => field.path)).toContain(path);
    }
    // Another organisation's formation is not one to attach.
    const foreign = expectStatus(
      await world.call('trainerB', 'POST', '/api/courses', { title: 'Formation B' }),
      200,
    );
    expectStatus(
      await world.call('trainerA', 'POST', base, {
        ...hotTemplate,
        audience: 'learners',
        courseId: foreign.id,
      }),
      404,
    );
  });

  it('creates from a template, reorders, duplicates and archives', async () => {
    hot = expectStatus(
      await world.call('trainerA', 'POST', base, { ...hotTemplate, audience: 'learners', courseId }),
      200,
    );
    expect(hot).toMatchObject({ kind: 'hot', courseTitle: 'Excel avancé', questionCount: 7, invited: 0 });
    const reordered = [...hot.questions].reverse();
    const updated = expectStatus<Questionnaire>(
      await world.call('trainerA', 'PUT', `${base}/${hot.id}`, { ...hot, questions: reordered }),
      200,
    );
    expect(updated.questions.map((question) => question.id)).toEqual(
      reordered.map((question) => question.id),
    );
    hot = expectStatus(
      await world.call('trainerA', 'PUT', `${base}/${hot.id}`, { ...hot, questions: hotTemplate!.questions }),
      200,
    );

    const copy = expectStatus<Questionnaire>(
      await world.call('trainerA', 'POST', `${base}/${hot.id}/duplicate`),
      200,
    );
    expect(copy.id).not.toBe(hot.id);
    expect(copy.title).toBe('Satisfaction à chaud (copie)');
    expectStatus(await world.call('trainerA', 'POST', `${base}/${copy.id}/archive`, { archived: true }), 200);
    const active = expectStatus(await world.call('trainerA', 'GET', base), 200);
    expect(active.items.map((item: { id: string }) => item.id)).toEqual([hot.id]);
    const archived = expectStatus(await world.call('trainerA', 'GET', `${base}?archived=true`), 200);
    expect(archived.items.map((item: { id: string }) => item.id)).toEqual([copy.id]);

    // Out of reach of another organisation and of learners.
    expectStatus(await world.call('trainerB', 'GET', `${base}/${hot.id}`), 404);
    expectStatus(await world.call('trainerB', 'PUT', `${base}/${hot.id}`, { ...hot }), 404);
    expectStatus(await world.call('trainerB', 'GET', `${base}/${hot.id}/results`), 404);
    expect(expectStatus(await world.call('trainerB', 'GET', base), 200).items).toEqual([]);
    expectStatus(await world.call('studentA1', 'GET', base), 403);
  });
});

describe('automatic sending', () => {
  let cold: Questionnaire;
  /** When the hot invitation went out. */
  let sentAt: Date;

  it('sends the hot questionnaire once when the formation reaches 100 %', async () => {
    cold = expectStatus<Questionnaire>(
      await world.call('trainerA', 'POST', base, {
        ...coldTemplate,
        audience: 'learners',
        courseId,
        coldDelayWeeks: 2,
      }),
      200,
    );
    await runJobsAt(new Date(clock.getTime() + HOUR_MS));
    expect(await mails(LEA, 'evaluation-invitation')).toEqual([]);

    expectStatus(
      await world.call('studentA1', 'POST', `/api/learning/courses/${courseId}/lessons/${lessonId}/complete`),
      200,
    );
    await runJobsAt(new Date(clock.getTime() + HOUR_MS));
    sentAt = clock;
    const [invitation, ...others] = await mails(LEA, 'evaluation-invitation');
    expect(others).toEqual([]);
    expect(invitation!.subject).toBe('Cursus – Votre avis : Satisfaction à chaud');
    expect(invitation!.text).toContain('Excel avancé');
    expect(invitation!.text).toContain(`${APP_URL}/evaluations/answer/`);
    hotToken = await tokenFor(LEA);
    // Only a hash of the link is kept.
    const [row] = await world.testApp.database.db
      .select()
      .from(evaluationInvitations)
      .where(eq(evaluationInvitations.questionnaireId, hot.id));
    expect(row).toMatchObject({ studentId: world.users.studentA1.id, courseTitle: 'Excel avancé' });
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toBe(hotToken);
    // Hugo has not finished: nothing for him.
    expect(await mails('hugo@org-a.example', 'evaluation-invitation')).toEqual([]);

    // Later runs, and two more at the same moment: still once.
    await runJobsAt(new Date(clock.getTime() + HOUR_MS));
    await Promise.all([
      world.testApp.modules.evaluations.sending.sendOnCompletion(clock),
      world.testApp.modules.evaluations.sending.sendOnCompletion(clock),
    ]);
    expect(await mails(LEA, 'evaluation-invitation')).toHaveLength(1);
  });

  it('reminds an unanswered invitation after 3 and 7 days, twice at most', async () => {
    const reminders = () => mails(LEA, 'evaluation-reminder');
    await runJobsAt(new Date(sentAt.getTime() + 2 * DAY_MS));
    expect(await reminders()).toEqual([]);
    await runJobsAt(new Date(sentAt.getTime() + 3 * DAY_MS + HOUR_MS));
    const [first] = await reminders();
    expect(first!.subject).toBe('Cursus – Rappel : Satisfaction à chaud');
    // The same link as the invitation: the token is derived, never stored.
    expect(first!.text).toContain(`/evaluations/answer/${hotToken}`);
    await runJobsAt(new Date(clock.getTime() + 2 * HOUR_MS));
    expect(await reminders()).toHaveLength(1);
    await runJobsAt(new Date(sentAt.getTime() + 7 * DAY_MS + 2 * HOUR_MS));
    expect(await reminders()).toHaveLength(2);
    await runJobsAt(new Date(clock.getTime() + 5 * DAY_MS));
    expect(await reminders()).toHaveLength(2);
  });

  it('sends the cold questionnaire weeks after completion, once, which the learner answers in the app', async () => {
    expect(await mails(LEA, 'evaluation-invitation')).toHaveLength(1);
    await runJobsAt(new Date(sentAt.getTime() + 14 * DAY_MS + 2 * HOUR_MS));
    const sent = await mails(LEA, 'evaluation-invitation');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toContain('Satisfaction à froid');
    await runJobsAt(new Date(clock.getTime() + 2 * HOUR_MS));
    expect(await mails(LEA, 'evaluation-invitation')).toHaveLength(2);

    const mine = expectStatus(await world.call('studentA1', 'GET', '/api/evaluations/mine'), 200);
    expect(mine.items.map((item: { title: string }) => item.title)).toEqual([
      'Satisfaction à froid',
      'Satisfaction à chaud',
    ]);
    const coldForm = mine.items[0];
    const missing = expectStatus(
      await world.call('studentA1', 'POST', `/api/evaluations/mine/${coldForm.invitationId}`, {
        answers: {},
      }),
      400,
    );
    expect(missing.error.details.fields.map((field: { path: string }) => field.path)).toEqual([
      'answers.overall',
      'answers.applied',
      'answers.recommend',
    ]);
    // Another learner cannot answer for Léa.
    expectStatus(
      await world.call('studentA2', 'POST', `/api/evaluations/mine/${coldForm.invitationId}`, {
        answers: { overall: 4, applied: 3, recommend: true },
      }),
      404,
    );
    expectStatus(
      await world.call('studentA1', 'POST', `/api/evaluations/mine/${coldForm.invitationId}`, {
        answers: { overall: 4, applied: 3, impact: ['Gain de temps'], recommend: true },
      }),
      200,
    );
    expectStatus(
      await world.call('studentA1', 'POST', `/api/evaluations/mine/${coldForm.invitationId}`, {
        answers: { overall: 4, applied: 3, recommend: true },
      }),
      404,
    );
    const invited = await world.testApp.database.db
      .select()
      .from(evaluationInvitations)
      .where(eq(evaluationInvitations.questionnaireId, cold.id));
    expect(invited.map((row) => row.studentId)).toEqual([world.users.studentA1.id]);
  });
});

describe('answering by link', () => {
  it('checks answers against the questions, and takes them once', async () => {
    const token = hotToken;
    const form = expectStatus(await world.call(null, 'GET', `/api/public/evaluations/${token}`), 200);
    expect(form).toMatchObject({
      title: 'Satisfaction à chaud',
      organizationName: 'Organisme A',
      courseTitle: 'Excel avancé',
    });
    const wrong = expectStatus(
      await world.call(null, 'POST', `/api/public/evaluations/${token}`, {
        answers: { ...hotAnswers, overall: 6, pace: 'Trop court', recommend: 'oui', intrus: 1 },
      }),
      400,
    );
    expect(wrong.error.details.fields.map((field: { path: string }) => field.path).sort()).toEqual([
      'answers.intrus',
      'answers.overall',
      'answers.pace',
      'answers.recommend',
    ]);
    expectStatus(
      await world.call(null, 'POST', `/api/public/evaluations/${token}`, { answers: hotAnswers }),
      200,
    );
    expectStatus(
      await world.call(null, 'POST', `/api/public/evaluations/${token}`, { answers: hotAnswers }),
      409,
    );
    expectStatus(await world.call(null, 'GET', `/api/public/evaluations/${token}`), 409);
    // A well-formed token nobody was sent, and a malformed one.
    expectStatus(await world.call(null, 'GET', `/api/public/evaluations/${'A'.repeat(43)}`), 404);
    expectStatus(await world.call(null, 'GET', '/api/public/evaluations/court'), 400);
    expect(expectStatus(await world.call('studentA1', 'GET', '/api/evaluations/mine'), 200).items).toEqual(
      [],
    );
  });
});

describe('surveys', () => {
  let survey: Questionnaire;

  it('sends a survey to addresses, each once, and refuses to send hot questionnaires by hand', async () => {
    survey = expectStatus(
      await world.call('trainerA', 'POST', base, {
        title: 'Enquête financeurs',
        audience: 'funders',
        kind: 'survey',
        questions: [
          { id: 'quality', type: 'rating', label: 'Qualité', required: true },
          { id: 'renew', type: 'yesno', label: 'On continue ?', required: false },
        ],
      }),
      200,
    );
    const first = expectStatus(
      await world.call('trainerA', 'POST', `${base}/${survey.id}/send`, {
        recipients: [{ email: 'Opco@Exemple.fr', name: 'OPCO' }, { email: 'region@exemple.fr' }],
        language: 'en',
      }),
      200,
    );
    expect(first).toEqual({ sent: 2, skipped: [] });
    const [mail] = await mails('opco@exemple.fr', 'evaluation-invitation');
    expect(mail).toMatchObject({ language: 'en', subject: 'Cursus – Your opinion: Enquête financeurs' });
    const again = expectStatus(
      await world.call('trainerA', 'POST', `${base}/${survey.id}/send`, {
        recipients: [{ email: 'opco@exemple.fr' }, { email: 'cfa@exemple.fr' }],
      }),
      200,
    );
    expect(again).toEqual({ sent: 1, skipped: ['opco@exemple.fr'] });
    expectStatus(
      await world.call('trainerA', 'POST', `${base}/${hot.id}/send`, {
        recipients: [{ email: 'x@exemple.fr' }],
      }),
      409,
    );
    expectStatus(
      await world.call('trainerB', 'POST', `${base}/${survey.id}/send`, {
        recipients: [{ email: 'x@exemple.fr' }],
      }),
      404,
    );
    expectStatus(
      await world.call('trainerA', 'POST', `${base}/${survey.id}/send`, {
        recipients: [{ email: 'pas-un-email' }],
      }),
      400,
    );

    const token = await tokenFor('opco@exemple.fr');
    expectStatus(
      await world.call(null, 'POST', `/api/public/evaluations/${token}`, { answers: { quality: 2 } }),
      200,
    );
    const invitations = expectStatus(
      await world.call('trainerA', 'GET', `${base}/${survey.id}/invitations?status=pending`),
      200,
    );
    expect(invitations.items.map((item: { email: string }) => item.email).sort()).toEqual([
      'cfa@exemple.fr',
      'region@exemple.fr',
    ]);
    // Archived: its links no longer open.
    expectStatus(
      await world.call('trainerA', 'POST', `${base}/${survey.id}/archive`, { archived: true }),
      200,
    );
    expectStatus(
      await world.call(null, 'GET', `/api/public/evaluations/${await tokenFor('cfa@exemple.fr')}`),
      404,
    );
  });

  it('reports the response rate, per-question figures and the CSV export', async () => {
    const results = expectStatus(await world.call('trainerA', 'GET', `${base}/${hot.id}/results`), 200);
    expect(results).toMatchObject({ invited: 1, answered: 1, responseRate: 1, averageRating: 4.5 });
    const overall = results.questions.find((question: { id: string }) => question.id === 'overall');
    expect(overall).toMatchObject({ answered: 1, ratingCounts: [0, 0, 0, 0, 1], average: 5 });
    const pace = results.questions.find((question: { id: string }) => question.id === 'pace');
    expect(pace.optionCounts).toEqual([
      { option: 'Trop lent', count: 0 },
      { option: 'Adapté', count: 1 },
      { option: 'Trop rapide', count: 0 },
    ]);
    expect(results.questions.find((question: { id: string }) => question.id === 'comments').texts).toEqual([
      'Très utile',
    ]);
    const surveyResults = expectStatus(
      await world.call('trainerA', 'GET', `${base}/${survey.id}/results`),
      200,
    );
    expect(surveyResults).toMatchObject({ invited: 3, answered: 1, averageRating: 2 });
    expect(surveyResults.responseRate).toBeCloseTo(1 / 3);
    // Filters: another formation, and a period before anything was sent.
    expect(
      expectStatus(
        await world.call('trainerA', 'GET', `${base}/${hot.id}/results?courseId=${survey.id}`),
        200,
      ),
    ).toMatchObject({ invited: 0, answered: 0, responseRate: null, averageRating: null });
    expectStatus(
      await world.call('trainerA', 'GET', `${base}/${hot.id}/results?from=2026-02-10&to=2026-02-01`),
      400,
    );

    const csv = await world.call('trainerA', 'GET', `${base}/${hot.id}/results/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFRépondu le;Nom;Email;Formation;Globalement')).toBe(true);
    expect(csv.body).toContain(';lea@org-a.example;Excel avancé;5;4;5;4;Adapté;Oui;Très utile\r\n');
    expectStatus(await world.call('trainerB', 'GET', `${base}/${hot.id}/results/export`), 404);

    // The analytics' summary: hot and cold answers only (the survey's rating is not satisfaction).
    const organizationId = world.users.trainerA.organizationId!;
    const summary = await world.testApp.modules.evaluations.service.satisfactionSummary(organizationId, {
      from: new Date(clock.getTime() - 60 * DAY_MS),
      to: clock,
    });
    // Hot: 5, 4, 5, 4; cold: 4, 3.
    expect(summary).toEqual({ responses: 2, averageRating: 25 / 6 });
    expect(
      await world.testApp.modules.evaluations.service.satisfactionSummary(
        world.users.trainerB.organizationId!,
        {
          from: new Date(0),
          to: clock,
        },
      ),
    ).toEqual({ responses: 0, averageRating: null });
  });
});

describe('demo seed', () => {
  it('gives the organisation answered hot and cold questionnaires and a pending funder survey, once', async () => {
    const organizationId = world.users.trainerB.organizationId!;
    const course = expectStatus(
      await world.call('trainerB', 'POST', '/api/courses', { title: 'Démo B' }),
      200,
    );
    // A fixture: the seed takes the organisation's first published formation.
    await world.testApp.database.db.execute(
      sql`update courses set status = 'published' where id = ${course.id}`,
    );
    // The seed writes as the owner, which the app's modules are not handed.
    const seed = () =>
      seedDemoEvaluations(
        { database: world.testApp.database, secret: TEST_SECRET },
        {
          organizationId,
          trainerId: world.users.trainerB.id,
          learners: [{ id: world.users.studentB.id, fullName: 'Inès B', email: 'ines@org-b.example' }],
          now: clock,
        },
      );
    await seed();
    await seed();
    const list = expectStatus(await world.call('trainerB', 'GET', base), 200);
    const byKind = Object.fromEntries(list.items.map((item: Questionnaire) => [item.kind, item]));
    expect(list.items).toHaveLength(3);
    expect(byKind.hot).toMatchObject({ invited: 1, answered: 1, courseTitle: 'Démo B' });
    expect(byKind.cold).toMatchObject({ invited: 1, answered: 1 });
    expect(byKind.survey).toMatchObject({ audience: 'funders', invited: 2, answered: 0 });
    const results = expectStatus(
      await world.call('trainerB', 'GET', `${base}/${byKind.hot.id}/results`),
      200,
    );
    expect(results.averageRating).toBeCloseTo(19 / 4);
  });
});
