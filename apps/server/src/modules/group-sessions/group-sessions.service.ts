import {
  type AdminGroupSession,
  type CreateGroupSessionInput,
  CreateGroupSessionInputSchema,
  type GroupSession,
  type GroupSessionDetail,
  type GroupSessionLearnerQuery,
  GroupSessionLearnerQuerySchema,
  type GroupSessionListQuery,
  GroupSessionListQuerySchema,
  type GroupSessionParticipant,
  type GroupSessionTiming,
  type LearnerGroupSession,
  type LearnerGroupSessionListQuery,
  LearnerGroupSessionListQuerySchema,
  type SessionUser,
  type UpdateGroupSessionInput,
  UpdateGroupSessionInputSchema,
} from '@cursus/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { type Database, type TenantContext, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { EmailService, UserEmailData } from '../email/email.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { groupSessionParticipants, groupSessions } from './group-sessions.tables.ts';

type SessionRow = typeof groupSessions.$inferSelect;

/** SPEC 9: a learner is reminded of a session starting within the next 25 hours. */
export const REMINDER_WINDOW_HOURS = 25;
const HOUR_MS = 60 * 60 * 1000;

/** The learner's page of a session, where every email about it leads. */
export const liveSessionPath = (sessionId: string) => `/group-sessions/${encodeURIComponent(sessionId)}/live`;

// The formation's title and the organisation's name live in other domains' tables: read in the
// same statement as the session, under the same tenant policies.
const courseTitle = sql<string | null>`(select c.title from courses c where c.id = group_sessions.course_id)`;
// Columns of the outer row written out in full: inside a select, drizzle names a column without its
// table, and a subquery's own `id` would then win.
const participantCount = sql<number>`(select count(*) from group_session_participants gp
  where gp.session_id = group_sessions.id)`.mapWith(Number);
const organizationName = sql<string>`coalesce((select o.name from organizations o
  where o.id = group_sessions.organization_id), '')`;

const endOf = sql`(${groupSessions.meetingDate} + ${groupSessions.durationMinutes} * interval '1 minute')`;

/** Where a session stands at `at`: upcoming until it starts, ongoing until it ends, then past. */
export function timingOf(
  session: { meetingDate: Date; durationMinutes: number },
  at: Date,
): GroupSessionTiming {
  const start = session.meetingDate.getTime();
  if (at.getTime() < start) return 'upcoming';
  if (at.getTime() < start + session.durationMinutes * 60_000) return 'ongoing';
  return 'past';
}

function timingFilter(filter: 'all' | GroupSessionTiming, at: Date): SQL | undefined {
  switch (filter) {
    case 'upcoming':
      return gt(groupSessions.meetingDate, at);
    case 'ongoing':
      return and(lte(groupSessions.meetingDate, at), sql`${endOf} > ${at.toISOString()}::timestamptz`);
    case 'past':
      return sql`${endOf} <= ${at.toISOString()}::timestamptz`;
    default:
      return undefined;
  }
}

function organizationOf(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

/** Rows of a raw statement: both drivers answer `{ rows }`; Drizzle types it per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export function createGroupSessionsService(deps: {
  database: Database;
  organizations: Pick<OrganizationsService, 'pageStudents'>;
  email: Pick<EmailService, 'sendToUser'>;
  notifications: Pick<NotificationsService, 'createNotifications'>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, organizations, email, notifications, now, log } = deps;

  function toSession(
    row: { session: SessionRow; courseTitle: string | null },
    at: Date,
  ): Omit<GroupSession, 'participantCount'> {
    const { session } = row;
    return {
      id: session.id,
      organizationId: session.organizationId,
      courseId: session.courseId,
      courseTitle: row.courseTitle,
      title: session.title,
      description: session.description,
      meetingDate: session.meetingDate.toISOString(),
      durationMinutes: session.durationMinutes,
      location: session.location,
      meetingUrl: session.meetingUrl,
      timing: timingOf(session, at),
      createdAt: session.createdAt.toISOString(),
      updatedAt: session.updatedAt.toISOString(),
    };
  }

  async function participantsOf(tx: Tx, sessionId: string): Promise<GroupSessionParticipant[]> {
    return rowsOf<GroupSessionParticipant>(
      await tx.execute(sql`select gp.student_id as "id", coalesce(p.full_name, '') as "fullName",
          coalesce(p.email, '') as "email"
        from group_session_participants gp left join profiles p on p.id = gp.student_id
        where gp.session_id = ${sessionId}
        order by p.full_name, gp.student_id`),
    );
  }

  async function findForStaff(tx: Tx, organizationId: string | null, sessionId: string) {
    const [row] = await tx
      .select({ session: groupSessions, courseTitle })
      .from(groupSessions)
      .where(
        and(
          eq(groupSessions.id, sessionId),
          organizationId ? eq(groupSessions.organizationId, organizationId) : undefined,
        ),
      );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function detailOf(
    tx: Tx,
    organizationId: string | null,
    sessionId: string,
  ): Promise<GroupSessionDetail> {
    const row = await findForStaff(tx, organizationId, sessionId);
    const participants = await participantsOf(tx, sessionId);
    return { ...toSession(row, now()), participantCount: participants.length, participants };
  }

  async function checkCourse(tx: Tx, organizationId: string, courseId: string | null) {
    if (!courseId) return;
    const [found] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select id from courses where id = ${courseId} and organization_id = ${organizationId}`,
      ),
    );
    if (!found) throw new AppError('TRAINING_NOT_FOUND');
  }

  /**
   * The learners to invite: those named, each a learner of the organisation (anyone else answers
   * USER_NOT_FOUND, as an unknown id would), plus the formation's enrolled learners when asked.
   */
  async function resolveInvitees(
    tx: Tx,
    organizationId: string,
    studentIds: readonly string[],
    courseId: string | null,
    withCourseLearners: boolean,
  ): Promise<string[]> {
    const named = [...new Set(studentIds)];
    if (named.length > 0) {
      const found = rowsOf<{ id: string }>(
        await tx.execute(sql`select p.id from profiles p
          where p.id in (${idList(named)}) and p.organization_id = ${organizationId}
            and coalesce((select r.role from user_roles r where r.user_id = p.id), p.role) = 'student'`),
      );
      if (found.length !== named.length) throw new AppError('USER_NOT_FOUND');
    }
    if (!withCourseLearners || !courseId) return named;
    const enrolled = rowsOf<{ id: string }>(
      await tx.execute(sql`select e.student_id as id from course_enrollments e
        join profiles p on p.id = e.student_id and p.organization_id = ${organizationId}
        where e.course_id = ${courseId}`),
    );
    return [...new Set([...named, ...enrolled.map((row) => row.id)])];
  }

  async function addParticipants(tx: Tx, organizationId: string, sessionId: string, studentIds: string[]) {
    if (studentIds.length === 0) return [];
    const added = await tx
      .insert(groupSessionParticipants)
      .values(studentIds.map((studentId) => ({ organizationId, sessionId, studentId })))
      .onConflictDoNothing()
      .returning({ studentId: groupSessionParticipants.studentId });
    return added.map((row) => row.studentId);
  }

  function invitationData(session: SessionRow, organizerName: string) {
    const schedule = {
      startsAt: session.meetingDate.toISOString(),
      durationMinutes: session.durationMinutes,
      location: session.location,
      meetingUrl: session.meetingUrl,
      path: liveSessionPath(session.id),
    };
    const created: UserEmailData['group-session-created'] = { sessionTitle: session.title, ...schedule };
    const invitation: UserEmailData['meeting-invitation'] = {
      title: session.title,
      organizerName,
      ...schedule,
    };
    return { created, invitation };
  }

  /**
   * After the commit: each learner gets the announcement (only when newly invited) and the
   * calendar invitation. sendToUser never throws; a failure is logged there and the session stays.
   */
  async function mailInvitees(
    session: SessionRow,
    organizerName: string,
    invited: string[],
    rescheduled: string[],
  ) {
    const { created, invitation } = invitationData(session, organizerName);
    try {
      // The bell tells the newly invited at once; the emails follow.
      await notifications.createNotifications(
        invited.map((userId) => ({ userId, organizationId: session.organizationId })),
        {
          type: 'group_session_scheduled',
          actionUrl: `/group-sessions`,
          metadata: {
            sessionId: session.id,
            title: session.title,
            startsAt: session.meetingDate.toISOString(),
          },
        },
      );
      for (const userId of invited) {
        await email.sendToUser({ userId, template: 'group-session-created', data: created });
        await email.sendToUser({ userId, template: 'meeting-invitation', data: invitation });
      }
      for (const userId of rescheduled) {
        await email.sendToUser({ userId, template: 'meeting-invitation', data: invitation });
      }
    } catch (error) {
      log.error({ err: error, sessionId: session.id }, 'group session emails failed');
    }
  }

  function listWhere(
    query: { filter: 'all' | GroupSessionTiming; search?: string },
    organizationId?: string,
  ) {
    return and(
      organizationId ? eq(groupSessions.organizationId, organizationId) : undefined,
      timingFilter(query.filter, now()),
      query.search
        ? or(
            ilike(groupSessions.title, containsPattern(query.search)),
            ilike(groupSessions.location, containsPattern(query.search)),
          )
        : undefined,
    );
  }

  function listOrder(query: { sort: 'meetingDate' | 'title' | 'createdAt'; order: 'asc' | 'desc' }) {
    const column = {
      meetingDate: groupSessions.meetingDate,
      title: groupSessions.title,
      createdAt: groupSessions.createdAt,
    }[query.sort];
    const direction = query.order === 'asc' ? asc : desc;
    return [direction(column), direction(groupSessions.id)];
  }

  return {
    async listForTrainer(actor: SessionUser, input: GroupSessionListQuery) {
      const organizationId = organizationOf(actor);
      const query = GroupSessionListQuerySchema.parse(input);
      const where = listWhere(query, organizationId);
      const at = now();
      return database.withTenant(tenantOf(actor), (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(groupSessions).where(where),
          tx
            .select({ session: groupSessions, courseTitle, participantCount })
            .from(groupSessions)
            .where(where)
            .orderBy(...listOrder(query))
            .$dynamic(),
          (row): GroupSession => ({ ...toSession(row, at), participantCount: row.participantCount }),
        ),
      );
    },

    /** Every organisation's sessions: row-level security lets the platform administrator read them. */
    async listForAdmin(actor: SessionUser, input: GroupSessionListQuery) {
      const query = GroupSessionListQuerySchema.parse(input);
      const where = listWhere(query);
      const at = now();
      return database.withTenant(tenantOf(actor), (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(groupSessions).where(where),
          tx
            .select({ session: groupSessions, courseTitle, participantCount, organizationName })
            .from(groupSessions)
            .where(where)
            .orderBy(...listOrder(query))
            .$dynamic(),
          (row): AdminGroupSession => ({
            ...toSession(row, at),
            participantCount: row.participantCount,
            organizationName: row.organizationName,
          }),
        ),
      );
    },

    async listLearners(actor: SessionUser, input: GroupSessionLearnerQuery) {
      const organizationId = organizationOf(actor);
      const query = GroupSessionLearnerQuerySchema.parse(input);
      const page = await organizations.pageStudents(
        tenantOf(actor),
        { organizationId, search: query.search },
        query,
      );
      return {
        ...page,
        items: page.items.map(({ id, fullName, email: address }) => ({ id, fullName, email: address })),
      };
    },

    async get(actor: SessionUser, sessionId: string): Promise<GroupSessionDetail> {
      const organizationId = actor.role === 'admin' ? null : organizationOf(actor);
      return database.withTenant(tenantOf(actor), (tx) => detailOf(tx, organizationId, sessionId));
    },

    async create(actor: SessionUser, input: CreateGroupSessionInput): Promise<GroupSessionDetail> {
      const organizationId = organizationOf(actor);
      const body = CreateGroupSessionInputSchema.parse(input);
      const at = now();
      const { detail, session, invited } = await database.withTenant(tenantOf(actor), async (tx) => {
        await checkCourse(tx, organizationId, body.courseId);
        const invitees = await resolveInvitees(
          tx,
          organizationId,
          body.studentIds,
          body.courseId,
          body.inviteCourseLearners,
        );
        const [row] = await tx
          .insert(groupSessions)
          .values({
            organizationId,
            courseId: body.courseId,
            title: body.title,
            description: body.description,
            meetingDate: new Date(body.meetingDate),
            durationMinutes: body.durationMinutes,
            location: body.location,
            meetingUrl: body.meetingUrl,
            createdBy: actor.id,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        const added = await addParticipants(tx, organizationId, row!.id, invitees);
        return { session: row!, invited: added, detail: await detailOf(tx, organizationId, row!.id) };
      });
      await mailInvitees(session, actor.fullName, invited, []);
      return detail;
    },

    async update(actor: SessionUser, sessionId: string, input: UpdateGroupSessionInput) {
      const organizationId = organizationOf(actor);
      const body = UpdateGroupSessionInputSchema.parse(input);
      const result = await database.withTenant(tenantOf(actor), async (tx) => {
        const { session: before } = await findForStaff(tx, organizationId, sessionId);
        const courseId = body.courseId === undefined ? before.courseId : body.courseId;
        await checkCourse(tx, organizationId, courseId);
        const location = body.location === undefined ? before.location : body.location;
        const meetingUrl = body.meetingUrl === undefined ? before.meetingUrl : body.meetingUrl;
        if (!location && !meetingUrl) throw new AppError('VALIDATION_ERROR');
        const [session] = await tx
          .update(groupSessions)
          .set({
            courseId,
            title: body.title,
            description: body.description,
            meetingDate: body.meetingDate ? new Date(body.meetingDate) : undefined,
            durationMinutes: body.durationMinutes,
            location,
            meetingUrl,
            updatedAt: now(),
          })
          .where(eq(groupSessions.id, sessionId))
          .returning();
        const current = new Set(
          (
            await tx
              .select({ studentId: groupSessionParticipants.studentId })
              .from(groupSessionParticipants)
              .where(eq(groupSessionParticipants.sessionId, sessionId))
          ).map((row) => row.studentId),
        );
        let invited: string[] = [];
        if (body.studentIds !== undefined || body.inviteCourseLearners) {
          const wanted = await resolveInvitees(
            tx,
            organizationId,
            body.studentIds ?? [...current],
            courseId,
            body.inviteCourseLearners,
          );
          const removed = [...current].filter((id) => !wanted.includes(id));
          if (removed.length > 0) {
            await tx
              .delete(groupSessionParticipants)
              .where(
                and(
                  eq(groupSessionParticipants.sessionId, sessionId),
                  inArray(groupSessionParticipants.studentId, removed),
                ),
              );
          }
          invited = await addParticipants(
            tx,
            organizationId,
            sessionId,
            wanted.filter((id) => !current.has(id)),
          );
          for (const id of removed) current.delete(id);
        }
        const moved =
          session!.meetingDate.getTime() !== before.meetingDate.getTime() ||
          session!.durationMinutes !== before.durationMinutes ||
          session!.meetingUrl !== before.meetingUrl ||
          session!.title !== before.title;
        return {
          session: session!,
          invited,
          rescheduled: moved ? [...current] : [],
          detail: await detailOf(tx, organizationId, sessionId),
        };
      });
      await mailInvitees(result.session, actor.fullName, result.invited, result.rescheduled);
      return result.detail;
    },

    /** The ids of a formation's sessions, in the caller's transaction (certificates' hours). */
    async sessionIdsOfCourse(tx: Tx, courseId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: groupSessions.id })
        .from(groupSessions)
        .where(eq(groupSessions.courseId, courseId));
      return rows.map((row) => row.id);
    },

    async remove(actor: SessionUser, sessionId: string) {
      const organizationId = organizationOf(actor);
      await database.withTenant(tenantOf(actor), async (tx) => {
        await findForStaff(tx, organizationId, sessionId);
        await tx.delete(groupSessions).where(eq(groupSessions.id, sessionId));
      });
    },

    /** The learner's sessions: those to come (ongoing ones included, soonest first) or the history. */
    async listMine(actor: SessionUser, input: LearnerGroupSessionListQuery) {
      const organizationId = organizationOf(actor);
      const query = LearnerGroupSessionListQuerySchema.parse(input);
      const at = now();
      const where = and(
        eq(groupSessions.organizationId, organizationId),
        sql`${groupSessions.id} in (select gp.session_id from group_session_participants gp where gp.student_id = ${actor.id})`,
        query.when === 'upcoming'
          ? sql`${endOf} > ${at.toISOString()}::timestamptz`
          : sql`${endOf} <= ${at.toISOString()}::timestamptz`,
      );
      const order =
        query.when === 'upcoming'
          ? [asc(groupSessions.meetingDate), asc(groupSessions.id)]
          : [desc(groupSessions.meetingDate), desc(groupSessions.id)];
      return database.withTenant(tenantOf(actor), (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(groupSessions).where(where),
          tx
            .select({ session: groupSessions, courseTitle })
            .from(groupSessions)
            .where(where)
            .orderBy(...order)
            .$dynamic(),
          (row): LearnerGroupSession => toSession(row, at),
        ),
      );
    },

    async getMine(actor: SessionUser, sessionId: string): Promise<LearnerGroupSession> {
      const organizationId = organizationOf(actor);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const [row] = await tx
          .select({ session: groupSessions, courseTitle })
          .from(groupSessions)
          .where(
            and(
              eq(groupSessions.id, sessionId),
              eq(groupSessions.organizationId, organizationId),
              sql`${groupSessions.id} in (select gp.session_id from group_session_participants gp where gp.student_id = ${actor.id})`,
            ),
          );
        if (!row) throw new AppError('NOT_FOUND');
        return toSession(row, now());
      });
    },

    /** For other modules (attendance): the session with its learners, or NOT_FOUND for staff of another organisation. */
    async getSessionForStaff(tenant: TenantContext, sessionId: string): Promise<GroupSessionDetail> {
      const organizationId = tenant.role === 'admin' ? null : tenant.organizationId;
      if (tenant.role !== 'admin' && (tenant.role !== 'trainer' || !organizationId)) {
        throw new AppError('NOT_FOUND');
      }
      return database.withTenant(tenant, (tx) => detailOf(tx, organizationId, sessionId));
    },

    /** For other modules: the ids of the learners invited (staff: all; a learner: only themselves). */
    async listParticipantIds(tenant: TenantContext, sessionId: string): Promise<string[]> {
      return database.withTenant(tenant, async (tx) => {
        const rows = await tx
          .select({ studentId: groupSessionParticipants.studentId })
          .from(groupSessionParticipants)
          .where(eq(groupSessionParticipants.sessionId, sessionId));
        return rows.map((row) => row.studentId);
      });
    },

    /**
     * For other modules' statements (session quizzes): a session's title, under the reader's
     * policies (null when they may not see it).
     */
    titleOf: (sessionId: SQLWrapper) =>
      sql<
        string | null
      >`(select ${groupSessions.title} from ${groupSessions} where ${groupSessions.id} = ${sessionId})`,

    /** Like `titleOf`: whether the session has started at `at` (it is ongoing or past). */
    hasStarted: (sessionId: SQLWrapper, at: Date) =>
      sql<boolean>`exists (select 1 from ${groupSessions} where ${groupSessions.id} = ${sessionId}
        and ${groupSessions.meetingDate} <= ${at.toISOString()}::timestamptz)`,

    /**
     * For other modules' jobs (session quizzes): those of `sessionIds` that started in (`since`, `at`],
     * with their invited learners. Read as the jobs role, across organisations.
     */
    async listStartedWithParticipants(sessionIds: readonly string[], since: Date, at: Date) {
      if (sessionIds.length === 0) return [];
      const rows = await database.jobs
        .select({
          id: groupSessions.id,
          title: groupSessions.title,
          studentId: groupSessionParticipants.studentId,
        })
        .from(groupSessions)
        .innerJoin(groupSessionParticipants, eq(groupSessionParticipants.sessionId, groupSessions.id))
        .where(
          and(
            inArray(groupSessions.id, [...sessionIds]),
            gt(groupSessions.meetingDate, since),
            lte(groupSessions.meetingDate, at),
          ),
        );
      const sessions = new Map<string, { id: string; title: string; studentIds: string[] }>();
      for (const row of rows) {
        const session = sessions.get(row.id) ?? { id: row.id, title: row.title, studentIds: [] };
        session.studentIds.push(row.studentId);
        sessions.set(row.id, session);
      }
      return [...sessions.values()];
    },

    /**
     * SPEC 9: every learner of a session starting within the next 25 hours, as due reminders (the
     * ledger keeps each to once per learner and session). Read as the jobs role, across organisations.
     */
    async listDueReminders(at: Date) {
      const rows = await database.jobs
        .select({ session: groupSessions, studentId: groupSessionParticipants.studentId })
        .from(groupSessions)
        .innerJoin(groupSessionParticipants, eq(groupSessionParticipants.sessionId, groupSessions.id))
        .where(
          and(
            gt(groupSessions.meetingDate, at),
            lte(groupSessions.meetingDate, new Date(at.getTime() + REMINDER_WINDOW_HOURS * HOUR_MS)),
          ),
        );
      return rows.map(({ session, studentId }) => ({
        key: {
          organizationId: session.organizationId,
          userId: studentId,
          kind: 'group-session-reminder' as const,
          reference: session.id,
        },
        data: {
          sessionTitle: session.title,
          startsAt: session.meetingDate.toISOString(),
          durationMinutes: session.durationMinutes,
          location: session.location,
          meetingUrl: session.meetingUrl,
          path: liveSessionPath(session.id),
        },
      }));
    },
  };
}

export type GroupSessionsService = ReturnType<typeof createGroupSessionsService>;
