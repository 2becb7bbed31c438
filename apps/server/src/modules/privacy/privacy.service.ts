import {
  DEFAULT_RETENTION_YEARS,
  type Erasure,
  type ErasurePreview,
  PERSONAL_DATA_EXPORTS_PER_HOUR,
  type RetentionSettings,
  type RetentionYears,
  type SessionUser,
  type UpdateRetentionInput,
} from '@cursus/contracts';
import { eq, lte, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { createAttemptCounter } from '../../lib/rate-limit.ts';
import { eraseAssistantConversations, exportAssistantPersonalData } from '../assistant/assistant.module.ts';
import {
  exportAttendancePersonalData,
  pseudonymiseAttendanceSigner,
} from '../attendance/attendance.module.ts';
import type { AuditService, RequestOrigin } from '../audit/audit.module.ts';
import {
  exportCertificatesPersonalData,
  pseudonymiseCertificates,
  purgeCertificates,
} from '../certificates/certificates.module.ts';
import { exportCoursesPersonalData } from '../courses/courses.module.ts';
import { exportDocumentsPersonalData } from '../documents/documents.module.ts';
import { eraseEmailData, exportEmailPersonalData } from '../email/email.module.ts';
import type { StoredFileRow } from '../files/files.module.ts';
import { eraseForumContent, exportForumPersonalData } from '../forum/forum.module.ts';
import { eraseLearnerRecord, exportLearnersPersonalData } from '../learners/learners.module.ts';
import { eraseConversations, exportMessagesPersonalData } from '../messages/messages.module.ts';
import {
  eraseNotifications,
  exportNotificationsPersonalData,
} from '../notifications/notifications.module.ts';
import {
  exportOrganizationsPersonalData,
  findOrganizationStudent,
  pseudonymiseProfile,
} from '../organizations/organizations.module.ts';
import { eraseQuestions, exportQuestionsPersonalData } from '../questions/questions.module.ts';
import { eraseQuizRespondent, exportQuizzesPersonalData } from '../quizzes/quizzes.module.ts';
import { exportSignaturesPersonalData } from '../signatures/signatures.module.ts';
import { eraseSignInLogs, exportSystemPersonalData, purgeExpiredLogs } from '../system/system.module.ts';
import { exportTimeTrackingPersonalData } from '../time-tracking/time-tracking.module.ts';
import { organizationRetention, privacyErasures } from './privacy.tables.ts';

/** Each module's part of an export, in the order data.json lists them. */
const EXPORTERS: ReadonlyArray<(tx: Tx, userId: string) => Promise<PersonalDataPart>> = [
  exportOrganizationsPersonalData,
  exportLearnersPersonalData,
  exportCoursesPersonalData,
  exportTimeTrackingPersonalData,
  exportQuizzesPersonalData,
  exportAttendancePersonalData,
  exportSignaturesPersonalData,
  exportCertificatesPersonalData,
  exportDocumentsPersonalData,
  exportMessagesPersonalData,
  exportForumPersonalData,
  exportQuestionsPersonalData,
  exportAssistantPersonalData,
  exportNotificationsPersonalData,
  exportEmailPersonalData,
  exportSystemPersonalData,
];

const HOUR_MS = 60 * 60 * 1000;

export interface PersonalDataExport {
  data: Record<string, unknown>;
  files: ReadonlyArray<{ path: string; file: StoredFileRow }>;
  images: ReadonlyArray<{ path: string; content: Buffer }>;
}

/** A stored file's name as one zip entry name: no folder separators or control characters. */
function safeEntryName(name: string): string {
  return name.replace(/[\\/]|\p{Cc}/gu, '_');
}

function addYears(date: Date, years: number): Date {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

/**
 * The learner an erasure is about, under the caller's policies: one of the trainer's organisation,
 * any organisation's for a platform admin; USER_NOT_FOUND otherwise (another organisation's included).
 */
async function erasableStudent(tx: Tx, actor: SessionUser, studentId: string) {
  const student = await findOrganizationStudent(
    tx,
    actor.role === 'admin' ? null : actor.organizationId,
    studentId,
  );
  if (!student?.organizationId) throw new AppError('USER_NOT_FOUND');
  return { ...student, organizationId: student.organizationId };
}

async function retentionOf(tx: Tx, organizationId: string): Promise<RetentionSettings> {
  const [row] = await tx
    .select({ retentionYears: organizationRetention.retentionYears })
    .from(organizationRetention)
    .where(eq(organizationRetention.organizationId, organizationId));
  return row
    ? { retentionYears: row.retentionYears as RetentionYears, isCustom: true }
    : { retentionYears: DEFAULT_RETENTION_YEARS, isCustom: false };
}

function toErasure(row: typeof privacyErasures.$inferSelect): Erasure {
  return {
    studentId: row.studentId,
    label: row.label,
    erasedAt: row.erasedAt.toISOString(),
    retentionYears: row.retentionYears as RetentionYears,
    retainedUntil: row.retainedUntil.toISOString(),
  };
}

export function createPrivacyService(deps: {
  database: Database;
  files: {
    findInOrganization(tx: Tx, organizationId: string, ids: string[]): Promise<StoredFileRow[]>;
  };
  audit: Pick<AuditService, 'recordEvent'>;
  now: () => Date;
}) {
  const { database, audit, now } = deps;
  const attempts = createAttemptCounter(database.service, now);

  function organizationOf(actor: SessionUser): string {
    if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
    return actor.organizationId;
  }

  return {
    /**
     * Everything the modules hold about the actor, read in their own tenant transaction (each module's
     * policies show them their own records), with the files those records point to.
     */
    async exportMine(actor: SessionUser, origin: RequestOrigin): Promise<PersonalDataExport> {
      await attempts.consume(`privacy-export:${actor.id}`, {
        max: PERSONAL_DATA_EXPORTS_PER_HOUR,
        windowMs: HOUR_MS,
      });
      const result = await database.withTenant(tenantOf(actor), async (tx) => {
        const parts: PersonalDataPart[] = [];
        for (const exporter of EXPORTERS) parts.push(await exporter(tx, actor.id));
        const wanted = parts.flatMap((part) => part.storedFiles ?? []);
        const rows = actor.organizationId
          ? await deps.files.findInOrganization(
              tx,
              actor.organizationId,
              wanted.map((file) => file.id),
            )
          : [];
        return { parts, wanted, rows };
      });
      const byId = new Map(result.rows.map((row) => [row.id, row]));
      const files = result.wanted.flatMap(({ id, folder }) => {
        const file = byId.get(id);
        return file ? [{ path: `files/${folder}/${id}-${safeEntryName(file.name)}`, file }] : [];
      });
      const images = result.parts.flatMap((part) =>
        (part.images ?? []).map((image) => ({
          path: `images/${image.name}.png`,
          content: Buffer.from(image.base64Png.replace(/^data:image\/png;base64,/, ''), 'base64'),
        })),
      );
      await audit.recordEvent({
        action: 'privacy.export',
        organizationId: actor.organizationId,
        actor: { id: actor.id, email: actor.email, name: actor.fullName },
        targetType: 'user',
        targetId: actor.id,
        ip: origin.ip,
        userAgent: origin.userAgent,
        details: { files: files.length, images: images.length },
      });
      return {
        data: {
          exportedAt: now().toISOString(),
          userId: actor.id,
          ...Object.assign({}, ...result.parts.map((part) => part.records)),
        },
        files,
        images,
      };
    },

    getRetention(actor: SessionUser): Promise<RetentionSettings> {
      const organizationId = organizationOf(actor);
      return database.withTenant(tenantOf(actor), (tx) => retentionOf(tx, organizationId));
    },

    async updateRetention(
      actor: SessionUser,
      input: UpdateRetentionInput,
      origin: RequestOrigin,
    ): Promise<RetentionSettings> {
      const organizationId = organizationOf(actor);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const before = await retentionOf(tx, organizationId);
        await tx
          .insert(organizationRetention)
          .values({
            organizationId,
            retentionYears: input.retentionYears,
            updatedBy: actor.id,
            updatedAt: now(),
          })
          .onConflictDoUpdate({
            target: organizationRetention.organizationId,
            set: { retentionYears: input.retentionYears, updatedBy: actor.id, updatedAt: now() },
          });
        await audit.recordEvent(
          {
            action: 'organization.changed',
            organizationId,
            actor: { id: actor.id, email: actor.email, name: actor.fullName },
            targetType: 'organization',
            targetId: organizationId,
            ip: origin.ip,
            userAgent: origin.userAgent,
            before: { retentionYears: before.retentionYears },
            after: { retentionYears: input.retentionYears },
          },
          tx,
        );
        return { retentionYears: input.retentionYears, isCustom: true };
      });
    },

    /**
     * Erases one of the organisation's learners (admins: any organisation's). The learner is looked
     * up under the caller's policies first (another organisation's answers USER_NOT_FOUND); then one
     * service transaction lists the erasure, which is what lets that role rewrite or delete the
     * learner's rows (the privacy migration's policies), pseudonymises what is kept and deletes the
     * rest. Erasing an erased learner again answers the first erasure.
     */
    async erasurePreview(actor: SessionUser, studentId: string): Promise<ErasurePreview> {
      const retentionYears = await database.withTenant(tenantOf(actor), async (tx) => {
        const student = await erasableStudent(tx, actor, studentId);
        return (await retentionOf(tx, student.organizationId)).retentionYears;
      });
      return { retentionYears, retainedUntil: addYears(now(), retentionYears).toISOString() };
    },

    async eraseStudent(actor: SessionUser, studentId: string, origin: RequestOrigin): Promise<Erasure> {
      const found = await database.withTenant(tenantOf(actor), async (tx) => {
        const student = await erasableStudent(tx, actor, studentId);
        const [previous] = await tx
          .select()
          .from(privacyErasures)
          .where(eq(privacyErasures.studentId, studentId));
        const { retentionYears } = await retentionOf(tx, student.organizationId);
        return { student, previous, retentionYears };
      });
      if (found.previous) return toErasure(found.previous);
      const { student, retentionYears } = found;
      const erasedAt = now();
      const row = {
        studentId,
        organizationId: student.organizationId,
        label: `Apprenant supprimé ${studentId.slice(0, 8)}`,
        erasedBy: actor.id,
        erasedAt,
        retentionYears,
        retainedUntil: addYears(erasedAt, retentionYears),
      };
      await database.service.transaction(async (tx) => {
        await tx.insert(privacyErasures).values(row);
        await tx.execute(sql`select privacy_pseudonymise_account(${studentId})`);
        await pseudonymiseProfile(tx, studentId, row.label);
        await eraseLearnerRecord(tx, studentId);
        // Kept as evidence, under the pseudonym.
        await pseudonymiseCertificates(tx, studentId, row.label);
        await pseudonymiseAttendanceSigner(tx, studentId, row.label);
        await eraseQuizRespondent(tx, studentId);
        // Free content about the learner goes.
        await eraseConversations(tx, studentId);
        await eraseForumContent(tx, studentId);
        await eraseQuestions(tx, studentId);
        await eraseAssistantConversations(tx, studentId);
        await eraseNotifications(tx, studentId);
        await eraseEmailData(tx, studentId, student.email);
        await eraseSignInLogs(tx, studentId);
        // Ids only: the event outlives the erasure.
        await audit.recordEvent(
          {
            action: 'privacy.erasure',
            organizationId: student.organizationId,
            actor: { id: actor.id, email: actor.email, name: actor.fullName },
            targetType: 'user',
            targetId: studentId,
            ip: origin.ip,
            userAgent: origin.userAgent,
            details: { retentionYears, retainedUntil: row.retainedUntil.toISOString() },
          },
          tx,
        );
      });
      return toErasure(row);
    },

    /**
     * The daily retention job (cursus_jobs): purges erased learners whose period ended at `at`
     * (their certificates first, then the account, which takes every record referencing it), then
     * the logs past their own periods.
     */
    async purgeExpired(at: Date) {
      const due = await database.jobs
        .select({ studentId: privacyErasures.studentId })
        .from(privacyErasures)
        .where(lte(privacyErasures.retainedUntil, at));
      const studentIds = due.map((row) => row.studentId);
      if (studentIds.length > 0) {
        await database.jobs.transaction(async (tx) => {
          await purgeCertificates(tx, studentIds);
          for (const studentId of studentIds) {
            await tx.execute(
              sql`select privacy_purge_account(${studentId}, ${at.toISOString()}::timestamptz)`,
            );
          }
        });
      }
      const logs = await purgeExpiredLogs(database.jobs, at);
      return { erasedLearners: studentIds.length, ...logs };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
