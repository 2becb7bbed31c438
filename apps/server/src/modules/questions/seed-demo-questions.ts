import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoTime } from '../../lib/demo-time.ts';
import { questionReplies, studentQuestions } from './questions.tables.ts';

/**
 * Four questions from the demo's learners: one waiting for anyone, one assigned to the demo trainer and
 * waiting for their answer, one they answered, one they resolved after a follow-up. Run once, as the
 * owner.
 */
export async function seedDemoQuestions(
  deps: { database: Database },
  input: {
    organizationId: string;
    /** The trainer who answers, and to whom a question is assigned. */
    trainerId: string;
    /** Léa and Hugo in the demo (Chloé, who has not signed in for two weeks, asks nothing). */
    studentIds: readonly [string, string];
    now: Date;
  },
) {
  const { db } = deps.database;
  const { organizationId, trainerId, now } = input;
  const [lea, hugo] = input.studentIds;
  const [existing] = await db
    .select({ total: count() })
    .from(studentQuestions)
    .where(eq(studentQuestions.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  // The formation and a lesson of it come from the courses module's seed, found by their state.
  const result = await db.execute(sql`
      select c.id, (select l.id from course_lessons l where l.course_id = c.id order by l.position limit 1) as lesson_id
      from courses c where c.organization_id = ${organizationId} and c.status = 'published'
      order by c.created_at limit 1`);
  const [course] = (result as unknown as { rows: { id: string; lesson_id: string | null }[] }).rows;
  // Asked and answered at hours people write at (UTC; an hour earlier than Paris in winter), in the
  // days before the seed, whatever its own time of day.
  const at = (daysAgo: number, hour: number, minute: number) => demoTime(now, -daysAgo, hour, minute);
  await db.transaction(async (tx) => {
    const [, assigned, answered, resolved] = await tx
      .insert(studentQuestions)
      .values([
        {
          organizationId,
          studentId: lea,
          subject: 'Accès au module 2',
          message:
            'Bonjour, je n’arrive pas à ouvrir le deuxième module depuis mon ordinateur du bureau, alors que tout marche chez moi. Faut-il une autorisation ?',
          category: 'technical',
          courseId: course?.id ?? null,
          // Logged in the registers as a difficulty that morning (registers' seed).
          createdAt: at(3, 7, 50),
          updatedAt: at(3, 7, 50),
        },
        {
          organizationId,
          studentId: lea,
          trainerId,
          subject: 'Différence entre RECHERCHEV et INDEX/EQUIV',
          message:
            'Dans la leçon, RECHERCHEV et INDEX/EQUIV donnent le même résultat. Dans quels cas vaut-il mieux utiliser l’une ou l’autre ?',
          category: 'pedagogy',
          courseId: course?.id ?? null,
          lessonId: course?.lesson_id ?? null,
          createdAt: at(2, 8, 15),
          updatedAt: at(2, 14, 30),
        },
        {
          organizationId,
          studentId: hugo,
          // Taken by the trainer who answered it, as the hub's assignment invites.
          trainerId,
          subject: 'Attestation de fin de formation',
          message:
            'Quand vais-je recevoir mon attestation de fin de formation ? Mon employeur me la demande pour le dossier de financement.',
          category: 'administrative',
          status: 'answered',
          createdAt: at(4, 9, 20),
          updatedAt: at(3, 7, 55),
        },
        {
          organizationId,
          studentId: lea,
          trainerId,
          subject: 'Format du fichier à rendre',
          message: 'Pour l’exercice du budget mensuel, peut-on rendre un fichier .xlsx plutôt qu’un PDF ?',
          category: 'general',
          status: 'resolved',
          createdAt: at(6, 17, 45),
          updatedAt: at(5, 13, 5),
        },
      ])
      .returning({ id: studentQuestions.id });
    await tx.insert(questionReplies).values([
      {
        organizationId,
        questionId: assigned!.id,
        responderId: lea,
        message: 'J’ai aussi remarqué que INDEX/EQUIV fonctionne vers la gauche, est-ce bien ça ?',
        createdAt: at(2, 14, 30),
      },
      {
        organizationId,
        questionId: answered!.id,
        responderId: trainerId,
        message:
          'Bonjour Hugo, l’attestation est générée automatiquement dès que la formation est terminée à 100 % et signée. Vous la trouverez dans « Documents et émargements ».',
        createdAt: at(3, 7, 55),
      },
      {
        organizationId,
        questionId: resolved!.id,
        responderId: trainerId,
        message:
          'Oui, le PDF est demandé pour la correction : exportez votre classeur via Fichier > Exporter.',
        createdAt: at(5, 8, 10),
      },
      {
        organizationId,
        questionId: resolved!.id,
        responderId: lea,
        message: 'Merci, c’est fait !',
        createdAt: at(5, 11, 35),
      },
      {
        organizationId,
        questionId: resolved!.id,
        responderId: trainerId,
        message: 'Parfait, je marque la question comme résolue.',
        createdAt: at(5, 13, 5),
      },
    ]);
  });
}
