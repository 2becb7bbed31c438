import { randomUUID } from 'node:crypto';
import { EVALUATION_TEMPLATES, type EvaluationQuestion } from '@cursus/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { StoredAnswer } from './evaluation-answers.ts';
import { hashToken, invitationToken } from './evaluation-tokens.ts';
import { evaluationInvitations, evaluationQuestionnaires } from './evaluations.tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoLearner {
  id: string;
  fullName: string;
  email: string;
}

/** What each demo learner said at the end of the formation, and weeks later. */
const HOT_ANSWERS: Record<string, StoredAnswer>[] = [
  {
    overall: 5,
    objectives: 5,
    trainer: 5,
    materials: 4,
    pace: 'Adapté',
    recommend: true,
    comments: 'Très concret, les exercices sur cas réels aident beaucoup.',
  },
  {
    overall: 4,
    objectives: 4,
    trainer: 5,
    materials: 3,
    pace: 'Trop rapide',
    recommend: true,
    comments: 'Un peu dense sur le dernier module : une demi-journée de plus serait bienvenue.',
  },
  { overall: 4, objectives: 4, trainer: 4, materials: 4, pace: 'Adapté', recommend: true },
  {
    overall: 3,
    objectives: 3,
    trainer: 4,
    materials: 3,
    pace: 'Trop lent',
    recommend: false,
    comments: 'Les supports mériteraient une mise à jour.',
  },
];
const COLD_ANSWERS: Record<string, StoredAnswer>[] = [
  {
    overall: 5,
    applied: 4,
    impact: ['Nouvelles compétences', 'Gain de temps'],
    recommend: true,
    comments: 'J’utilise les tableaux croisés chaque semaine.',
  },
  { overall: 4, applied: 3, impact: ['Confiance en soi'], recommend: true },
];

/**
 * The demo organisation's evaluations: a hot and a cold satisfaction questionnaire on the published
 * formation (from the French templates) with the demo learners' answers, one still waiting and
 * reminded once, and a funder survey sent and not answered yet. Written by the owner like the other
 * seeds; no email goes out. Run once.
 */
export async function seedDemoEvaluations(
  deps: { database: Database; secret: string },
  input: { organizationId: string; trainerId: string; learners: DemoLearner[]; now: Date },
) {
  const { db } = deps.database;
  const { organizationId, trainerId, learners, now } = input;
  const [existing] = await db
    .select({ total: count() })
    .from(evaluationQuestionnaires)
    .where(eq(evaluationQuestionnaires.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  const result = await db.execute(sql`
      select c.id, c.title from courses c where c.organization_id = ${organizationId} and c.status = 'published'
      order by c.created_at limit 1`);
  const [course] = (result as unknown as { rows: { id: string; title: string }[] }).rows;
  if (!course) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const [hotTemplate, coldTemplate] = EVALUATION_TEMPLATES.fr;

  const [hot, cold, survey] = await db
    .insert(evaluationQuestionnaires)
    .values(
      [
        {
          ...hotTemplate!,
          audience: 'learners',
          courseId: course.id,
          createdAt: ago(120),
          updatedAt: ago(120),
        },
        {
          ...coldTemplate!,
          audience: 'learners',
          courseId: course.id,
          createdAt: ago(120),
          updatedAt: ago(120),
        },
        {
          kind: 'survey',
          audience: 'funders',
          title: 'Enquête financeurs 2026',
          description: 'Votre regard de financeur sur nos formations (Qualiopi, indicateur 30).',
          courseId: null,
          questions: <EvaluationQuestion[]>[
            {
              id: 'quality',
              type: 'rating',
              label: 'Qualité globale de nos formations',
              required: true,
              options: [],
            },
            {
              id: 'reporting',
              type: 'single',
              label: 'Les documents administratifs vous parviennent-ils à temps ?',
              required: true,
              options: ['Toujours', 'Le plus souvent', 'Rarement'],
            },
            {
              id: 'renew',
              type: 'yesno',
              label: 'Souhaitez-vous poursuivre notre collaboration ?',
              required: true,
              options: [],
            },
            { id: 'comments', type: 'text', label: 'Vos remarques', required: false, options: [] },
          ],
          createdAt: ago(10),
          updatedAt: ago(10),
        },
      ].map((values) => ({ ...values, organizationId, createdBy: trainerId })),
    )
    .returning({ id: evaluationQuestionnaires.id });

  const invitation = (
    questionnaireId: string,
    person: { email: string; name: string; studentId?: string },
    sentDaysAgo: number,
  ) => {
    const id = randomUUID();
    return {
      id,
      organizationId,
      questionnaireId,
      studentId: person.studentId ?? null,
      courseId: person.studentId ? course.id : null,
      courseTitle: person.studentId ? course.title : null,
      email: person.email,
      name: person.name,
      tokenHash: hashToken(invitationToken(deps.secret, id)),
      sentAt: ago(sentDaysAgo),
    };
  };
  const asLearner = (learner: DemoLearner) => ({
    email: learner.email,
    name: learner.fullName,
    studentId: learner.id,
  });
  const rows = [
    ...learners.slice(0, HOT_ANSWERS.length).map((learner, index) => ({
      ...invitation(hot!.id, asLearner(learner), 70 - index * 5),
      answeredAt: ago(69 - index * 5),
      answers: HOT_ANSWERS[index],
    })),
    ...learners.slice(0, COLD_ANSWERS.length).map((learner, index) => ({
      ...invitation(cold!.id, asLearner(learner), 14 - index),
      answeredAt: ago(12 - index),
      answers: COLD_ANSWERS[index],
    })),
    // Waiting for an answer, reminded once after 3 days.
    ...learners.slice(COLD_ANSWERS.length, COLD_ANSWERS.length + 1).map((learner) => ({
      ...invitation(cold!.id, asLearner(learner), 5),
      remindersSent: 1,
      lastRemindedAt: ago(2),
    })),
    invitation(survey!.id, { email: 'qualite@opco-demo.example', name: 'Service qualité OPCO' }, 2),
    invitation(survey!.id, { email: 'formation@region-demo.example', name: 'Région – service formation' }, 2),
  ];
  await db.insert(evaluationInvitations).values(rows);
}
