import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
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
  const day = 86_400_000;
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
          dueAt: new Date(now.getTime() + 7 * day),
          submissionType: 'text_or_file',
          createdBy: trainerId,
          createdAt: new Date(now.getTime() - 10 * day),
        },
        {
          organizationId,
          courseId: course.id,
          moduleId: null,
          title: 'Synthèse : tableau de bord des ventes',
          instructions:
            'À partir des ventes trimestrielles fournies en cours, présentez un tableau de bord d’une page : ' +
            'un tableau mis en forme, un graphique adapté et trois lignes de commentaire sur les tendances.',
          dueAt: new Date(now.getTime() + 21 * day),
          submissionType: 'file',
          createdBy: trainerId,
          createdAt: new Date(now.getTime() - 3 * day),
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
        reviewedAt: new Date(now.getTime() - 2 * day),
        submittedAt: new Date(now.getTime() - 4 * day),
        updatedAt: new Date(now.getTime() - 2 * day),
      },
      {
        organizationId,
        exerciseId: formulas!.id,
        studentId: input.waitingStudentId,
        textContent:
          'J’ai utilisé SOMME pour chaque mois et SI pour les dépassements, mais la moyenne me pose problème.',
        status: 'submitted',
        submittedAt: new Date(now.getTime() - day),
        updatedAt: new Date(now.getTime() - day),
      },
    ]);
  });
}
