import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoTime, demoWorkday } from '../../lib/demo-time.ts';
import { exerciseSubmissions, exercises } from './exercises.tables.ts';

/**
 * Two exercises on the demo's published formation (one for a module, one for the whole formation),
 * one submission reviewed with feedback and one waiting for its review. Run once, as the owner.
 */
export async function seedDemoExercises(
  deps: { database: Database },
  input: {
    organizationId: string;
    trainerId: string;
    /** The learner whose work was reviewed, and the one whose work waits. */
    reviewedStudentId: string;
    waitingStudentId: string;
    now: Date;
  },
) {
  const { db } = deps.database;
  const { organizationId, trainerId, now } = input;
  const [existing] = await db
    .select({ total: count() })
    .from(exercises)
    .where(eq(exercises.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  // The formation and its module come from the courses module's seed, found by their state and title.
  const result = await db.execute(sql`
      select c.id, (select m.id from course_modules m where m.course_id = c.id order by m.position offset 1 limit 1) as module_id
      from courses c where c.organization_id = ${organizationId} and c.status = 'published'
      order by c.created_at limit 1`);
  const [course] = (result as unknown as { rows: { id: string; module_id: string | null }[] }).rows;
  if (!course) return;
  // At believable hours (UTC, an hour earlier in Paris in winter): a deadline at the end of the
  // afternoon, work handed in of an evening, reviewed of a morning.
  const at = (days: number, hour: number, minute = 0) => demoTime(now, days, hour, minute);
  await db.transaction(async (tx) => {
    const [formulas] = await tx
      .insert(exercises)
      .values([
        {
          organizationId,
          courseId: course.id,
          moduleId: course.module_id,
          title: 'Calculer un budget mensuel',
          instructions:
            'Construisez le budget mensuel d’une petite équipe : une ligne par poste de dépense, une colonne par mois.\n' +
            'Utilisez SOMME pour les totaux, MOYENNE pour la dépense mensuelle moyenne et SI pour signaler les dépassements de plus de 10 %.\n' +
            'Rendez votre classeur exporté en PDF, ou décrivez vos formules dans le champ texte.',
          dueAt: demoWorkday(now, 7, 17),
          submissionType: 'text_or_file',
          createdBy: trainerId,
          createdAt: at(-10, 8, 40),
        },
        {
          organizationId,
          courseId: course.id,
          moduleId: null,
          title: 'Synthèse : tableau de bord des ventes',
          instructions:
            'À partir des ventes trimestrielles fournies en cours, présentez un tableau de bord d’une page : ' +
            'un tableau mis en forme, un graphique adapté et trois lignes de commentaire sur les tendances.',
          dueAt: demoWorkday(now, 21, 17),
          submissionType: 'file',
          createdBy: trainerId,
          createdAt: at(-3, 13, 15),
        },
      ])
      .returning({ id: exercises.id });
    await tx.insert(exerciseSubmissions).values([
      {
        organizationId,
        exerciseId: formulas!.id,
        studentId: input.reviewedStudentId,
        textContent:
          'Totaux par mois : =SOMME(B2:B9). Moyenne : =MOYENNE(B10:M10). Alerte : =SI(B10>B$12*1,1;"Dépassement";"OK").',
        status: 'reviewed',
        feedback: 'Très bon travail : formules justes. Pensez à figer la ligne de référence avec $ partout.',
        reviewedBy: trainerId,
        reviewedAt: at(-2, 9, 5),
        submittedAt: at(-4, 19, 12),
        updatedAt: at(-2, 9, 5),
      },
      {
        organizationId,
        exerciseId: formulas!.id,
        studentId: input.waitingStudentId,
        textContent:
          'J’ai utilisé SOMME pour chaque mois et SI pour les dépassements, mais la moyenne me pose problème.',
        status: 'submitted',
        submittedAt: at(-1, 20, 18),
        updatedAt: at(-1, 20, 18),
      },
    ]);
  });
}
