import {
  type SessionUser,
  SIGNATURE_REMINDER_INTERVAL_HOURS,
  SIGNATURE_REQUEST_DAYS,
  type TrainerSignature,
  type TrainerSignatureList,
  type TrainerSignatureListQuery,
  TrainerSignatureListQuerySchema,
} from '@cursus/contracts';
import { and, count, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { EmailService } from '../email/email.module.ts';
import {
  DAY_MS,
  listColumns,
  organizationOf,
  signaturePath,
  studentEmail,
  studentName,
  toSignature,
} from './signature-rows.ts';
import { certifiedSignatures } from './signatures.tables.ts';

const HOUR_MS = 60 * 60 * 1000;

interface UnsignedCompletion {
  organizationId: string;
  studentId: string;
  courseId: string;
  courseTitle: string;
}

/** What the organisation's staff do with signatures, and the missing-signature job's read. */
export function createStaffSignatures(deps: {
  database: Database;
  email: Pick<EmailService, 'sendToUser'>;
  now: () => Date;
}) {
  const { database, now } = deps;

  /**
   * Records a pending request for every completed formation of the organisation that has none
   * (one statement, idempotent), so the staff list shows who still has to sign. Done here rather
   * than where progress reaches 100, because several paths get there (a last lesson, a trainer
   * removing the lessons left, an import); the request is dated from the completion, so one made
   * months ago reads as expired, not as fresh.
   */
  async function recordPendingRequests(tx: Tx, organizationId: string) {
    await tx.execute(sql`insert into certified_signatures (organization_id, user_id, formation_id, signature_type, signature_status, created_at)
      select e.organization_id, e.student_id, e.course_id, 'formation_completion', 'pending',
        coalesce((select max(l.completed_at) from lesson_completions l
          where l.course_id = e.course_id and l.student_id = e.student_id), now())
      from course_enrollments e join courses c on c.id = e.course_id
      where e.organization_id = ${organizationId} and e.progress = 100 and c.status = 'published' and c.archived_at is null
      on conflict do nothing`);
  }

  function statusFilter(status: TrainerSignatureListQuery['status'], at: Date): SQL | undefined {
    if (!status) return undefined;
    const staleBefore = new Date(at.getTime() - SIGNATURE_REQUEST_DAYS * DAY_MS);
    const isPending = eq(certifiedSignatures.signatureStatus, 'pending');
    if (status === 'signed') return eq(certifiedSignatures.signatureStatus, 'signed');
    if (status === 'pending')
      return and(isPending, sql`${certifiedSignatures.createdAt} >= ${staleBefore.toISOString()}`);
    return or(
      eq(certifiedSignatures.signatureStatus, 'expired'),
      and(isPending, lt(certifiedSignatures.createdAt, staleBefore)),
    );
  }

  return {
    async listForTrainer(
      actor: SessionUser,
      rawQuery: TrainerSignatureListQuery,
    ): Promise<TrainerSignatureList> {
      const query = TrainerSignatureListQuerySchema.parse(rawQuery);
      const organizationId = organizationOf(actor);
      const at = now();
      const filter = and(
        eq(certifiedSignatures.organizationId, organizationId),
        query.courseId ? eq(certifiedSignatures.formationId, query.courseId) : undefined,
        query.type ? eq(certifiedSignatures.signatureType, query.type) : undefined,
        statusFilter(query.status, at),
        query.search
          ? sql`exists (select 1 from profiles p where p.id = ${certifiedSignatures.userId} and (p.full_name ilike ${containsPattern(query.search)} or p.email ilike ${containsPattern(query.search)}))`
          : undefined,
      );
      return database.withTenant(tenantOf(actor), async (tx) => {
        await recordPendingRequests(tx, organizationId);
        return readPage(
          query,
          tx.select({ total: count() }).from(certifiedSignatures).where(filter),
          tx
            .select({ ...listColumns, studentName, studentEmail })
            .from(certifiedSignatures)
            .where(filter)
            .orderBy(desc(certifiedSignatures.createdAt), desc(certifiedSignatures.id))
            .$dynamic(),
          (row): TrainerSignature => ({
            ...toSignature(row, at),
            studentId: row.userId,
            studentName: row.studentName,
            studentEmail: row.studentEmail,
            lastRemindedAt: row.lastRemindedAt?.toISOString() ?? null,
          }),
        );
      });
    },

    /**
     * Emails missing-signature to the learner of a signature not given yet, once a day at most:
     * the stamp is taken in one conditional update, so two clicks cannot both send.
     */
    async remind(actor: SessionUser, id: string): Promise<{ lastRemindedAt: string }> {
      const organizationId = organizationOf(actor);
      const at = now();
      const remindedBefore = new Date(at.getTime() - SIGNATURE_REMINDER_INTERVAL_HOURS * HOUR_MS);
      const reminded = await database.withTenant(tenantOf(actor), async (tx) => {
        const [row] = await tx
          .select(listColumns)
          .from(certifiedSignatures)
          .where(and(eq(certifiedSignatures.id, id), eq(certifiedSignatures.organizationId, organizationId)));
        if (!row) throw new AppError('NOT_FOUND');
        if (row.signatureStatus === 'signed') throw new AppError('CERTIFIED_SIGNATURE_EXISTS');
        const [stamped] = await tx
          .update(certifiedSignatures)
          .set({ lastRemindedAt: at })
          .where(
            and(
              eq(certifiedSignatures.id, id),
              or(
                sql`${certifiedSignatures.lastRemindedAt} is null`,
                lt(certifiedSignatures.lastRemindedAt, remindedBefore),
              ),
            ),
          )
          .returning({ id: certifiedSignatures.id });
        if (!stamped) {
          const retryAt =
            (row.lastRemindedAt?.getTime() ?? at.getTime()) + SIGNATURE_REMINDER_INTERVAL_HOURS * HOUR_MS;
          throw new AppError('SIGNATURE_REMINDER_TOO_SOON', {
            retryAfterSeconds: Math.max(1, Math.ceil((retryAt - at.getTime()) / 1000)),
          });
        }
        return row;
      });
      // After the commit; sendToUser never throws (a failure is logged and queued for retry).
      await deps.email.sendToUser({
        userId: reminded.userId,
        template: 'missing-signature',
        data: {
          courseTitle: reminded.moduleTitle
            ? `${reminded.courseTitle} · ${reminded.moduleTitle}`
            : reminded.courseTitle,
          path: signaturePath(reminded.formationId, reminded.moduleIndex),
        },
      });
      return { lastRemindedAt: at.toISOString() };
    },

    /**
     * The missing-signature job's list (cursus_jobs): completed enrolments of published formations
     * whose learner has not signed the formation, in one statement.
     */
    async listUnsignedCompletions(): Promise<UnsignedCompletion[]> {
      const result = await database.jobs.execute(sql`select e.organization_id as "organizationId",
          e.student_id as "studentId", e.course_id as "courseId", c.title as "courseTitle"
        from course_enrollments e join courses c on c.id = e.course_id
        where e.progress = 100 and c.status = 'published' and c.archived_at is null
          and not exists (select 1 from certified_signatures s where s.user_id = e.student_id
            and s.formation_id = e.course_id and s.signature_type = 'formation_completion'
            and s.signature_status = 'signed')
        order by e.student_id, c.title`);
      // Both drivers answer `{ rows }`; Drizzle types it per driver.
      return (result as unknown as { rows: UnsignedCompletion[] }).rows;
    },
  };
}
