import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CERTIFICATE_VERIFY_LIMIT,
  type Certificate,
  type CertificateCandidates,
  type CertificateKind,
  type CertificateList,
  type CertificateListQuery,
  CertificateListQuerySchema,
  type CertificateVerification,
  certificateVerifyPath,
  fileUrl,
  type IssueCertificateInput,
  type SessionUser,
} from '@cursus/contracts';
import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter } from '../../lib/rate-limit.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { FilesService } from '../files/files.module.ts';
import type { LegalLines } from '../organizations/organizations.module.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { certificates } from './certificates.tables.ts';

type CertificateRow = typeof certificates.$inferSelect;

/** The time-tracking module's answer: each learner's tracked time on one formation. */
export type CourseTimeOf = (
  tx: Tx,
  courseId: string,
  studentIds: string[],
) => Promise<Map<string, { seconds: number; firstAt: Date; lastAt: Date }>>;

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 80 random bits, as 16 characters. */
export function newVerificationCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = 0; index < 16; index += 1) {
    code = CODE_ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return code;
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function toCertificate(row: CertificateRow): Certificate {
  return {
    id: row.id,
    kind: row.kind as CertificateKind,
    status: row.revokedAt ? 'revoked' : 'valid',
    code: row.code,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    studentId: row.studentId,
    studentName: row.studentName,
    trackedSeconds: row.trackedSeconds,
    firstActivityAt: iso(row.firstActivityAt),
    lastActivityAt: iso(row.lastActivityAt),
    fileUrl: fileUrl(row.fileId),
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: iso(row.revokedAt),
  };
}

/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
}

function fileNameOf(kind: CertificateKind, studentName: string): string {
  const slug = studentName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  const prefix = kind === 'realisation' ? 'certificat-realisation' : 'attestation-fin-formation';
  return `${prefix}${slug ? `-${slug}` : ''}.pdf`;
}

interface CourseFacts {
  id: string;
  organizationId: string;
  title: string;
  objectives: string;
  organizationName: string;
}

/** Who employs the learner, as their record states it; null when nobody said. */
export type EmployerOf = (tx: Tx, organizationId: string, studentId: string) => Promise<string | null>;

export function createCertificatesService(deps: {
  database: Database;
  files: FilesService;
  /** The provider's address, SIRET and NDA as the organisation states them when the PDF is issued. */
  legalLinesOf: (tx: Tx, organizationId: string) => Promise<LegalLines>;
  employerOf: EmployerOf;
  /** Told of each certificate issued, once it is stored (the module notifies the learner). */
  onIssued?: (issued: { certificate: Certificate; organizationId: string }) => Promise<void>;
  courseTimeOf: CourseTimeOf;
  /** Half-days attended in the formation's group sessions, which count as hours realised too. */
  attendedTimeOf: CourseTimeOf;
  /** Where the verification page lives: the QR code of each PDF points there. */
  appUrl: string;
  now: () => Date;
}) {
  const { database, files, now } = deps;

  /** Hours realised: tracked learning time plus attended group-session time, first to last activity. */
  const courseTimeOf: CourseTimeOf = async (tx, courseId, studentIds) => {
    const tracked = await deps.courseTimeOf(tx, courseId, studentIds);
    const attended = await deps.attendedTimeOf(tx, courseId, studentIds);
    for (const [studentId, present] of attended) {
      const online = tracked.get(studentId);
      tracked.set(
        studentId,
        online
          ? {
              seconds: online.seconds + present.seconds,
              firstAt: online.firstAt < present.firstAt ? online.firstAt : present.firstAt,
              lastAt: online.lastAt > present.lastAt ? online.lastAt : present.lastAt,
            }
          : present,
      );
    }
    return tracked;
  };
  const attempts = createAttemptCounter(database.service, now);
  const appUrl = deps.appUrl.replace(/\/+$/, '');

  /** The formation, if the actor's organisation holds it (any for an admin, by the policies). */
  async function findCourse(tx: Tx, actor: SessionUser, courseId: string): Promise<CourseFacts> {
    const scope = actor.role === 'admin' ? sql`true` : sql`c.organization_id = ${actor.organizationId}`;
    const [course] = rowsOf<{
      id: string;
      organization_id: string;
      title: string;
      objectives: string;
      organization_name: string | null;
    }>(
      await tx.execute(sql`select c.id, c.organization_id, c.title, c.objectives,
        (select o.name from organizations o where o.id = c.organization_id) as organization_name
        from courses c where c.id = ${courseId} and ${scope}`),
    );
    if (!course) throw new AppError('TRAINING_NOT_FOUND');
    return {
      id: course.id,
      organizationId: course.organization_id,
      title: course.title,
      objectives: course.objectives,
      organizationName: course.organization_name ?? '',
    };
  }

  /** The formation's enrolled learners, with their names and progress. */
  async function enrolledLearners(tx: Tx, courseId: string, studentId?: string) {
    const only = studentId ? sql`and e.student_id = ${studentId}` : sql``;
    return rowsOf<{ student_id: string; full_name: string | null; progress: number }>(
      await tx.execute(sql`select e.student_id, p.full_name, e.progress
        from course_enrollments e left join profiles p on p.id = e.student_id
        where e.course_id = ${courseId} ${only}
        order by p.full_name, e.student_id`),
    );
  }

  function staffOrganization(actor: SessionUser) {
    if (actor.role !== 'admin' && !actor.organizationId) throw new AppError('NO_ORGANIZATION');
  }

  return {
    async list(actor: SessionUser, input: CertificateListQuery): Promise<CertificateList> {
      staffOrganization(actor);
      const query = CertificateListQuerySchema.parse(input);
      const filters: (SQL | undefined)[] = [
        actor.role === 'admin' ? undefined : eq(certificates.organizationId, actor.organizationId!),
        query.courseId ? eq(certificates.courseId, query.courseId) : undefined,
        query.kind ? eq(certificates.kind, query.kind) : undefined,
        query.status === 'valid' ? isNull(certificates.revokedAt) : undefined,
        query.status === 'revoked' ? isNotNull(certificates.revokedAt) : undefined,
        query.search ? ilike(certificates.studentName, containsPattern(query.search)) : undefined,
      ];
      const where = and(...filters);
      return database.withTenant(tenantOf(actor), (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(certificates).where(where),
          tx
            .select()
            .from(certificates)
            .where(where)
            .orderBy(desc(certificates.issuedAt), desc(certificates.id))
            .$dynamic(),
          toCertificate,
        ),
      );
    },

    async candidates(actor: SessionUser, courseId: string): Promise<CertificateCandidates> {
      staffOrganization(actor);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const course = await findCourse(tx, actor, courseId);
        const learners = await enrolledLearners(tx, course.id);
        const ids = learners.map((learner) => learner.student_id);
        const time = await courseTimeOf(tx, course.id, ids);
        const issued = await tx
          .select({ id: certificates.id, studentId: certificates.studentId, kind: certificates.kind })
          .from(certificates)
          .where(and(eq(certificates.courseId, course.id), isNull(certificates.revokedAt)));
        const issuedOf = (studentId: string, kind: CertificateKind) =>
          issued.find((row) => row.studentId === studentId && row.kind === kind)?.id ?? null;
        return {
          courseId: course.id,
          courseTitle: course.title,
          items: learners.map((learner) => ({
            studentId: learner.student_id,
            studentName: learner.full_name ?? '',
            progress: learner.progress,
            completed: learner.progress >= 100,
            trackedSeconds: time.get(learner.student_id)?.seconds ?? 0,
            issued: {
              realisation: issuedOf(learner.student_id, 'realisation'),
              completion: issuedOf(learner.student_id, 'completion'),
            },
          })),
        };
      });
    },

    /**
     * Reads what the certificate states (hours from tracked time), renders the PDF, stores it
     * through the files module, then records the certificate. A PDF stored by a request that then
     * fails is left to the orphaned files sweep.
     */
    async issue(actor: SessionUser, input: IssueCertificateInput): Promise<Certificate> {
      staffOrganization(actor);
      const issuedAt = now();
      const facts = await database.withTenant(tenantOf(actor), async (tx) => {
        const course = await findCourse(tx, actor, input.courseId);
        const [learner] = await enrolledLearners(tx, course.id, input.studentId);
        if (!learner) throw new AppError('USER_NOT_FOUND');
        if (input.kind === 'completion' && learner.progress < 100) throw new AppError('COURSE_NOT_COMPLETED');
        const [existing] = await tx
          .select({ id: certificates.id })
          .from(certificates)
          .where(
            and(
              eq(certificates.courseId, course.id),
              eq(certificates.studentId, learner.student_id),
              eq(certificates.kind, input.kind),
              isNull(certificates.revokedAt),
            ),
          );
        if (existing) throw new AppError('CERTIFICATE_ALREADY_ISSUED');
        const time = (await courseTimeOf(tx, course.id, [learner.student_id])).get(learner.student_id);
        const legal = await deps.legalLinesOf(tx, course.organizationId);
        const employer = await deps.employerOf(tx, course.organizationId, learner.student_id);
        return { course, learner, time, legal, employer };
      });
      const { course, learner, time, legal, employer } = facts;
      const code = newVerificationCode();
      const studentName = learner.full_name ?? '';
      const pdf = await renderCertificatePdf({
        kind: input.kind,
        code,
        verifyUrl: `${appUrl}${certificateVerifyPath(code)}`,
        studentName,
        employer,
        courseTitle: course.title,
        courseObjectives: course.objectives,
        organizationName: course.organizationName,
        // Printed into the stored PDF, so a later change of the organisation's details leaves it as issued.
        organizationAddress: legal.address,
        organizationSiret: legal.siret,
        organizationNda: legal.activityDeclarationNumber,
        trackedSeconds: time?.seconds ?? 0,
        firstActivityAt: time?.firstAt ?? null,
        lastActivityAt: time?.lastAt ?? null,
        issuedAt,
      });
      const stored = await files.upload(actor, {
        purpose: 'document',
        organizationId: course.organizationId,
        fileName: fileNameOf(input.kind, studentName),
        source: Readable.from([Buffer.from(pdf)]),
      });
      try {
        const [row] = await database.withTenant(tenantOf(actor), (tx) =>
          tx
            .insert(certificates)
            .values({
              organizationId: course.organizationId,
              kind: input.kind,
              code,
              studentId: learner.student_id,
              courseId: course.id,
              studentName,
              courseTitle: course.title,
              organizationName: course.organizationName,
              trackedSeconds: time?.seconds ?? 0,
              firstActivityAt: time?.firstAt ?? null,
              lastActivityAt: time?.lastAt ?? null,
              fileId: stored.id,
              issuedBy: actor.id,
              issuedAt,
            })
            .returning(),
        );
        const certificate = toCertificate(row!);
        await deps.onIssued?.({ certificate, organizationId: course.organizationId });
        return certificate;
      } catch (error) {
        // Two requests for the same learner raced: the other one's certificate stands.
        if (isUniqueViolation(error)) throw new AppError('CERTIFICATE_ALREADY_ISSUED');
        throw error;
      }
    },

    async revoke(actor: SessionUser, id: string): Promise<Certificate> {
      staffOrganization(actor);
      const scope =
        actor.role === 'admin' ? undefined : eq(certificates.organizationId, actor.organizationId!);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const [revoked] = await tx
          .update(certificates)
          .set({ revokedAt: now(), revokedBy: actor.id })
          .where(and(eq(certificates.id, id), isNull(certificates.revokedAt), scope))
          .returning();
        if (revoked) return toCertificate(revoked);
        // Already revoked stays as it was; unknown and another organisation's answer alike.
        const [row] = await tx
          .select()
          .from(certificates)
          .where(and(eq(certificates.id, id), scope));
        if (!row) throw new AppError('NOT_FOUND');
        return toCertificate(row);
      });
    },

    async listMine(user: SessionUser): Promise<{ items: Certificate[] }> {
      if (!user.organizationId) return { items: [] };
      const rows = await database.withTenant(tenantOf(user), (tx) =>
        tx
          .select()
          .from(certificates)
          .where(
            and(eq(certificates.studentId, user.id), eq(certificates.organizationId, user.organizationId!)),
          )
          .orderBy(desc(certificates.issuedAt)),
      );
      return { items: rows.map(toCertificate) };
    },

    /** The public page's answer, for anyone holding the code (rate limited per IP). */
    async verify(code: string, ip: string): Promise<CertificateVerification> {
      await attempts.consume(`ip:${ip}:certificate-verify`, CERTIFICATE_VERIFY_LIMIT);
      const [row] = await database.service.select().from(certificates).where(eq(certificates.code, code));
      if (!row) return { genuine: false, reason: 'unknown' };
      if (row.revokedAt) return { genuine: false, reason: 'revoked' };
      return {
        genuine: true,
        kind: row.kind as CertificateKind,
        studentName: row.studentName,
        courseTitle: row.courseTitle,
        organizationName: row.organizationName,
        trackedSeconds: row.trackedSeconds,
        issuedAt: row.issuedAt.toISOString(),
      };
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
