import type { SessionUser } from '@cursus/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CertificatesService } from './certificates.service.ts';
import { certificates } from './certificates.tables.ts';

/**
 * Certificates of the demo's published formation, issued by the demo trainer as a trainer would
 * (real PDFs, hours from the seeded tracked time): a certificat de réalisation for every learner
 * with tracked time, and an attestation de fin de formation for those who completed it. Run once,
 * after the formations and the tracked time.
 */
export async function seedDemoCertificates(
  deps: { database: Database; service: CertificatesService },
  input: { organizationId: string; trainer: SessionUser },
) {
  const { db } = deps.database;
  const [existing] = await db
    .select({ total: count() })
    .from(certificates)
    .where(eq(certificates.organizationId, input.organizationId));
  if ((existing?.total ?? 0) > 0) return;
  const result = await db.execute(sql`
      select c.id from courses c where c.organization_id = ${input.organizationId} and c.status = 'published'
      order by c.created_at limit 1`);
  const [course] = (result as unknown as { rows: { id: string }[] }).rows;
  if (!course) return;
  const candidates = await deps.service.candidates(input.trainer, course.id);
  for (const learner of candidates.items) {
    if (learner.trackedSeconds > 0)
      await deps.service.issue(input.trainer, {
        courseId: course.id,
        studentId: learner.studentId,
        kind: 'realisation',
      });
    if (learner.completed)
      await deps.service.issue(input.trainer, {
        courseId: course.id,
        studentId: learner.studentId,
        kind: 'completion',
      });
  }
}
