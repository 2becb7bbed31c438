import { count, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { demoTime } from '../../lib/demo-time.ts';
import { dealQuestions } from './deal-questions.ts';
import {
  type FrozenQuestion,
  quizAttempts,
  quizCategories,
  quizDraws,
  quizQuestionLinks,
  quizQuestions,
  quizzes,
  type StoredAnswer,
} from './quizzes.tables.ts';
import { scoreQuiz } from './scoring.ts';

type DemoQuestion = Omit<typeof quizQuestions.$inferInsert, 'organizationId' | 'categoryId'>;
const choices = (correct: string, ...wrong: string[]) => [
  { id: 'a', text: correct, isCorrect: true },
  ...wrong.map((text, index) => ({ id: String.fromCharCode(98 + index), text, isCorrect: false })),
];
const trueFalse = (isTrue: boolean) => [
  { id: 'true', text: 'true', isCorrect: isTrue },
  { id: 'false', text: 'false', isCorrect: !isTrue },
];

const FORMULA_QUESTIONS: DemoQuestion[] = [
  {
    type: 'single_choice',
    text: 'Par quel caractère commence toujours une formule Excel ?',
    options: choices('=', '+', '#', '@'),
    explanation: 'Le signe égal indique à Excel que la cellule contient un calcul.',
    points: 1,
  },
  {
    type: 'multiple_choice',
    text: 'Lesquelles de ces fonctions renvoient un nombre calculé à partir d’une plage ?',
    options: [
      { id: 'a', text: 'SOMME', isCorrect: true },
      { id: 'b', text: 'MOYENNE', isCorrect: true },
      { id: 'c', text: 'CONCATENER', isCorrect: false },
      { id: 'd', text: 'NB', isCorrect: true },
    ],
    explanation: 'CONCATENER assemble du texte ; les trois autres calculent sur des nombres.',
    points: 2,
  },
  {
    type: 'true_false',
    text: 'La référence $B$2 reste fixe quand on recopie la formule.',
    options: trueFalse(true),
    explanation: 'Les signes $ figent la colonne et la ligne : c’est une référence absolue.',
    points: 1,
  },
  {
    type: 'short_answer',
    text: 'Quelle fonction affiche « Admis » ou « Ajourné » selon une condition ?',
    acceptedAnswers: ['SI', '=SI'],
    explanation: 'SI(condition;valeur_si_vrai;valeur_si_faux).',
    points: 1,
  },
  {
    type: 'single_choice',
    text: 'Que calcule =MOYENNE(B2:B11) ?',
    options: choices(
      'La moyenne des dix cellules B2 à B11',
      'La somme de B2 et B11',
      'La moyenne de B2 et B11',
    ),
    explanation: 'Les deux-points désignent toute la plage entre les deux cellules.',
    points: 1,
  },
];

const LAYOUT_QUESTIONS: DemoQuestion[] = [
  {
    type: 'single_choice',
    text: 'Quel graphique choisir pour montrer une évolution dans le temps ?',
    options: choices('Une courbe', 'Un graphique en secteurs', 'Un nuage de points sans axe de temps'),
    points: 1,
  },
  {
    type: 'true_false',
    text: 'Un tableau structuré s’étend automatiquement quand on ajoute une ligne juste en dessous.',
    options: trueFalse(true),
    points: 1,
  },
  {
    type: 'single_choice',
    text: 'Quel raccourci active les filtres d’un tableau ?',
    options: choices('Ctrl+Maj+L', 'Ctrl+F', 'Alt+F4'),
    points: 1,
  },
  {
    type: 'true_false',
    text: 'Un graphique en secteurs convient pour comparer vingt catégories.',
    options: trueFalse(false),
    explanation: 'Au-delà de cinq ou six parts, un histogramme se lit mieux.',
    points: 1,
  },
];

/** Answers that get `rightCount` of the dealt questions right (the first ones), the others wrong. */
function answersFor(questions: FrozenQuestion[], rightCount: number): Record<string, StoredAnswer> {
  return Object.fromEntries(
    questions.map((question, index) => {
      const isRight = index < rightCount;
      if (question.type === 'short_answer')
        return [question.id, { text: isRight ? (question.acceptedAnswers[0] ?? '') : 'RECHERCHEV' }];
      const correct = question.options.filter((option) => option.isCorrect).map((option) => option.id);
      const wrong = question.options.find((option) => !option.isCorrect)?.id;
      return [question.id, { optionIds: isRight || !wrong ? correct : [wrong] }];
    }),
  );
}

/** The published formation's two quizzes: the rules they are made with and their attempts scored by. */
const MODULE_QUIZ_RULES = { passingScore: 60, timeLimitMinutes: 10, shuffleQuestions: false } as const;
const FINAL_QUIZ_RULES = { passingScore: 70, timeLimitMinutes: 15, shuffleQuestions: true } as const;

/**
 * The demo's quizzes on its published formation: a module quiz with the four question types and a
 * final test drawing from the bank's categories, a draft in preparation, and attempts of the demo
 * learners (those who finished the formation passed both; one failed the module quiz, then passed
 * it). Both quizzes count toward the formation's progress, recomputed last. Run once, as the owner.
 */
export async function seedDemoQuizzes(input: {
  database: Database;
  organizationId: string;
  trainerId: string;
  /** Learners who finished the published formation, and how many days ago they sat its final test. */
  finishers: { studentId: string; daysAgo: number }[];
  /** A learner of it who failed the module quiz, then passed it. */
  retriedStudentId: string;
  /** The courses module's progress recompute, in this transaction. */
  recomputeProgress: (tx: Tx, courseId: string) => Promise<void>;
  now: Date;
}) {
  const { db } = input.database;
  const { organizationId, trainerId, now } = input;
  const [existing] = await db
    .select({ total: count() })
    .from(quizzes)
    .where(eq(quizzes.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  // The formation and its modules come from the courses module's seed, found by their state.
  const result = await db.execute(sql`
      select c.id,
        (select m.id from course_modules m where m.course_id = c.id order by m.position offset 1 limit 1) as module_id
      from courses c where c.organization_id = ${organizationId} and c.status = 'published'
      order by c.created_at limit 1`);
  const [course] = (result as unknown as { rows: { id: string; module_id: string | null }[] }).rows;
  if (!course) return;
  const day = 86_400_000;
  await db.transaction(async (tx) => {
    const [formulas, layout] = await tx
      .insert(quizCategories)
      .values([
        { organizationId, name: 'Formules et fonctions' },
        { organizationId, name: 'Tableaux et graphiques' },
      ])
      .returning({ id: quizCategories.id });
    const insertQuestions = (categoryId: string, questions: DemoQuestion[]) =>
      tx
        .insert(quizQuestions)
        .values(
          questions.map((question) => ({ ...question, organizationId, categoryId, createdBy: trainerId })),
        )
        .returning({ id: quizQuestions.id });
    const formulaIds = await insertQuestions(formulas!.id, FORMULA_QUESTIONS);
    await insertQuestions(layout!.id, LAYOUT_QUESTIONS);

    const createdAt = new Date(now.getTime() - 20 * day);
    const [moduleQuiz, finalQuiz] = await tx
      .insert(quizzes)
      .values([
        {
          organizationId,
          title: 'Quiz : formules et fonctions',
          description:
            'Vérifiez vos acquis sur les formules, les références et les fonctions SOMME, MOYENNE et SI.',
          passingScore: MODULE_QUIZ_RULES.passingScore,
          timeLimitMinutes: MODULE_QUIZ_RULES.timeLimitMinutes,
          courseId: course.id,
          moduleId: course.module_id,
          maxAttempts: 3,
          shuffleOptions: true,
          createdBy: trainerId,
          createdAt,
          updatedAt: createdAt,
        },
        {
          organizationId,
          title: 'Évaluation finale : Excel, les fondamentaux',
          description: 'Huit questions tirées au sort dans la banque. Une seule reprise possible.',
          passingScore: FINAL_QUIZ_RULES.passingScore,
          timeLimitMinutes: FINAL_QUIZ_RULES.timeLimitMinutes,
          // Due at the end of a day, Paris time in winter, whatever the seed's own time of day.
          dueAt: demoTime(now, 10, 22, 59),
          courseId: course.id,
          maxAttempts: 2,
          shuffleQuestions: FINAL_QUIZ_RULES.shuffleQuestions,
          shuffleOptions: true,
          showCorrectAnswers: false,
          createdBy: trainerId,
          createdAt,
          updatedAt: createdAt,
        },
        {
          organizationId,
          title: 'Communication écrite : les bases (brouillon)',
          description: 'En préparation pour la formation Communication professionnelle écrite.',
          passingScore: 70,
          isActive: false,
          createdBy: trainerId,
          createdAt,
          updatedAt: createdAt,
        },
      ])
      .returning({ id: quizzes.id });
    await tx.insert(quizQuestionLinks).values(
      formulaIds.map(({ id }, position) => ({
        organizationId,
        quizId: moduleQuiz!.id,
        questionId: id,
        position,
      })),
    );
    await tx.insert(quizDraws).values([
      { organizationId, quizId: finalQuiz!.id, categoryId: formulas!.id, questionCount: 4, position: 0 },
      { organizationId, quizId: finalQuiz!.id, categoryId: layout!.id, questionCount: 4, position: 1 },
    ]);

    // The kick-off session's quiz (issue 13 point 1): open since the session started, a week ago.
    const sessions = await tx.execute(sql`select id from group_sessions
      where organization_id = ${organizationId} and title = 'Lancement de la formation Excel' limit 1`);
    const [kickOff] = (sessions as unknown as { rows: { id: string }[] }).rows;
    if (kickOff) {
      const [sessionQuiz] = await tx
        .insert(quizzes)
        .values({
          organizationId,
          title: 'Quiz de la session de lancement',
          description:
            'Trois questions pour faire le point sur la mise en forme après la session de lancement.',
          passingScore: 60,
          groupSessionId: kickOff.id,
          shuffleOptions: true,
          createdBy: trainerId,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: quizzes.id });
      await tx.insert(quizDraws).values({
        organizationId,
        quizId: sessionQuiz!.id,
        categoryId: layout!.id,
        questionCount: 3,
        position: 0,
      });
    }

    // Attempts as the learners made them: dealt, answered, scored by the same rules as the app.
    const sittings = [
      ...input.finishers.flatMap(({ studentId, daysAgo }) => [
        { quiz: moduleQuiz!, userId: studentId, attemptNumber: 1, rightCount: 5, daysAgo: daysAgo + 7 },
        { quiz: finalQuiz!, userId: studentId, attemptNumber: 1, rightCount: 8, daysAgo },
      ]),
      { quiz: moduleQuiz!, userId: input.retriedStudentId, attemptNumber: 1, rightCount: 2, daysAgo: 9 },
      { quiz: moduleQuiz!, userId: input.retriedStudentId, attemptNumber: 2, rightCount: 4, daysAgo: 8 },
    ];
    for (const sitting of sittings) {
      const rules = sitting.quiz === finalQuiz ? FINAL_QUIZ_RULES : MODULE_QUIZ_RULES;
      const questions = await dealQuestions(tx, {
        id: sitting.quiz.id,
        shuffleQuestions: rules.shuffleQuestions,
        shuffleOptions: true,
      });
      const answers = answersFor(questions, sitting.rightCount);
      const score = scoreQuiz(questions, answers, rules.passingScore);
      const startedAt = new Date(now.getTime() - sitting.daysAgo * day);
      const submittedAt = new Date(startedAt.getTime() + 7 * 60_000);
      await tx.insert(quizAttempts).values({
        organizationId,
        quizId: sitting.quiz.id,
        userId: sitting.userId,
        source: 'learner',
        attemptNumber: sitting.attemptNumber,
        status: 'submitted',
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + rules.timeLimitMinutes * 60_000),
        submittedAt,
        questions,
        answers,
        scorePoints: score.points,
        maxPoints: score.maxPoints,
        scorePercent: score.percent,
        passed: score.passed,
        updatedAt: submittedAt,
      });
    }
    await input.recomputeProgress(tx, course.id);
  });
}
