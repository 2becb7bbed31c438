import type {
  Attempt,
  QuizDetail,
  QuizInput,
  StudentCourseList,
  StudentQuizDetail,
  StudentQuizList,
} from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { ENGINE } from '../../../test/helper.ts';
import { recordStatements } from '../../../test/statement-counter.ts';

let world: CoursesWorld;
let clock = new Date('2026-03-02T09:00:00.000Z');
const advance = (milliseconds: number) => {
  clock = new Date(clock.getTime() + milliseconds);
};
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
let courseId: string;
let moduleId: string;

/** The five questions of the journey: every type, 6 points in all. */
const QUESTIONS: NonNullable<QuizInput['questions']> = [
  {
    type: 'single_choice',
    text: 'Par quel caractère commence une formule ?',
    options: [
      { id: 'a', text: '=', isCorrect: true },
      { id: 'b', text: '+', isCorrect: false },
    ],
  },
  {
    type: 'multiple_choice',
    text: 'Quelles fonctions calculent sur une plage ?',
    points: 2,
    options: [
      { id: 'a', text: 'SOMME', isCorrect: true },
      { id: 'b', text: 'MOYENNE', isCorrect: true },
      { id: 'c', text: 'CONCATENER', isCorrect: false },
    ],
  },
  {
    type: 'true_false',
    text: '$B$2 est une référence absolue.',
    options: [
      { id: 'true', text: 'Vrai', isCorrect: true },
      { id: 'false', text: 'Faux', isCorrect: false },
    ],
  },
  { type: 'short_answer', text: 'Quelle fonction teste une condition ?', acceptedAnswers: ['SI'] },
  {
    type: 'single_choice',
    text: 'Quel graphique montre une évolution ?',
    options: [
      { id: 'a', text: 'Une courbe', isCorrect: true },
      { id: 'b', text: 'Des secteurs', isCorrect: false },
    ],
  },
];

const RIGHT_ANSWERS = [
  { optionIds: ['a'] },
  { optionIds: ['a', 'b'] },
  { optionIds: ['true'] },
  { text: 'si' },
  { optionIds: ['a'] },
];

async function createQuiz(extra: Partial<QuizInput> = {}, person: Person = 'trainerA') {
  return expectStatus<QuizDetail>(
    await world.call(person, 'POST', '/api/quizzes', {
      title: 'Quiz : formules',
      passingScore: 60,
      courseId,
      moduleId,
      questions: QUESTIONS,
      ...extra,
    }),
    200,
  );
}

const start = async (quizId: string, person: Person = 'studentA1') =>
  expectStatus<Attempt>(await world.call(person, 'POST', `/api/learning/quizzes/${quizId}/attempts`), 200);

/** Answers the attempt's questions, `right` of them correctly (by the dealt question's text). */
async function answer(attempt: Attempt, right: number, person: Person = 'studentA1') {
  for (const [index, question] of attempt.questions.entries()) {
    const source = QUESTIONS.findIndex((item) => item.text === question.text);
    const given =
      index < right
        ? RIGHT_ANSWERS[source]!
        : question.type === 'short_answer'
          ? { text: 'NON' }
          : { optionIds: ['b'] };
    const wrong = question.type === 'true_false' && index >= right ? { optionIds: ['false'] } : given;
    expectStatus(
      await world.call(person, 'PUT', `/api/learning/quiz-attempts/${attempt.id}/answers/${question.id}`, {
        answer: wrong,
      }),
      200,
    );
  }
}

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  const course = expectStatus<{ id: string }>(
    await world.call('trainerA', 'POST', '/api/courses', { title: 'Excel : les fondamentaux' }),
    200,
  );
  courseId = course.id;
  moduleId = expectStatus<{ id: string }>(
    await world.call('trainerA', 'POST', `/api/courses/${courseId}/modules`, { title: 'Formules' }),
    200,
  ).id;
  expectStatus(await world.call('trainerA', 'POST', `/api/courses/${courseId}/publish`), 200);
  expectStatus(
    await world.call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users.studentA1.id, world.users.studentA2.id],
    }),
    200,
  );
});
afterAll(() => world.close());

describe(`quiz authoring on ${ENGINE}`, () => {
  it('builds a quiz of the four question types attached to a formation and its module', async () => {
    const quiz = await createQuiz();
    expect(quiz).toMatchObject({
      title: 'Quiz : formules',
      passingScore: 60,
      isActive: true,
      courseId,
      courseTitle: 'Excel : les fondamentaux',
      moduleId,
      moduleTitle: 'Formules',
      maxAttempts: null,
      timeLimitMinutes: null,
    });
    expect(quiz.questions.map((question) => question.type)).toEqual([
      'single_choice',
      'multiple_choice',
      'true_false',
      'short_answer',
      'single_choice',
    ]);
    // Saved into the bank: editing through the quiz keeps the same bank questions.
    const edited = expectStatus<QuizDetail>(
      await world.call('trainerA', 'PUT', `/api/quizzes/${quiz.id}`, {
        title: 'Quiz : formules (v2)',
        passingScore: 60,
        courseId,
        questions: quiz.questions.map(({ id, type, text, options, acceptedAnswers, points }) => ({
          id,
          type,
          text,
          options,
          acceptedAnswers,
          points,
        })),
      }),
      200,
    );
    expect(edited.questions.map((question) => question.id)).toEqual(
      quiz.questions.map((question) => question.id),
    );
    expect(edited.moduleId).toBeNull();
  });

  it.each([
    ['no title', { title: '' }],
    ['a passing score over 100', { passingScore: 120 }],
    ['no question', { questions: [] }],
    [
      'two correct options in a single choice',
      {
        questions: [
          {
            ...QUESTIONS[0],
            options: [
              { id: 'a', text: 'x', isCorrect: true },
              { id: 'b', text: 'y', isCorrect: true },
            ],
          },
        ],
      },
    ],
    ['a short answer without accepted answer', { questions: [{ type: 'short_answer', text: 'Q ?' }] }],
    [
      'a true/false with other options',
      {
        questions: [
          {
            type: 'true_false',
            text: 'Q ?',
            options: [
              { id: 'a', text: 'x', isCorrect: true },
              { id: 'b', text: 'y', isCorrect: false },
            ],
          },
        ],
      },
    ],
    ['a module without its formation', { courseId: null }],
    ['a wrong type', { questions: [{ type: 'essay', text: 'Q ?' }] }],
    ['a time limit of 0', { timeLimitMinutes: 0 }],
  ])('refuses %s with 400, naming the problem', async (_name, change) => {
    const response = await world.call('trainerA', 'POST', '/api/quizzes', {
      title: 'Quiz',
      courseId,
      moduleId,
      questions: QUESTIONS,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it("refuses another organisation's formation, module or bank question like unknown ones", async () => {
    const otherCourse = expectStatus<{ id: string }>(
      await world.call('trainerB', 'POST', '/api/courses', { title: 'Formation B' }),
      200,
    );
    const onOtherCourse = await world.call('trainerA', 'POST', '/api/quizzes', {
      title: 'Quiz',
      courseId: otherCourse.id,
      questions: QUESTIONS,
    });
    expect(onOtherCourse.statusCode).toBe(404);
    expect(onOtherCourse.json().error.code).toBe('TRAINING_NOT_FOUND');
    const otherModule = await world.call('trainerA', 'POST', '/api/quizzes', {
      title: 'Quiz',
      courseId,
      moduleId: UNKNOWN_ID,
      questions: QUESTIONS,
    });
    expect(otherModule.statusCode).toBe(400);
    const quizB = await createQuiz({ courseId: otherCourse.id, moduleId: null }, 'trainerB');
    const stolen = await world.call('trainerA', 'POST', '/api/quizzes', {
      title: 'Quiz',
      questions: [{ ...QUESTIONS[0], id: quizB.questions[0]!.id }],
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('QUIZ_QUESTION_NOT_FOUND');
  });

  it("answers another organisation's quiz exactly like an unknown id", async () => {
    const quiz = await createQuiz();
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/duplicate'],
      ['GET', '/results'],
    ] as const) {
      const body = method === 'PUT' ? { title: 'Volé', questions: QUESTIONS } : undefined;
      const theirs = await world.call('trainerB', method, `/api/quizzes/${quiz.id}${path}`, body);
      const unknown = await world.call('trainerB', method, `/api/quizzes/${UNKNOWN_ID}${path}`, body);
      expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'QUIZ_NOT_FOUND']);
      expect(theirs.body.replace(quiz.id, UNKNOWN_ID)).toBe(unknown.body);
    }
    const list = expectStatus<{ items: { id: string }[] }>(
      await world.call('trainerB', 'GET', '/api/quizzes'),
      200,
    );
    expect(list.items.map((item) => item.id)).not.toContain(quiz.id);
  });

  it("lists every organisation's quizzes for an admin (/admin/quizzes), a trainer's own only", async () => {
    const admin = expectStatus<{ items: { organizationName: string }[] }>(
      await world.call('admin', 'GET', '/api/quizzes?pageSize=100'),
      200,
    );
    expect(new Set(admin.items.map((item) => item.organizationName))).toEqual(
      new Set(['Organisme A', 'Organisme B']),
    );
    const trainer = expectStatus<{ items: { organizationName: string; questionCount: number }[] }>(
      await world.call('trainerA', 'GET', '/api/quizzes?pageSize=100'),
      200,
    );
    expect(new Set(trainer.items.map((item) => item.organizationName))).toEqual(new Set(['Organisme A']));
    expect(trainer.items[0]!.questionCount).toBe(5);
  });

  it('duplicates a quiz as an inactive copy asking the same questions', async () => {
    const quiz = await createQuiz();
    const copy = expectStatus<QuizDetail>(
      await world.call('trainerA', 'POST', `/api/quizzes/${quiz.id}/duplicate`),
      200,
    );
    expect(copy).toMatchObject({ title: 'Quiz : formules (copie)', isActive: false, passingScore: 60 });
    expect(copy.questions.map((question) => question.id)).toEqual(
      quiz.questions.map((question) => question.id),
    );
  });
});

describe(`question bank on ${ENGINE}`, () => {
  it('files questions in categories, draws from them at random and refuses a duplicate name', async () => {
    const category = expectStatus<{ id: string }>(
      await world.call('trainerA', 'POST', '/api/quiz-bank/categories', { name: 'Graphiques' }),
      200,
    );
    const duplicate = await world.call('trainerA', 'POST', '/api/quiz-bank/categories', {
      name: 'Graphiques',
    });
    expect([duplicate.statusCode, duplicate.json().error.code]).toEqual([409, 'ALREADY_EXISTS']);
    const imported = expectStatus<{ importedCount: number; errors: unknown[] }>(
      await world.call('trainerA', 'POST', '/api/quiz-bank/import', {
        format: 'aiken',
        categoryId: category.id,
        content: [1, 2, 3, 4]
          .map((n) => `Question ${n} ?\nA) Bonne ${n}\nB) Mauvaise ${n}\nANSWER: A`)
          .join('\n\n'),
      }),
      200,
    );
    expect(imported).toMatchObject({ importedCount: 4, errors: [] });
    const quiz = await createQuiz({
      questions: [],
      draws: [{ categoryId: category.id, questionCount: 3 }],
      shuffleOptions: true,
    });
    expect(quiz.draws).toEqual([
      { categoryId: category.id, categoryName: 'Graphiques', questionCount: 3, availableCount: 4 },
    ]);
    const attempt = await start(quiz.id, 'studentA2');
    expect(attempt.questions).toHaveLength(3);
    expect(new Set(attempt.questions.map((question) => question.id)).size).toBe(3);
    const exported = expectStatus<{ content: string; exportedCount: number }>(
      await world.call('trainerA', 'GET', `/api/quiz-bank/export?format=gift&categoryId=${category.id}`),
      200,
    );
    expect(exported.exportedCount).toBe(4);
    expect(exported.content).toContain('Question 1 ? {=Bonne 1 ~Mauvaise 1}');
    // Another organisation's category is unknown to trainer B.
    const elsewhere = await world.call('trainerB', 'POST', '/api/quiz-bank/import', {
      format: 'aiken',
      categoryId: category.id,
      content: 'Q ?\nA) a\nB) b\nANSWER: A',
    });
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([404, 'QUIZ_CATEGORY_NOT_FOUND']);
    const theirList = expectStatus<{ total: number }>(
      await world.call('trainerB', 'GET', `/api/quiz-bank/questions?categoryId=${category.id}`),
      200,
    );
    expect(theirList.total).toBe(0);
  });

  it('previews an import without saving it (dry run) and reports the lines it refused', async () => {
    const before = expectStatus<{ total: number }>(
      await world.call('trainerA', 'GET', '/api/quiz-bank/questions'),
      200,
    );
    const preview = expectStatus<{ importedCount: number; questions: unknown[]; errors: { line: number }[] }>(
      await world.call('trainerA', 'POST', '/api/quiz-bank/import', {
        format: 'gift',
        dryRun: true,
        content: 'Deux et deux ? {=4 ~5}\n\nSans réponse\n',
      }),
      200,
    );
    expect(preview).toMatchObject({
      importedCount: 0,
      questions: [{ type: 'single_choice' }],
      errors: [{ line: 3 }],
    });
    const after = expectStatus<{ total: number }>(
      await world.call('trainerA', 'GET', '/api/quiz-bank/questions'),
      200,
    );
    expect(after.total).toBe(before.total);
  });
});

describe(`taking a quiz on ${ENGINE}`, () => {
  it('lists the quiz to do for enrolled learners only, never for another organisation', async () => {
    const quiz = await createQuiz({
      title: 'À faire',
      dueAt: new Date(clock.getTime() + 86_400_000).toISOString(),
    });
    const list = expectStatus<StudentQuizList>(
      await world.call('studentA1', 'GET', '/api/learning/quizzes?status=todo'),
      200,
    );
    expect(list.items.find((item) => item.id === quiz.id)).toMatchObject({
      status: 'todo',
      courseTitle: 'Excel : les fondamentaux',
      attemptCount: 0,
      inProgressAttemptId: null,
    });
    // The formation page asks for its own quizzes only.
    const ofCourse = async (id: string) =>
      expectStatus<StudentQuizList>(
        await world.call('studentA1', 'GET', `/api/learning/quizzes?courseId=${id}&pageSize=100`),
        200,
      );
    expect((await ofCourse(courseId)).items.map((item) => item.id)).toContain(quiz.id);
    expect((await ofCourse(UNKNOWN_ID)).total).toBe(0);
    const outsider = await world.call('studentB', 'GET', `/api/learning/quizzes/${quiz.id}`);
    const unknown = await world.call('studentB', 'GET', `/api/learning/quizzes/${UNKNOWN_ID}`);
    expect([outsider.statusCode, outsider.json().error.code]).toEqual([404, 'QUIZ_NOT_FOUND']);
    expect(outsider.body.replace(quiz.id, UNKNOWN_ID)).toBe(unknown.body);
    expect(
      (await world.call('studentB', 'POST', `/api/learning/quizzes/${quiz.id}/attempts`)).statusCode,
    ).toBe(404);
    const theirList = expectStatus<StudentQuizList>(
      await world.call('studentB', 'GET', '/api/learning/quizzes'),
      200,
    );
    expect(theirList.total).toBe(0);
    // An inactive quiz leaves the learners' list.
    expectStatus(
      await world.call('trainerA', 'PUT', `/api/quizzes/${quiz.id}`, {
        title: 'À faire',
        courseId,
        questions: QUESTIONS,
        isActive: false,
      }),
      200,
    );
    expect((await world.call('studentA1', 'GET', `/api/learning/quizzes/${quiz.id}`)).statusCode).toBe(404);
  });

  it('fails, resumes after a reload with every answer saved, retakes and passes (the issue journey)', async () => {
    const quiz = await createQuiz({ title: 'Parcours' });
    const first = await start(quiz.id);
    expect(first).toMatchObject({ attemptNumber: 1, status: 'in_progress', result: null, deadlineAt: null });
    // The correct answers never reach the learner before submission.
    expect(JSON.stringify(first)).not.toMatch(/isCorrect|acceptedAnswers|"SI"/);
    await answer(first, 2);
    const failed = expectStatus<Attempt>(
      await world.call('studentA1', 'POST', `/api/learning/quiz-attempts/${first.id}/submit`),
      200,
    );
    expect(failed.result).toMatchObject({
      scorePoints: 3,
      maxPoints: 6,
      scorePercent: 50,
      passed: false,
      passingScore: 60,
    });
    expect(failed.result!.questions[0]).toMatchObject({ isCorrect: true, correctOptionIds: ['a'] });
    expect(failed.canRetake).toBe(true);
    // Submitting again changes nothing; saving after submission is refused.
    const again = expectStatus<Attempt>(
      await world.call('studentA1', 'POST', `/api/learning/quiz-attempts/${first.id}/submit`),
      200,
    );
    expect(again.result).toEqual(failed.result);
    const late = await world.call(
      'studentA1',
      'PUT',
      `/api/learning/quiz-attempts/${first.id}/answers/${first.questions[0]!.id}`,
      {
        answer: { optionIds: ['a'] },
      },
    );
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'QUIZ_ALREADY_SUBMITTED']);

    const retake = await start(quiz.id);
    expect(retake.attemptNumber).toBe(2);
    await answer(retake, 3);
    // A reload: starting again resumes the same attempt with the answers saved so far.
    const resumed = await start(quiz.id);
    expect(resumed.id).toBe(retake.id);
    expect(Object.keys(resumed.answers)).toHaveLength(5);
    const reread = expectStatus<Attempt>(
      await world.call('studentA1', 'GET', `/api/learning/quiz-attempts/${retake.id}`),
      200,
    );
    expect(reread.answers).toEqual(resumed.answers);
    // Change the two wrong answers, then submit.
    for (const question of retake.questions.slice(3)) {
      const source = QUESTIONS.findIndex((item) => item.text === question.text);
      expectStatus(
        await world.call(
          'studentA1',
          'PUT',
          `/api/learning/quiz-attempts/${retake.id}/answers/${question.id}`,
          {
            answer: RIGHT_ANSWERS[source],
          },
        ),
        200,
      );
    }
    const passed = expectStatus<Attempt>(
      await world.call('studentA1', 'POST', `/api/learning/quiz-attempts/${retake.id}/submit`),
      200,
    );
    expect(passed.result).toMatchObject({ scorePercent: 100, passed: true });

    const page = expectStatus<StudentQuizDetail>(
      await world.call('studentA1', 'GET', `/api/learning/quizzes/${quiz.id}`),
      200,
    );
    expect(page).toMatchObject({
      status: 'done',
      attemptCount: 2,
      bestScorePercent: 100,
      hasPassed: true,
      questionCount: 5,
    });
    expect(page.attempts.map((attempt) => [attempt.attemptNumber, attempt.passed])).toEqual([
      [2, true],
      [1, false],
    ]);
    const results = expectStatus<{ items: { fullName: string; scorePercent: number }[] }>(
      await world.call('trainerA', 'GET', `/api/quizzes/${quiz.id}/results`),
      200,
    );
    expect(results.items.map((item) => item.scorePercent)).toEqual([100, 50]);
    // Taken: deleting it would lose evidence.
    const removal = await world.call('trainerA', 'DELETE', `/api/quizzes/${quiz.id}`);
    expect([removal.statusCode, removal.json().error.code]).toEqual([409, 'LINKED_DATA']);
  });

  it("keeps one learner's attempt from another learner of the same organisation", async () => {
    const quiz = await createQuiz({ title: 'Privé' });
    const attempt = await start(quiz.id);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/submit', undefined],
      ['PUT', `/answers/${attempt.questions[0]!.id}`, { answer: { optionIds: ['a'] } }],
    ] as const) {
      const response = await world.call(
        'studentA2',
        method,
        `/api/learning/quiz-attempts/${attempt.id}${path}`,
        body,
      );
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'QUIZ_NOT_FOUND']);
    }
    const trainer = await world.call('trainerA', 'GET', `/api/learning/quiz-attempts/${attempt.id}`);
    expect(trainer.statusCode).toBe(403);
  });

  it('enforces the time limit with the server clock: late answers refused, the attempt scored with what came in time', async () => {
    const quiz = await createQuiz({ title: 'Chronométré', timeLimitMinutes: 5 });
    const attempt = await start(quiz.id);
    expect(attempt.deadlineAt).toBe(new Date(clock.getTime() + 5 * 60_000).toISOString());
    expect(attempt.serverNow).toBe(clock.toISOString());
    const [firstQuestion, secondQuestion] = attempt.questions;
    const save = (questionId: string, given: object) =>
      world.call('studentA1', 'PUT', `/api/learning/quiz-attempts/${attempt.id}/answers/${questionId}`, {
        answer: given,
      });
    const source = (text: string) => RIGHT_ANSWERS[QUESTIONS.findIndex((item) => item.text === text)]!;
    advance(4 * 60_000);
    expectStatus(await save(firstQuestion!.id, source(firstQuestion!.text)), 200);
    advance(2 * 60_000);
    const late = await save(secondQuestion!.id, source(secondQuestion!.text));
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'QUIZ_TIME_OVER']);
    const closed = expectStatus<Attempt>(
      await world.call('studentA1', 'GET', `/api/learning/quiz-attempts/${attempt.id}`),
      200,
    );
    expect(closed.status).toBe('submitted');
    expect(Object.keys(closed.answers)).toEqual([firstQuestion!.id]);
    expect(closed.result!.questions.filter((question) => question.isCorrect)).toHaveLength(1);
  });

  it('closes an attempt abandoned past its time when the learner comes back to the list', async () => {
    const quiz = await createQuiz({ title: 'Abandonné', timeLimitMinutes: 1 });
    const attempt = await start(quiz.id, 'studentA2');
    advance(10 * 60_000);
    const list = expectStatus<StudentQuizList>(
      await world.call('studentA2', 'GET', '/api/learning/quizzes?pageSize=100'),
      200,
    );
    expect(list.items.find((item) => item.id === quiz.id)).toMatchObject({
      status: 'done',
      inProgressAttemptId: null,
      attemptCount: 1,
    });
    const closed = expectStatus<Attempt>(
      await world.call('studentA2', 'GET', `/api/learning/quiz-attempts/${attempt.id}`),
      200,
    );
    expect(closed.result).toMatchObject({ scorePercent: 0, passed: false });
  });

  it('allows no retake past the maximum of attempts, and hides the correct answers when the trainer says so', async () => {
    const quiz = await createQuiz({ title: 'Une seule fois', maxAttempts: 1, showCorrectAnswers: false });
    const attempt = await start(quiz.id);
    const submitted = expectStatus<Attempt>(
      await world.call('studentA1', 'POST', `/api/learning/quiz-attempts/${attempt.id}/submit`),
      200,
    );
    expect(submitted.canRetake).toBe(false);
    expect(submitted.result!.showsCorrectAnswers).toBe(false);
    expect(JSON.stringify(submitted.result)).not.toMatch(/correctOptionIds|acceptedAnswers/);
    const retake = await world.call('studentA1', 'POST', `/api/learning/quizzes/${quiz.id}/attempts`);
    expect([retake.statusCode, retake.json().error.code]).toEqual([409, 'QUIZ_NO_ATTEMPTS_LEFT']);
    const page = expectStatus<StudentQuizDetail>(
      await world.call('studentA1', 'GET', `/api/learning/quizzes/${quiz.id}`),
      200,
    );
    expect(page.canStart).toBe(false);
  });

  it('shows a quiz past its due date and not taken as overdue', async () => {
    const quiz = await createQuiz({
      title: 'En retard',
      dueAt: new Date(clock.getTime() - 60_000).toISOString(),
    });
    const overdue = expectStatus<StudentQuizList>(
      await world.call('studentA2', 'GET', '/api/learning/quizzes?status=overdue'),
      200,
    );
    expect(overdue.items.map((item) => item.id)).toContain(quiz.id);
    expect(overdue.counts.overdue).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['an unknown option', { answer: { optionIds: ['z'] } }],
    ['two options for a single choice', { answer: { optionIds: ['a', 'b'] } }],
    ['text for a choice question', { answer: { text: 'a' } }],
    ['no answer at all', {}],
    ['a string for options', { answer: { optionIds: 'a' } }],
    ['an oversized text', { answer: { text: 'x'.repeat(501) } }],
  ])('refuses %s with 400, never a server error', async (_name, body) => {
    const quiz = await createQuiz({ title: `Malformé ${_name}` });
    const attempt = await start(quiz.id, 'studentA2');
    const question = attempt.questions.find((item) => item.type === 'single_choice')!;
    const response = await world.call(
      'studentA2',
      'PUT',
      `/api/learning/quiz-attempts/${attempt.id}/answers/${question.id}`,
      body,
    );
    expect(response.statusCode).toBe(400);
  });

  it('answers malformed ids and unknown questions without a server error', async () => {
    const quiz = await createQuiz({ title: 'Identifiants' });
    const attempt = await start(quiz.id, 'studentA2');
    for (const [method, url, body] of [
      ['GET', '/api/learning/quizzes/pas-un-uuid', undefined],
      ['POST', '/api/learning/quiz-attempts/123/submit', undefined],
      [
        'PUT',
        `/api/learning/quiz-attempts/${attempt.id}/answers/${'x'.repeat(65)}`,
        { answer: { text: 'a' } },
      ],
      ['GET', '/api/learning/quizzes?status=bientot', undefined],
      ['GET', '/api/quiz-bank/export?format=docx', undefined],
    ] as const) {
      const response = await world.call(
        method === 'GET' && url.startsWith('/api/quiz-bank') ? 'trainerA' : 'studentA2',
        method,
        url,
        body,
      );
      expect(response.statusCode, url).toBe(400);
    }
    const unknownQuestion = await world.call(
      'studentA2',
      'PUT',
      `/api/learning/quiz-attempts/${attempt.id}/answers/inconnue`,
      {
        answer: { text: 'a' },
      },
    );
    expect([unknownQuestion.statusCode, unknownQuestion.json().error.code]).toEqual([
      404,
      'QUIZ_QUESTION_NOT_FOUND',
    ]);
  });
});

describe(`quizzes in formation progress on ${ENGINE} (issue 13 point 2)`, () => {
  it('counts each active quiz of the formation as an item, done once passed', async () => {
    // A formation of its own: one lesson, Hugo enrolled.
    const formation = expectStatus<{ id: string }>(
      await world.call('trainerA', 'POST', '/api/courses', { title: 'Progression avec quiz' }),
      200,
    ).id;
    const module = expectStatus<{ id: string }>(
      await world.call('trainerA', 'POST', `/api/courses/${formation}/modules`, { title: 'Module' }),
      200,
    ).id;
    const lesson = expectStatus<{ id: string }>(
      await world.call('trainerA', 'POST', `/api/courses/${formation}/modules/${module}/lessons`, {
        title: 'Leçon',
        content: { type: 'text', html: '<p>Contenu</p>' },
      }),
      200,
    ).id;
    expectStatus(await world.call('trainerA', 'POST', `/api/courses/${formation}/publish`), 200);
    expectStatus(
      await world.call('trainerA', 'POST', `/api/courses/${formation}/enrollments`, {
        studentIds: [world.users.studentA2.id],
      }),
      200,
    );
    const progress = async () =>
      expectStatus<StudentCourseList>(
        await world.call('studentA2', 'GET', '/api/learning/courses'),
        200,
      ).items.find((item) => item.id === formation)!.progress;
    expectStatus(
      await world.call('studentA2', 'POST', `/api/learning/courses/${formation}/lessons/${lesson}/complete`),
      200,
    );
    expect(await progress()).toBe(100);

    // An active quiz joins the formation: one of two items done.
    const quiz = await createQuiz({ title: 'Quiz de fin', courseId: formation, moduleId: undefined });
    expect(await progress()).toBe(50);
    // A failed attempt changes nothing; a passed one completes the formation.
    const failed = await start(quiz.id, 'studentA2');
    await answer(failed, 1, 'studentA2');
    expectStatus(
      await world.call('studentA2', 'POST', `/api/learning/quiz-attempts/${failed.id}/submit`),
      200,
    );
    expect(await progress()).toBe(50);
    const passed = await start(quiz.id, 'studentA2');
    await answer(passed, 5, 'studentA2');
    expectStatus(
      await world.call('studentA2', 'POST', `/api/learning/quiz-attempts/${passed.id}/submit`),
      200,
    );
    expect(await progress()).toBe(100);

    // A second quiz, saved inactive, counts once the trainer opens it.
    const next = await createQuiz({
      title: 'Quiz bonus',
      courseId: formation,
      moduleId: undefined,
      isActive: false,
    });
    expect(await progress()).toBe(100);
    expectStatus(
      await world.call('trainerA', 'PUT', `/api/quizzes/${next.id}`, {
        title: 'Quiz bonus',
        courseId: formation,
        questions: QUESTIONS,
        isActive: true,
      }),
      200,
    );
    expect(await progress()).toBe(67);
    // Removed before anyone took it: the formation is complete again.
    expectStatus(await world.call('trainerA', 'DELETE', `/api/quizzes/${next.id}`), 200);
    expect(await progress()).toBe(100);
  });
});

describe(`quiz read paths on ${ENGINE}`, () => {
  it('reads each list in a few statements, whatever the number of quizzes (no N+1)', async () => {
    const counts: Record<string, number> = {};
    for (const [person, url] of [
      ['trainerA', '/api/quizzes'],
      ['admin', '/api/quizzes'],
      ['studentA1', '/api/learning/quizzes'],
      ['studentA1', '/api/learning/quiz-stats'],
      ['trainerA', '/api/quiz-bank/questions'],
      ['trainerA', '/api/quiz-bank/categories'],
    ] as const) {
      const log = await recordStatements(world.testApp.database, async () => {
        expectStatus(await world.call(person, 'GET', url), 200);
      });
      counts[`${person} ${url}`] = log.data.length;
    }
    expect(counts).toEqual({
      'trainerA /api/quizzes': 3,
      'admin /api/quizzes': 3,
      'studentA1 /api/learning/quizzes': 3,
      'studentA1 /api/learning/quiz-stats': 1,
      'trainerA /api/quiz-bank/questions': 2,
      'trainerA /api/quiz-bank/categories': 1,
    });
  });
});
