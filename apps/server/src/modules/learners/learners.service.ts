import {
  type AdministrativeInfo,
  type AdminLearnerList,
  type AdminLearnerListQuery,
  AdminLearnerListQuerySchema,
  type AdminLearnerRecord,
  type ImportFailure,
  type ImportLearnersInput,
  ImportLearnersInputSchema,
  type ImportPreview,
  type ImportResult,
  type InviteLearnerInput,
  InviteLearnerInputSchema,
  type Language,
  LEARNER_ACTIVE_DAYS,
  LEARNER_IMPORT_MAX_BYTES,
  type LearnerListQuery,
  LearnerListQuerySchema,
  type LearnerRecord,
  type LearnerStatus,
  type SessionUser,
  type UpdateAdministrativeInfoInputSchema,
} from '@cursus/contracts';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createFieldCipher } from '../../lib/secret.ts';
import {
  findOrganizationStudent,
  findProfilesByEmail,
  type OrganizationsService,
  pageOrganizationStudents,
  socialSecurityCollection,
} from '../organizations/organizations.module.ts';
import { CsvImportError, parseLearnerCsv, rowFailure } from './csv-import.ts';
import { learnerRecords } from './learners.tables.ts';
import { maskSocialSecurityNumber } from './social-security-number.ts';

type Fragment<T> = (studentId: SQLWrapper) => SQL<T>;

/** What the learners module reads from the others, through their entries (app.ts wires them). */
export interface LearnerSources {
  coursesOf: Fragment<{ id: string; title: string; progress: number }[]>;
  averageProgressOf: Fragment<number | null>;
  studentsOf: (courseId: string) => SQLWrapper;
  weekSecondsOf: (studentId: SQLWrapper, at: Date) => SQL<number>;
  lastActivityOf: Fragment<string | null>;
  signInCount: (filter: { userId: SQLWrapper; from?: Date }) => SQL<number>;
  enrollmentsOf: (
    tx: Tx,
    studentId: string,
  ) => Promise<{ courseId: string; title: string; progress: number; enrolledAt: Date }[]>;
  timeOf: (
    tx: Tx,
    studentId: string,
    at: Date,
  ) => Promise<{ weekSeconds: number; totalSeconds: number; perCourse: Map<string, number> }>;
  attemptsOf: (
    tx: Tx,
    studentId: string,
  ) => Promise<
    {
      id: string;
      quizId: string;
      quizTitle: string;
      score: number | null;
      passed: boolean | null;
      submittedAt: Date | null;
    }[]
  >;
  signaturesOf: (
    tx: Tx,
    studentId: string,
  ) => Promise<{ id: string; courseId: string; signatureType: string; signedAt: Date | null }[]>;
  attendanceOf: (
    tx: Tx,
    studentId: string,
  ) => Promise<
    { slotId: string; sessionTitle: string; period: string; startsAt: Date; status: string | null }[]
  >;
  certificatesOf: (
    tx: Tx,
    studentId: string,
  ) => Promise<{ id: string; kind: string; courseTitle: string; revokedAt: Date | null; issuedAt: Date }[]>;
  courseTitlesOf: (tx: Tx, courseIds: string[]) => Promise<Map<string, string>>;
  emailVerifiedOf: (userId: string) => Promise<boolean>;
  /** Enrols learners of the actor's organisation (the courses module checks the formation). */
  enroll: (actor: SessionUser, courseId: string, studentIds: string[]) => Promise<unknown>;
  inviteAccounts: (
    accounts: {
      email: string;
      firstName: string;
      lastName: string;
      role: 'student';
      organizationId: string;
      language: Language;
    }[],
  ) => Promise<Map<string, { userId: string; url: string }>>;
  /** Queues the invitation emails of one batch, in the language chosen for it. */
  sendInvitations: (batch: {
    language: Language;
    organizationName: string | null;
    recipients: { to: string; name: string; url: string }[];
  }) => Promise<unknown>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createLearnersService(deps: {
  database: Database;
  secret: string;
  adminEmails: readonly string[];
  organizations: OrganizationsService;
  sources: LearnerSources;
  now: () => Date;
}) {
  const { database, sources, now } = deps;
  const cipher = createFieldCipher(deps.secret, 'learner-social-security-number');

  function organizationOf(actor: SessionUser): string {
    if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
    return actor.organizationId;
  }
  const asStaff = <T>(actor: SessionUser, work: (tx: Tx, organizationId: string) => Promise<T>) => {
    const organizationId = organizationOf(actor);
    return database.withTenant(tenantOf(actor), (tx) => work(tx, organizationId));
  };

  /** The list's status of a learner, as a SQL expression over their id (LEARNER_STATUSES). */
  function statusOf(studentId: SQLWrapper, at: Date) {
    const since = new Date(at.getTime() - LEARNER_ACTIVE_DAYS * DAY_MS);
    return sql<LearnerStatus>`case
      when ${sources.signInCount({ userId: studentId })} = 0 then 'never_signed_in'
      when ${sources.signInCount({ userId: studentId, from: since })} > 0
        or ${sources.lastActivityOf(studentId)} >= ${since.toISOString()}::timestamptz then 'active'
      else 'inactive' end`;
  }

  function toAdministrative(row: typeof learnerRecords.$inferSelect | undefined): AdministrativeInfo {
    return {
      address: row?.address ?? null,
      city: row?.city ?? null,
      postalCode: row?.postalCode ?? null,
      country: row?.country ?? null,
      birthDate: row?.birthDate ?? null,
      birthPlace: row?.birthPlace ?? null,
      socialSecurityNumberMasked: row?.socialSecurityNumber
        ? maskSocialSecurityNumber(cipher.decrypt(row.socialSecurityNumber))
        : null,
      professionalStatus: (row?.professionalStatus as AdministrativeInfo['professionalStatus']) ?? null,
      employer: row?.employer ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async function readRecordRow(tx: Tx, studentId: string) {
    const [row] = await tx.select().from(learnerRecords).where(eq(learnerRecords.studentId, studentId));
    return row;
  }

  async function findStudent(tx: Tx, organizationId: string | null, studentId: string) {
    const student = await findOrganizationStudent(tx, organizationId, studentId);
    // Another organisation's learner, a trainer's id or nobody: the same 404.
    if (!student) throw new AppError('USER_NOT_FOUND');
    return student;
  }

  /**
   * Checks the rows again (they come back from the browser), then makes the accounts of those that
   * pass in one batch, and their records (the phone). Returns each row's outcome.
   */
  async function importBatch(actor: SessionUser, input: ReturnType<typeof ImportLearnersInputSchema.parse>) {
    const organizationId = organizationOf(actor);
    const outcome = new Map<number, { reason: ImportFailure | null; id: string | null }>();
    const seen = new Set<string>();
    const candidates: (typeof input.rows)[number][] = [];
    for (const raw of input.rows) {
      const row = { ...raw, email: raw.email.toLowerCase() };
      let reason = rowFailure(row);
      if (!reason && seen.has(row.email)) reason = 'duplicate_in_file';
      if (reason) outcome.set(row.line, { reason, id: null });
      else {
        seen.add(row.email);
        candidates.push(row);
      }
    }
    // Outside the tenant: an address may belong to another organisation's account, which the
    // tenant cannot see; the row then fails without saying where.
    const existing = await findProfilesByEmail(
      database.service,
      candidates.map((row) => row.email),
    );
    const existingByEmail = new Map(existing.map((row) => [row.email, row.organizationId]));
    const fresh = candidates.filter((row) => {
      if (!existingByEmail.has(row.email)) return true;
      const isMember = existingByEmail.get(row.email) === organizationId;
      outcome.set(row.line, { reason: isMember ? 'already_member' : 'email_taken', id: null });
      return false;
    });
    const made = await sources.inviteAccounts(
      fresh.map((row) => ({
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        role: 'student' as const,
        organizationId,
        language: input.language,
      })),
    );
    const imported = fresh.flatMap((row) => {
      const account = made.get(row.email);
      // Made by someone else between the check and the insert (another import at the same moment).
      outcome.set(
        row.line,
        account ? { reason: null, id: account.userId } : { reason: 'email_taken', id: null },
      );
      return account ? [{ row, ...account }] : [];
    });
    const withPhone = imported.filter(({ row }) => row.phone);
    if (withPhone.length > 0)
      await database.withTenant(tenantOf(actor), (tx) =>
        tx.insert(learnerRecords).values(
          withPhone.map(({ row, userId }) => ({
            studentId: userId,
            organizationId,
            phone: row.phone,
            updatedBy: actor.id,
          })),
        ),
      );
    const ids = imported.map(({ userId }) => userId);
    if (ids.length > 0) for (const courseId of input.courseIds) await sources.enroll(actor, courseId, ids);
    await sources.sendInvitations({
      language: input.language,
      organizationName: actor.organizationName,
      recipients: imported.map(({ row, url }) => ({
        to: row.email,
        name: `${row.firstName} ${row.lastName}`,
        url,
      })),
    });
    return outcome;
  }

  /** A learner's record; `organizationId` null reads a learner of any organisation (an admin). */
  async function recordOf(
    actor: SessionUser,
    organizationId: string | null,
    studentId: string,
  ): Promise<AdminLearnerRecord> {
    const at = now();
    const record = await database.withTenant(tenantOf(actor), async (tx) => {
      const student = await findStudent(tx, organizationId, studentId);
      const [enrollments, time, attempts, signatures, attendance, certificates, row, collects] =
        await Promise.all([
          sources.enrollmentsOf(tx, studentId),
          sources.timeOf(tx, studentId, at),
          sources.attemptsOf(tx, studentId),
          sources.signaturesOf(tx, studentId),
          sources.attendanceOf(tx, studentId),
          sources.certificatesOf(tx, studentId),
          readRecordRow(tx, studentId),
          socialSecurityCollection.read(tx, student.organizationId ?? ''),
        ]);
      const id = sql`${studentId}`;
      const activity = await tx.execute(
        sql`select ${statusOf(id, at)} as status, ${sources.lastActivityOf(id)} as last_activity`,
      );
      // Both drivers answer raw SQL with { rows }.
      const [status] = (
        activity as unknown as { rows: { status: LearnerStatus; last_activity: string | null }[] }
      ).rows;
      const titles = await sources.courseTitlesOf(tx, [
        ...new Set(signatures.map((signature) => signature.courseId)),
      ]);
      return {
        student,
        enrollments,
        time,
        attempts,
        signatures,
        attendance,
        certificates,
        row,
        collects,
        status,
        titles,
      };
    });
    const { student, enrollments, time, row } = record;
    return {
      identity: {
        id: student.id,
        fullName: student.fullName,
        firstName: student.firstName,
        lastName: student.lastName,
        email: student.email,
        phone: row?.phone ?? null,
        language: student.language === 'en' ? 'en' : 'fr',
        createdAt: student.createdAt.toISOString(),
        emailVerified: await sources.emailVerifiedOf(student.id),
        status: record.status?.status ?? 'never_signed_in',
        lastActivityAt: record.status?.last_activity
          ? new Date(record.status.last_activity).toISOString()
          : null,
      },
      enrollments: enrollments.map((enrollment) => ({
        courseId: enrollment.courseId,
        title: enrollment.title,
        progress: enrollment.progress,
        enrolledAt: enrollment.enrolledAt.toISOString(),
        trackedSeconds: time.perCourse.get(enrollment.courseId) ?? 0,
      })),
      time: { weekSeconds: time.weekSeconds, totalSeconds: time.totalSeconds },
      quizAttempts: record.attempts.map((attempt) => ({
        ...attempt,
        submittedAt: attempt.submittedAt?.toISOString() ?? null,
      })),
      signatures: record.signatures.flatMap((signature) =>
        signature.signedAt
          ? [
              {
                id: signature.id,
                courseTitle: record.titles.get(signature.courseId) ?? '',
                signatureType: signature.signatureType,
                signedAt: signature.signedAt.toISOString(),
              },
            ]
          : [],
      ),
      attendance: record.attendance.map((slot) => ({
        slotId: slot.slotId,
        sessionTitle: slot.sessionTitle,
        period: slot.period === 'afternoon' ? ('afternoon' as const) : ('morning' as const),
        startsAt: slot.startsAt.toISOString(),
        status: slot.status === 'attended' || slot.status === 'absent' ? slot.status : null,
      })),
      certificates: record.certificates.map((certificate) => ({
        id: certificate.id,
        kind: certificate.kind === 'completion' ? ('completion' as const) : ('realisation' as const),
        courseTitle: certificate.courseTitle,
        status: certificate.revokedAt ? ('revoked' as const) : ('valid' as const),
        issuedAt: certificate.issuedAt.toISOString(),
      })),
      administrative: toAdministrative(row),
      collectsSocialSecurityNumber: record.collects,
      organization: { id: student.organizationId ?? '', name: student.organizationName },
    };
  }

  async function pageLearners(
    tx: Tx,
    organizationId: string | null,
    query: ReturnType<typeof LearnerListQuerySchema.parse>,
  ) {
    const at = now();
    const page = await pageOrganizationStudents(
      tx,
      {
        organizationId,
        search: query.search,
        adminEmails: deps.adminEmails,
        columns: (studentId) => ({
          courses: sources.coursesOf(studentId),
          progress: sources.averageProgressOf(studentId),
          weekTime: sources.weekSecondsOf(studentId, at),
          lastActivity: sources.lastActivityOf(studentId),
          status: statusOf(studentId, at),
        }),
        where: (studentId, columns) => {
          const conditions: SQL[] = [];
          if (query.courseId) conditions.push(sql`${studentId} in (${sources.studentsOf(query.courseId)})`);
          if (query.status) conditions.push(sql`${columns.status} = ${query.status}`);
          if (query.progress === 'none') conditions.push(sql`${columns.progress} is null`);
          if (query.progress === 'not_started') conditions.push(sql`${columns.progress} = 0`);
          if (query.progress === 'in_progress') conditions.push(sql`${columns.progress} between 1 and 99`);
          if (query.progress === 'completed') conditions.push(sql`${columns.progress} = 100`);
          return conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
        },
        sort: query.sort,
        order: query.order,
      },
      query,
    );
    return {
      ...page,
      items: page.items.map((row) => ({
        id: row.id,
        fullName: row.fullName,
        email: row.email,
        courses: row.courses ?? [],
        progress: row.progress === null ? null : Number(row.progress),
        weekSeconds: Number(row.weekTime ?? 0),
        lastActivityAt: row.lastActivity ? new Date(row.lastActivity).toISOString() : null,
        status: row.status,
        organization: { id: row.organizationId ?? '', name: row.organizationName ?? '' },
        joinedAt: row.createdAt.toISOString(),
      })),
    };
  }

  return {
    async list(actor: SessionUser, rawQuery: LearnerListQuery) {
      const query = LearnerListQuerySchema.parse(rawQuery);
      const page = await asStaff(actor, (tx, organizationId) => pageLearners(tx, organizationId, query));
      return {
        ...page,
        items: page.items.map(({ organization: _organization, joinedAt: _joinedAt, ...row }) => row),
      };
    },

    /** A platform admin's list: every organisation's learners, or one organisation's. */
    adminList(actor: SessionUser, rawQuery: AdminLearnerListQuery): Promise<AdminLearnerList> {
      const query = AdminLearnerListQuerySchema.parse(rawQuery);
      return database.withTenant(tenantOf(actor), (tx) =>
        pageLearners(tx, query.organizationId ?? null, query),
      );
    },

    /** One learner invited by email: the account, the optional enrolments, the invitation. */
    async invite(actor: SessionUser, rawInput: InviteLearnerInput) {
      const input = InviteLearnerInputSchema.parse(rawInput);
      const outcome = await importBatch(actor, {
        rows: [
          { line: 1, lastName: input.lastName, firstName: input.firstName, email: input.email, phone: '' },
        ],
        courseIds: input.courseIds,
        language: input.language,
      });
      const result = outcome.get(1);
      if (!result?.id)
        throw new AppError('ACCOUNT_EXISTS', { fields: [{ path: 'email', message: 'ACCOUNT_EXISTS' }] });
      return { id: result.id, email: input.email, fullName: `${input.firstName} ${input.lastName}` };
    },

    async previewImport(actor: SessionUser, base64: string): Promise<ImportPreview> {
      organizationOf(actor);
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > LEARNER_IMPORT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
      let preview: ImportPreview;
      try {
        preview = parseLearnerCsv(bytes);
      } catch (error) {
        if (error instanceof CsvImportError) throw new AppError(error.code);
        throw error;
      }
      const organizationId = organizationOf(actor);
      {
        const pending = preview.rows.filter((row) => row.state === 'pending');
        const existing = await findProfilesByEmail(
          database.service,
          pending.map((row) => row.email),
        );
        const organizationByEmail = new Map(existing.map((row) => [row.email, row.organizationId]));
        return {
          ...preview,
          rows: preview.rows.map((row) =>
            row.state === 'pending' && organizationByEmail.has(row.email)
              ? {
                  ...row,
                  state: 'failed' as const,
                  reason:
                    organizationByEmail.get(row.email) === organizationId
                      ? ('already_member' as const)
                      : ('email_taken' as const),
                }
              : row,
          ),
        };
      }
    },

    async importRows(actor: SessionUser, rawInput: ImportLearnersInput): Promise<ImportResult> {
      const input = ImportLearnersInputSchema.parse(rawInput);
      const outcome = await importBatch(actor, input);
      return {
        rows: input.rows.map((row) => {
          const result = outcome.get(row.line);
          return {
            line: row.line,
            state: result?.id ? ('imported' as const) : ('failed' as const),
            reason: result?.reason ?? null,
            id: result?.id ?? null,
          };
        }),
      };
    },

    get: (actor: SessionUser, studentId: string): Promise<LearnerRecord> =>
      recordOf(actor, organizationOf(actor), studentId).then(
        ({ organization: _organization, ...record }) => record,
      ),

    /** A platform admin reads any organisation's learner, read only (`/admin/student/:studentId`). */
    adminGet: (actor: SessionUser, studentId: string): Promise<AdminLearnerRecord> =>
      recordOf(actor, null, studentId),

    /**
     * Staff edit a learner's administrative info. The social security number is kept only when the
     * organisation collects it, encrypted; it is never returned, logged or exported in clear.
     */
    async updateAdministrative(
      actor: SessionUser,
      studentId: string,
      input: z.output<typeof UpdateAdministrativeInfoInputSchema>,
    ): Promise<AdministrativeInfo> {
      return asStaff(actor, async (tx, organizationId) => {
        await findStudent(tx, organizationId, studentId);
        const collects = await socialSecurityCollection.read(tx, organizationId);
        const { socialSecurityNumber, ...fields } = input;
        if (socialSecurityNumber && !collects) throw new AppError('SSN_NOT_COLLECTED');
        const ssn =
          socialSecurityNumber === undefined
            ? {}
            : {
                socialSecurityNumber: socialSecurityNumber
                  ? cipher.encrypt(socialSecurityNumber.replace(/\s+/g, '').toUpperCase())
                  : null,
              };
        const values = { ...fields, ...ssn, updatedBy: actor.id, updatedAt: now() };
        const [row] = await tx
          .insert(learnerRecords)
          .values({ studentId, organizationId, ...values })
          .onConflictDoUpdate({ target: learnerRecords.studentId, set: values })
          .returning();
        return toAdministrative(row);
      });
    },

    /** A learner reads their own administrative info (their profile page). */
    async myAdministrative(actor: SessionUser): Promise<AdministrativeInfo> {
      return database.withTenant(tenantOf(actor), async (tx) =>
        toAdministrative(await readRecordRow(tx, actor.id)),
      );
    },

    /**
     * A learner named by an integration rather than a person (the funding platform's registration
     * folders): the organisation's existing learner with that address, or a new account invited the
     * way staff invite one. Idempotent, so a delivery processed again finds the account it made.
     */
    async placeFromIntegration(
      organization: { id: string; name: string | null },
      person: { email: string; firstName: string; lastName: string; language: Language },
    ): Promise<{ studentId: string; invited: boolean } | { refused: 'email_taken' }> {
      const email = person.email.toLowerCase();
      const findExisting = async () => {
        // Outside the tenant: the address may be another organisation's, which must not be taken over.
        const [existing] = await findProfilesByEmail(database.service, [email]);
        if (!existing) return null;
        // A trainer's address, or another organisation's learner: not this organisation's learner.
        const student =
          existing.organizationId === organization.id
            ? await database.service.transaction((tx) =>
                findOrganizationStudent(tx, organization.id, existing.id),
              )
            : undefined;
        return student ? { studentId: student.id, invited: false } : { refused: 'email_taken' as const };
      };
      const existing = await findExisting();
      if (existing) return existing;
      const made = await sources.inviteAccounts([
        { ...person, email, role: 'student', organizationId: organization.id },
      ]);
      const account = made.get(email);
      // Made meanwhile by another delivery of the same folder: that account is the learner.
      if (!account) return (await findExisting()) ?? { refused: 'email_taken' };
      await sources.sendInvitations({
        language: person.language,
        organizationName: organization.name,
        recipients: [{ to: email, name: `${person.firstName} ${person.lastName}`, url: account.url }],
      });
      return { studentId: account.userId, invited: true };
    },

    getSettings: (actor: SessionUser) =>
      asStaff(actor, async (tx, organizationId) => ({
        collectsSocialSecurityNumber: await socialSecurityCollection.read(tx, organizationId),
      })),

    /** Switching collection off also erases the numbers already stored: none is kept unused. */
    setSettings: (actor: SessionUser, collects: boolean) =>
      asStaff(actor, async (tx, organizationId) => {
        const value = await socialSecurityCollection.set(tx, organizationId, collects);
        if (!value)
          await tx
            .update(learnerRecords)
            .set({ socialSecurityNumber: null })
            .where(eq(learnerRecords.organizationId, organizationId));
        return { collectsSocialSecurityNumber: value };
      }),
  };
}

export type LearnersService = ReturnType<typeof createLearnersService>;
