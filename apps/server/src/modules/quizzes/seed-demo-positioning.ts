import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoTime } from '../../lib/demo-time.ts';
import { dealQuestions } from './deal-questions.ts';
import { hashToken, newToken } from './positioning.service.ts';
import { positioningTokens } from './positioning.tables.ts';
import { quizPublicLinks } from './public-quiz.tables.ts';
import {
  type FrozenQuestion,
  quizAttempts,
  quizQuestionLinks,
  quizQuestions,
  quizzes,
  type StoredAnswer,
} from './quizzes.tables.ts';
import { scoreQuiz } from './scoring.ts';

const DAY = 86_400_000;

const POSITIONING_QUESTIONS: Omit<typeof quizQuestions.$inferInsert, 'organizationId'>[] = [
  {
    type: 'single_choice',
    text: 'À quelle fréquence utilisez-vous Excel dans votre travail ?',
    options: [
      { id: 'a', text: 'Tous les jours', isCorrect: true },
      { id: 'b', text: 'Quelques fois par mois', isCorrect: false },
      { id: 'c', text: 'Rarement ou jamais', isCorrect: false },
    ],
    points: 1,
  },
  {
    type: 'true_false',
    text: 'Je sais recopier une formule sans que ses références changent.',
    options: [
      { id: 'true', text: 'true', isCorrect: true },
      { id: 'false', text: 'false', isCorrect: false },
    ],
    points: 1,
  },
  {
    type: 'multiple_choice',
    text: 'Quelles tâches réalisez-vous déjà seul(e) ?',
    options: [
      { id: 'a', text: 'Trier et filtrer un tableau', isCorrect: true },
      { id: 'b', text: 'Créer un graphique', isCorrect: true },
      { id: 'c', text: 'Construire un tableau croisé dynamique', isCorrect: true },
    ],
    points: 2,
  },
  {
    type: 'short_answer',
    text: 'Quelle fonction additionne les valeurs d’une plage ?',
    acceptedAnswers: ['SOMME', '=SOMME'],
    points: 1,
  },
];

/** Answers getting the first `rightCount` questions right, the others wrong or left blank. */
function answersFor(questions: FrozenQuestion[], rightCount: number): Record<string, StoredAnswer> {
  return Object.fromEntries(
    questions.map((question, index) => {
      const isRight = index < rightCount;
      if (question.type === 'short_answer') return [question.id, { text: isRight ? 'somme' : 'TOTAL' }];
      const correct = question.options.filter((option) => option.isCorrect).map((option) => option.id);
      if (isRight) return [question.id, { optionIds: correct }];
      // Wrong: a wrong option, or only part of them where every option is right.
      const wrong = question.options.find((option) => !option.isCorrect)?.id;
      return [question.id, { optionIds: wrong ? [wrong] : correct.slice(0, 1) }];
    }),
  );
}

/**
 * The demo's positioning before its published formation (Qualiopi indicator 8): a questionnaire,
 * invitations in every state (answered by a demo learner, answered before any account, pending,
 * expired) and a public link with two visitors' answers. Run once, as the owner; the tokens are
 * random and never mailed, so no demo link can be opened.
 */
export async function seedDemoPositioning(input: {
  database: Database;
  organizationId: string;
  trainerId: string;
  /** A demo learner who answered before the formation: their answers show on their record. */
  student: { id: string; email: string; fullName: string };
  now: Date;
}) {
  const { db } = input.database;
  const { organizationId, trainerId, now } = input;
  const [existing] = await db
    .select({ total: count() })
    .from(positioningTokens)
    .where(eq(positioningTokens.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  const result = await db.execute(sql`
      select id from courses where organization_id = ${organizationId} and status = 'published'
      order by created_at limit 1`);
  const [course] = (result as unknown as { rows: { id: string }[] }).rows;
  if (!course) return;

  await db.transaction(async (tx) => {
    const [quiz] = await tx
      .insert(quizzes)
      .values({
        organizationId,
        title: 'Positionnement : Excel, où en êtes-vous ?',
        description:
          'Quelques questions pour connaître votre pratique avant la formation : il n’y a pas de piège, répondez au plus juste.',
        passingScore: 50,
        isActive: true,
        createdBy: trainerId,
        createdAt: new Date(now.getTime() - 30 * DAY),
        updatedAt: new Date(now.getTime() - 30 * DAY),
      })
      .returning({ id: quizzes.id });
    const questionIds = await tx
      .insert(quizQuestions)
      .values(
        POSITIONING_QUESTIONS.map((question) => ({ ...question, organizationId, createdBy: trainerId })),
      )
      .returning({ id: quizQuestions.id });
    await tx.insert(quizQuestionLinks).values(
      questionIds.map(({ id }, position) => ({
        organizationId,
        quizId: quiz!.id,
        questionId: id,
        position,
      })),
    );

    const quizSettings = { id: quiz!.id, shuffleQuestions: false, shuffleOptions: false };
    /** An attempt as a guest made it: dealt, answered, scored by the app's rules. */
    async function answeredAttempt(
      respondent: { name: string; email: string },
      source: 'public' | 'positioning',
      rightCount: number,
      at: Date,
    ) {
      const questions = await dealQuestions(tx, quizSettings);
      const answers = answersFor(questions, rightCount);
      const score = scoreQuiz(questions, answers, 50);
      const [attempt] = await tx
        .insert(quizAttempts)
        .values({
          organizationId,
          quizId: quiz!.id,
          userId: null,
          respondentName: respondent.name,
          respondentEmail: respondent.email,
          source,
          status: 'submitted',
          startedAt: new Date(at.getTime() - 6 * 60_000),
          submittedAt: at,
          questions,
          answers,
          scorePoints: score.points,
          maxPoints: score.maxPoints,
          scorePercent: score.percent,
          passed: score.passed,
          updatedAt: at,
        })
        .returning({ id: quizAttempts.id });
      return attempt!.id;
    }

    const invitations = [
      {
        email: input.student.email,
        name: input.student.fullName,
        userId: input.student.id,
        sentDaysAgo: 35,
        answeredDaysAgo: 33,
        rightCount: 3,
      },
      {
        email: 'camille.fontaine@exemple.fr',
        name: 'Camille Fontaine',
        userId: null,
        sentDaysAgo: 6,
        answeredDaysAgo: 4,
        rightCount: 2,
      },
      {
        email: 'thomas.girard@exemple.fr',
        name: null,
        userId: null,
        sentDaysAgo: 3,
        answeredDaysAgo: null,
        rightCount: 0,
      },
      {
        email: 'manon.leroy@exemple.fr',
        name: null,
        userId: null,
        sentDaysAgo: 25,
        answeredDaysAgo: null,
        rightCount: 0,
      },
    ];
    for (const invitation of invitations) {
      // Sent in the morning, answered of an evening (UTC), whatever the seed's own time of day.
      const sentAt = demoTime(now, -invitation.sentDaysAgo, 8, 40);
      const answeredAt =
        invitation.answeredDaysAgo === null ? null : demoTime(now, -invitation.answeredDaysAgo, 18, 15);
      const attemptId = answeredAt
        ? await answeredAttempt(
            { name: invitation.name ?? invitation.email, email: invitation.email },
            'positioning',
            invitation.rightCount,
            answeredAt,
          )
        : null;
      await tx.insert(positioningTokens).values({
        organizationId,
        tokenHash: hashToken(newToken()),
        email: invitation.email,
        courseId: course.id,
        quizId: quiz!.id,
        language: 'fr',
        sentBy: trainerId,
        sentAt,
        expiresAt: new Date(sentAt.getTime() + 14 * DAY),
        attemptId,
        answeredAt,
        userId: invitation.userId,
      });
    }

    await tx
      .insert(quizPublicLinks)
      .values({ organizationId, quizId: quiz!.id, isEnabled: true, updatedBy: trainerId });
    await answeredAttempt(
      { name: 'Karim Benali', email: 'karim.benali@exemple.fr' },
      'public',
      4,
      demoTime(now, -2, 11, 50),
    );
    await answeredAttempt(
      { name: 'Élodie Marchand', email: 'elodie.marchand@exemple.fr' },
      'public',
      1,
      demoTime(now, -1, 20, 5),
    );
  });
}
