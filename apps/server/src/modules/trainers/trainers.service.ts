import {
  type AdminTrainerDetail,
  type AdminTrainerList,
  type AdminTrainerListQuery,
  AdminTrainerListQuerySchema,
  type CreateTrainerDocumentInput,
  CreateTrainerDocumentInputSchema,
  fileUrl,
  type InviteTrainerInput,
  InviteTrainerInputSchema,
  type Language,
  type OrganizationRole,
  type SessionUser,
  TRAINER_DOCUMENT_PURPOSES,
  type TrainerDetail,
  type TrainerDocument,
  type TrainerDocumentKind,
  type TrainerList,
  type TrainerListQuery,
  TrainerListQuerySchema,
  type TrainerSession,
  type UpdateTrainerProfileInput,
  UpdateTrainerProfileInputSchema,
} from '@cursus/contracts';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter, type Limit } from '../../lib/rate-limit.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { type AuditService, auditActorOf } from '../audit/audit.module.ts';
import type { AuthService } from '../auth/auth.module.ts';
import type { Mailer } from '../email/email.module.ts';
import type { FilesService } from '../files/files.module.ts';
import { trainerCourseAssignments, trainerDocuments, trainerProfiles } from './trainers.tables.ts';

/**
 * Invitations one manager may send per hour: a team is a handful of people, and each one is an
 * email to an address the sender typed, so a script cannot turn the organisation into a mailer.
 */
const INVITATIONS_PER_MANAGER: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

/** Past sessions shown on a record: the recent ones tell what the trainer runs. */
const PAST_SESSIONS_SHOWN = 10;

/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** A profile's role as SPEC 6 resolves it: its user_roles row first, then the profile's own. */
const roleLookup = (profileAlias: string) =>
  `coalesce((select r.role from user_roles r where r.user_id = ${profileAlias}.id), ${profileAlias}.role)`;
/** A staff member, by the tables as SPEC 6 resolves roles. */
const staffLookup = (profileAlias: string) => `${roleLookup(profileAlias)} in ('trainer', 'admin')`;
/** A platform administrator: staff of the organisation they are placed in, and more. */
const isPlatformAdmin = (profileAlias: string) => sql.raw(`${roleLookup(profileAlias)} = 'admin'`);
const isStaff = (profileAlias: string) => sql.raw(staffLookup(profileAlias));

/**
 * isStaff for the admin's list of every organisation, where it would look up the role row of every
 * learner of the platform (about 100 ms of its 150 at scale 5, bench:admin-reads). A profile saying
 * 'student' is staff only if its one role row says otherwise, so those profiles are matched against
 * the few such rows, hashed once (their partial index); any other profile is looked up as before.
 * Within one organisation the lookups cost less than the hash of every organisation's staff.
 */
const isStaffAnywhere = (profileAlias: string) =>
  sql.raw(`case when ${profileAlias}.role = 'student'
    then ${profileAlias}.id in (select r.user_id from user_roles r where r.role <> 'student')
    else ${staffLookup(profileAlias)} end`);

/** The auth module's invitations: accounts placed in an organisation, and a new link for one. */
export interface Invitations {
  inviteAccounts: (
    accounts: {
      email: string;
      firstName: string;
      lastName: string;
      role: 'trainer';
      organizationId: string;
      language: Language;
    }[],
  ) => Promise<Map<string, { userId: string; url: string }>>;
  renewInvitation: AuthService['renewInvitation'];
}
/** The auth module's answer: the verified address of each account that proved it. */
export type VerifiedEmails = (userIds: readonly string[]) => Promise<Map<string, string>>;

/** One line of a team list, as `pageMembers` reads it. */
interface MemberRow {
  id: string;
  full_name: string;
  email: string;
  organization_role: OrganizationRole;
  platform_admin: boolean;
  organization_id: string;
  organization_name: string;
  courses: { id: string; title: string }[];
  upcoming_count: number;
  next_session_at: string | null;
  has_cv: boolean;
  diploma_count: number;
  /** Read for a platform admin's list only. */
  last_sign_in_at?: string | Date | null;
}

interface TeamMember {
  id: string;
  full_name: string;
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  organization_role: OrganizationRole;
  platform_admin: boolean;
  bio: string;
  specialities: string[];
}

function formatDay(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    dateStyle: 'long',
    timeZone: 'Europe/Paris',
  }).format(date);
}

export function createTrainersService(deps: {
  database: Database;
  auth: Invitations;
  mailer: Pick<Mailer, 'send'>;
  files: FilesService;
  verifiedEmails: VerifiedEmails;
  invitationLinkDays: number;
  /** Changes of a trainer's role within the organisation go to the audit trail (issue 19). */
  audit: Pick<AuditService, 'recordEvent'>;
  now: () => Date;
}) {
  const { database, files, now } = deps;
  const attempts = createAttemptCounter(database.service, now);

  /** The caller's organisation: the team they belong to (an admin's own one too). */
  function organizationOf(actor: SessionUser): string {
    if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
    return actor.organizationId;
  }

  /**
   * Gives every staff member of the organisation their row, in one idempotent statement: whoever
   * created the organisation manages it; an organisation whose creator is not on its team (the
   * demo's, one whose founder left) gets its earliest trainer as manager, so no team is left
   * without one.
   */
  async function syncTeam(tx: Tx, organizationId: string) {
    await tx.execute(sql`
      insert into trainer_profiles (organization_id, user_id, organization_role)
      select p.organization_id, p.id,
        case when o.created_by = p.id then 'manager'
          when not exists (select 1 from trainer_profiles m
              where m.organization_id = o.id and m.organization_role = 'manager')
            and not exists (select 1 from profiles c where c.id = o.created_by
              and c.organization_id = o.id and ${isStaff('c')})
            and p.id = (select f.id from profiles f where f.organization_id = o.id and ${isStaff('f')}
              order by f.created_at, f.id limit 1)
          then 'manager' else 'trainer' end
      from profiles p join organizations o on o.id = p.organization_id
      where p.organization_id = ${organizationId} and ${isStaff('p')}
        and not exists (select 1 from trainer_profiles t where t.organization_id = p.organization_id and t.user_id = p.id)
      on conflict do nothing`);
  }

  /** The caller's role within the organisation; platform admins manage every one. */
  async function viewerRole(tx: Tx, actor: SessionUser, organizationId: string) {
    const [row] = await tx
      .select({ role: trainerProfiles.organizationRole })
      .from(trainerProfiles)
      .where(and(eq(trainerProfiles.organizationId, organizationId), eq(trainerProfiles.userId, actor.id)));
    const organizationRole = (row?.role ?? 'trainer') as OrganizationRole;
    return { organizationRole, canManage: actor.role === 'admin' || organizationRole === 'manager' };
  }

  async function requireManager(tx: Tx, actor: SessionUser, organizationId: string) {
    if (!(await viewerRole(tx, actor, organizationId)).canManage) throw new AppError('MANAGER_ONLY');
  }

  /** A member of the organisation's team; anyone else (a learner, another organisation's) is not found. */
  async function findMember(tx: Tx, organizationId: string, trainerId: string): Promise<TeamMember> {
    const [member] = rowsOf<TeamMember>(
      await tx.execute(sql`
        select p.id, p.full_name, p.first_name, p.last_name, p.email, p.language,
          t.organization_role, ${isPlatformAdmin('p')} as platform_admin, t.bio, t.specialities
        from trainer_profiles t join profiles p on p.id = t.user_id and p.organization_id = t.organization_id
        where t.organization_id = ${organizationId} and t.user_id = ${trainerId} and ${isStaff('p')}`),
    );
    if (!member) throw new AppError('TRAINER_NOT_FOUND');
    return member;
  }

  /** The member, if the caller may edit their record: their own, or anyone's for a manager. */
  async function memberToEdit(tx: Tx, actor: SessionUser, organizationId: string, trainerId: string) {
    await syncTeam(tx, organizationId);
    const member = await findMember(tx, organizationId, trainerId);
    if (trainerId !== actor.id) await requireManager(tx, actor, organizationId);
    return member;
  }

  async function isInvitationPending(userId: string): Promise<boolean> {
    return !(await deps.verifiedEmails([userId])).has(userId);
  }

  /** Everything the record shows, in one statement besides the member's own row. */
  async function detailOf(tx: Tx, actor: SessionUser, organizationId: string, trainerId: string) {
    const member = await findMember(tx, organizationId, trainerId);
    const at = now().toISOString();
    const [related] = rowsOf<{
      courses: {
        id: string;
        title: string;
        status: 'published' | 'draft';
        is_owner: boolean;
        is_assigned: boolean;
      }[];
      upcoming: { id: string; title: string; meeting_date: string; duration_minutes: number }[];
      past: { id: string; title: string; meeting_date: string; duration_minutes: number }[];
      documents: {
        id: string;
        kind: TrainerDocumentKind;
        title: string;
        issuer: string | null;
        obtained_on: string | null;
        expires_on: string | null;
        created_at: string;
        file_id: string;
        file_name: string;
        mime_type: string;
        size_bytes: number;
      }[];
    }>(
      await tx.execute(sql`
        select
          coalesce((select json_agg(c order by c.title, c.id) from (
            select co.id, co.title, co.status, co.created_by = ${trainerId} as is_owner,
              exists (select 1 from trainer_course_assignments a where a.organization_id = co.organization_id
                and a.course_id = co.id and a.trainer_id = ${trainerId}) as is_assigned
            from courses co
            where co.organization_id = ${organizationId} and co.archived_at is null
              and (co.created_by = ${trainerId} or exists (select 1 from trainer_course_assignments a
                where a.organization_id = co.organization_id and a.course_id = co.id and a.trainer_id = ${trainerId}))
          ) c), '[]') as courses,
          coalesce((select json_agg(s order by s.meeting_date, s.id) from (
            select g.id, g.title, g.meeting_date, g.duration_minutes from group_sessions g
            where g.organization_id = ${organizationId} and g.created_by = ${trainerId} and g.meeting_date >= ${at}::timestamptz
            order by g.meeting_date limit 50
          ) s), '[]') as upcoming,
          coalesce((select json_agg(s order by s.meeting_date desc, s.id) from (
            select g.id, g.title, g.meeting_date, g.duration_minutes from group_sessions g
            where g.organization_id = ${organizationId} and g.created_by = ${trainerId} and g.meeting_date < ${at}::timestamptz
            order by g.meeting_date desc limit ${PAST_SESSIONS_SHOWN}
          ) s), '[]') as past,
          coalesce((select json_agg(d order by d.kind, d.obtained_on desc nulls last, d.created_at desc) from (
            select td.id, td.kind, td.title, td.issuer, td.obtained_on, td.expires_on, td.created_at,
              f.id as file_id, f.name as file_name, f.mime_type, f.size_bytes
            from trainer_documents td join stored_files f on f.id = td.file_id
            where td.organization_id = ${organizationId} and td.trainer_id = ${trainerId}
          ) d), '[]') as documents`),
    );
    const viewer = await viewerRole(tx, actor, organizationId);
    const session = (row: { id: string; title: string; meeting_date: string; duration_minutes: number }) =>
      ({
        id: row.id,
        title: row.title,
        meetingDate: iso(row.meeting_date),
        durationMinutes: row.duration_minutes,
      }) satisfies TrainerSession;
    return {
      member,
      build: (invitationPending: boolean): TrainerDetail => ({
        id: member.id,
        fullName: member.full_name,
        firstName: member.first_name,
        lastName: member.last_name,
        email: member.email,
        organizationRole: member.organization_role,
        platformAdmin: member.platform_admin,
        invitationPending,
        bio: member.bio,
        specialities: member.specialities,
        courses: (related?.courses ?? []).map((course) => ({
          id: course.id,
          title: course.title,
          status: course.status,
          isOwner: course.is_owner,
          isAssigned: course.is_assigned,
        })),
        upcomingSessions: (related?.upcoming ?? []).map(session),
        pastSessions: (related?.past ?? []).map(session),
        documents: (related?.documents ?? []).map(
          (document): TrainerDocument => ({
            id: document.id,
            kind: document.kind,
            title: document.title,
            issuer: document.issuer,
            obtainedOn: document.obtained_on,
            expiresOn: document.expires_on,
            file: {
              id: document.file_id,
              name: document.file_name,
              mimeType: document.mime_type,
              sizeBytes: Number(document.size_bytes),
              url: fileUrl(document.file_id),
            },
            createdAt: iso(document.created_at),
          }),
        ),
        canEdit: viewer.canManage || member.id === actor.id,
        canManage: viewer.canManage,
      }),
    };
  }

  /** Reads the record again after a change, in the same transaction. */
  async function detail(
    actor: SessionUser,
    trainerId: string,
    change?: (tx: Tx, organizationId: string) => Promise<void>,
  ) {
    const organizationId = organizationOf(actor);
    const { member, build } = await database.withTenant(tenantOf(actor), async (tx) => {
      await syncTeam(tx, organizationId);
      await change?.(tx, organizationId);
      return detailOf(tx, actor, organizationId, trainerId);
    });
    return build(await isInvitationPending(member.id));
  }

  async function mailInvitation(input: {
    to: string;
    name: string;
    organization: string;
    language: Language;
    url: string;
  }) {
    const expiresAt = new Date(now().getTime() + deps.invitationLinkDays * 24 * 60 * 60 * 1000);
    await deps.mailer.send({
      to: input.to,
      template: 'trainer-invitation',
      language: input.language,
      data: {
        name: input.name,
        url: input.url,
        organization: input.organization,
        expires: formatDay(expiresAt, input.language),
      },
    });
  }

  /** Creates the invitee's account in the organisation, with their role there, and mails the link. */
  async function inviteInto(
    actor: SessionUser,
    organization: { id: string; name: string },
    invitation: z.output<typeof InviteTrainerInputSchema>,
  ) {
    const organizationId = organization.id;
    await attempts.consume(`user:${actor.id}:trainer-invitations`, INVITATIONS_PER_MANAGER);
    const made = await deps.auth.inviteAccounts([
      {
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        role: 'trainer',
        organizationId,
        language: invitation.language,
      },
    ]);
    const account = made.get(invitation.email);
    if (!account)
      throw new AppError('ACCOUNT_EXISTS', { fields: [{ path: 'email', message: 'ACCOUNT_EXISTS' }] });
    const { userId, url } = account;
    await database.withTenant(tenantOf(actor), (tx) =>
      tx
        .insert(trainerProfiles)
        .values({ organizationId, userId, organizationRole: invitation.organizationRole })
        .onConflictDoUpdate({
          target: [trainerProfiles.organizationId, trainerProfiles.userId],
          set: { organizationRole: invitation.organizationRole },
        }),
    );
    await mailInvitation({
      to: invitation.email,
      name: `${invitation.firstName} ${invitation.lastName}`,
      organization: organization.name,
      language: invitation.language,
      url,
    });
    return { id: userId, email: invitation.email };
  }

  /**
   * One page of staff members (`members` selects from profiles `p`, left joined to trainer_profiles
   * `t`); with `lastSignIn`, each one's latest sign-in too (the admin's lists show it).
   */
  async function pageMembers(
    tx: Tx,
    members: SQL,
    query: { page: number; pageSize: number },
    { lastSignIn = false } = {},
  ) {
    const at = now().toISOString();
    return rowsOf<MemberRow>(
      await tx.execute(sql`
        select p.id, p.full_name, p.email, coalesce(t.organization_role, 'trainer') as organization_role,
          ${isPlatformAdmin('p')} as platform_admin,
          p.organization_id, (select o.name from organizations o where o.id = p.organization_id) as organization_name,
          coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title) order by c.title, c.id)
            from courses c where c.organization_id = p.organization_id and c.archived_at is null
              and (c.created_by = p.id or exists (select 1 from trainer_course_assignments a
                where a.organization_id = c.organization_id and a.course_id = c.id and a.trainer_id = p.id))),
            '[]') as courses,
          (select count(*)::int from group_sessions g where g.organization_id = p.organization_id
            and g.created_by = p.id and g.meeting_date >= ${at}::timestamptz) as upcoming_count,
          (select min(g.meeting_date) from group_sessions g where g.organization_id = p.organization_id
            and g.created_by = p.id and g.meeting_date >= ${at}::timestamptz) as next_session_at,
          exists (select 1 from trainer_documents d where d.organization_id = p.organization_id
            and d.trainer_id = p.id and d.kind = 'cv') as has_cv,
          (select count(*)::int from trainer_documents d where d.organization_id = p.organization_id
            and d.trainer_id = p.id and d.kind = 'diploma') as diploma_count
          ${lastSignIn ? sql`, (select max(s.created_at) from sign_in_logs s where s.user_id = p.id) as last_sign_in_at` : sql``}
        from ${members}
        order by p.full_name, p.id
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    );
  }

  async function toSummaries(rows: MemberRow[]): Promise<AdminTrainerList['items']> {
    const verified = await deps.verifiedEmails(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      organizationRole: row.organization_role,
      platformAdmin: row.platform_admin,
      invitationPending: !verified.has(row.id),
      courses: row.courses,
      upcomingSessionCount: row.upcoming_count,
      nextSessionAt: row.next_session_at ? iso(row.next_session_at) : null,
      hasCv: row.has_cv,
      diplomaCount: row.diploma_count,
      organization: { id: row.organization_id, name: row.organization_name },
      lastSignInAt: row.last_sign_in_at ? iso(row.last_sign_in_at) : null,
    }));
  }

  return {
    async list(actor: SessionUser, input: TrainerListQuery): Promise<TrainerList> {
      const organizationId = organizationOf(actor);
      const query = TrainerListQuerySchema.parse(input);
      const search: SQL = query.search
        ? sql`and (p.full_name ilike ${containsPattern(query.search)} or p.email ilike ${containsPattern(query.search)})`
        : sql``;
      const members = sql`trainer_profiles t join profiles p on p.id = t.user_id and p.organization_id = t.organization_id
        where t.organization_id = ${organizationId} and ${isStaff('p')} ${search}`;
      const { total, rows, viewer } = await database.withTenant(tenantOf(actor), async (tx) => {
        await syncTeam(tx, organizationId);
        const [counted] = rowsOf<{ total: number }>(
          await tx.execute(sql`select count(*)::int as total from ${members}`),
        );
        const page = await pageMembers(tx, members, query);
        return {
          total: counted?.total ?? 0,
          rows: page,
          viewer: await viewerRole(tx, actor, organizationId),
        };
      });
      return {
        items: (await toSummaries(rows)).map(
          ({ organization: _organization, lastSignInAt: _lastSignInAt, ...row }) => row,
        ),
        total,
        page: query.page,
        pageSize: query.pageSize,
        viewer: { id: actor.id, ...viewer },
      };
    },

    get: (actor: SessionUser, trainerId: string) => detail(actor, trainerId),

    /**
     * A platform admin's list: every organisation's staff, or one organisation's. Organisations
     * whose team was never read have no trainer_profiles rows yet: their staff show as trainers.
     */
    async adminList(actor: SessionUser, input: AdminTrainerListQuery): Promise<AdminTrainerList> {
      const query = AdminTrainerListQuerySchema.parse(input);
      const organization: SQL = query.organizationId
        ? sql`p.organization_id = ${query.organizationId}`
        : sql`p.organization_id is not null`;
      const search: SQL = query.search
        ? sql`and (p.full_name ilike ${containsPattern(query.search)} or p.email ilike ${containsPattern(query.search)})`
        : sql``;
      const members = sql`profiles p left join trainer_profiles t on t.user_id = p.id and t.organization_id = p.organization_id
        where ${organization} and ${query.organizationId ? isStaff('p') : isStaffAnywhere('p')} ${search}`;
      const { total, rows } = await database.withTenant(tenantOf(actor), async (tx) => {
        const [counted] = rowsOf<{ total: number }>(
          await tx.execute(sql`select count(*)::int as total from ${members}`),
        );
        return {
          total: counted?.total ?? 0,
          rows: await pageMembers(tx, members, query, { lastSignIn: true }),
        };
      });
      return { items: await toSummaries(rows), total, page: query.page, pageSize: query.pageSize };
    },

    /** A platform admin reads any organisation's trainer, read only (`/admin/trainer/:trainerId`). */
    async adminGet(actor: SessionUser, trainerId: string): Promise<AdminTrainerDetail> {
      const { member, build, organization } = await database.withTenant(tenantOf(actor), async (tx) => {
        const [found] = rowsOf<{ organization_id: string; organization_name: string }>(
          await tx.execute(sql`select p.organization_id, o.name as organization_name
            from profiles p join organizations o on o.id = p.organization_id
            where p.id = ${trainerId} and ${isStaff('p')}`),
        );
        if (!found) throw new AppError('TRAINER_NOT_FOUND');
        await syncTeam(tx, found.organization_id);
        return {
          ...(await detailOf(tx, actor, found.organization_id, trainerId)),
          organization: { id: found.organization_id, name: found.organization_name },
        };
      });
      const detail = build(await isInvitationPending(member.id));
      // Changes go through the organisation's own space: the admin's record is read only.
      return { ...detail, canEdit: false, canManage: false, organization };
    },

    /**
     * A manager creates the invitee's account in the organisation (platform role trainer, the role
     * within the organisation given) and emails them the link that sets their password.
     */
    async invite(actor: SessionUser, input: InviteTrainerInput) {
      const organizationId = organizationOf(actor);
      const invitation = InviteTrainerInputSchema.parse(input);
      await database.withTenant(tenantOf(actor), async (tx) => {
        await syncTeam(tx, organizationId);
        await requireManager(tx, actor, organizationId);
      });
      return inviteInto(actor, { id: organizationId, name: actor.organizationName ?? '' }, invitation);
    },

    /**
     * A platform admin onboarding an organisation (the admin module): its first trainer, invited
     * into that organisation (not the admin's own) as its manager, the email naming it.
     */
    async inviteManager(
      actor: SessionUser,
      organization: { id: string; name: string },
      input: Omit<InviteTrainerInput, 'organizationRole'>,
    ) {
      if (actor.role !== 'admin') throw new AppError('NOT_AUTHORIZED');
      const invitation = InviteTrainerInputSchema.parse({ ...input, organizationRole: 'manager' });
      return inviteInto(actor, organization, invitation);
    },

    /** A new link for an invitee who has not chosen their password yet (the last one may have expired). */
    async resendInvitation(actor: SessionUser, trainerId: string) {
      const organizationId = organizationOf(actor);
      const member = await database.withTenant(tenantOf(actor), async (tx) => {
        await syncTeam(tx, organizationId);
        await requireManager(tx, actor, organizationId);
        return findMember(tx, organizationId, trainerId);
      });
      await attempts.consume(`user:${actor.id}:trainer-invitations`, INVITATIONS_PER_MANAGER);
      const url = await deps.auth.renewInvitation(member.id);
      if (!url) throw new AppError('ALREADY_EXISTS');
      await mailInvitation({
        to: member.email,
        name: member.full_name,
        organization: actor.organizationName ?? '',
        language: member.language === 'en' ? 'en' : 'fr',
        url,
      });
      return { id: member.id, email: member.email };
    },

    /**
     * Managers only. Demoting a manager locks the organisation's managers first, so two managers
     * demoting each other at once cannot both pass the last-manager check.
     */
    updateRole: (actor: SessionUser, trainerId: string, organizationRole: OrganizationRole) =>
      detail(actor, trainerId, async (tx, organizationId) => {
        await requireManager(tx, actor, organizationId);
        const member = await findMember(tx, organizationId, trainerId);
        if (member.organization_role === organizationRole) return;
        if (organizationRole === 'trainer') {
          const managers = await tx
            .select({ userId: trainerProfiles.userId })
            .from(trainerProfiles)
            .where(
              and(
                eq(trainerProfiles.organizationId, organizationId),
                eq(trainerProfiles.organizationRole, 'manager'),
              ),
            )
            .for('update');
          if (managers.every((manager) => manager.userId === trainerId)) throw new AppError('LAST_MANAGER');
        }
        await tx
          .update(trainerProfiles)
          .set({ organizationRole, updatedAt: now() })
          .where(
            and(eq(trainerProfiles.organizationId, organizationId), eq(trainerProfiles.userId, trainerId)),
          );
        await deps.audit.recordEvent(
          {
            action: 'role.changed',
            organizationId,
            actor: auditActorOf(actor),
            targetType: 'user',
            targetId: trainerId,
            before: { organizationRole: member.organization_role },
            after: { organizationRole },
            details: { name: member.full_name, email: member.email },
          },
          tx,
        );
      }),

    updateProfile: (actor: SessionUser, trainerId: string, input: UpdateTrainerProfileInput) =>
      detail(actor, trainerId, async (tx, organizationId) => {
        const profile = UpdateTrainerProfileInputSchema.parse(input);
        await memberToEdit(tx, actor, organizationId, trainerId);
        await tx
          .update(trainerProfiles)
          .set({ bio: profile.bio, specialities: profile.specialities, updatedAt: now() })
          .where(
            and(eq(trainerProfiles.organizationId, organizationId), eq(trainerProfiles.userId, trainerId)),
          );
      }),

    /** Managers only: the formations of the organisation the trainer is assigned to, replaced whole. */
    updateCourses: (actor: SessionUser, trainerId: string, courseIds: string[]) =>
      detail(actor, trainerId, async (tx, organizationId) => {
        await requireManager(tx, actor, organizationId);
        await findMember(tx, organizationId, trainerId);
        const wanted = [...new Set(courseIds)];
        if (wanted.length > 0) {
          const [found] = rowsOf<{ total: number }>(
            await tx.execute(sql`select count(*)::int as total from courses
              where organization_id = ${organizationId}
              and id in (${sql.join(
                wanted.map((id) => sql`${id}`),
                sql`, `,
              )})`),
          );
          // Another organisation's formation is as unknown as one that does not exist.
          if ((found?.total ?? 0) !== wanted.length) throw new AppError('TRAINING_NOT_FOUND');
        }
        await tx
          .delete(trainerCourseAssignments)
          .where(
            and(
              eq(trainerCourseAssignments.organizationId, organizationId),
              eq(trainerCourseAssignments.trainerId, trainerId),
            ),
          );
        if (wanted.length > 0)
          await tx
            .insert(trainerCourseAssignments)
            .values(wanted.map((courseId) => ({ organizationId, courseId, trainerId })));
      }),

    /** Where a CV or diploma upload goes: the organisation, once the caller may edit the record. */
    async uploadTarget(actor: SessionUser, trainerId: string): Promise<string> {
      const organizationId = organizationOf(actor);
      await database.withTenant(tenantOf(actor), (tx) => memberToEdit(tx, actor, organizationId, trainerId));
      return organizationId;
    },

    /**
     * Records a file the caller uploaded for this record as a CV (replacing the previous one) or a
     * diploma. Only a PDF or an image the caller uploaded themself is taken: not someone else's file.
     */
    async createDocument(
      actor: SessionUser,
      trainerId: string,
      input: CreateTrainerDocumentInput,
    ): Promise<TrainerDocument> {
      const organizationId = organizationOf(actor);
      const document = CreateTrainerDocumentInputSchema.parse(input);
      return database.withTenant(tenantOf(actor), async (tx) => {
        await memberToEdit(tx, actor, organizationId, trainerId);
        const [file] = await files.findInOrganization(tx, organizationId, [document.fileId]);
        if (
          !file ||
          file.uploadedBy !== actor.id ||
          !(TRAINER_DOCUMENT_PURPOSES as readonly string[]).includes(file.purpose)
        )
          throw new AppError('NOT_FOUND');
        if (document.kind === 'cv')
          await tx
            .delete(trainerDocuments)
            .where(
              and(
                eq(trainerDocuments.organizationId, organizationId),
                eq(trainerDocuments.trainerId, trainerId),
                eq(trainerDocuments.kind, 'cv'),
                ne(trainerDocuments.fileId, file.id),
              ),
            );
        const [row] = await tx
          .insert(trainerDocuments)
          .values({
            organizationId,
            trainerId,
            kind: document.kind,
            title: document.title ?? file.name,
            issuer: document.kind === 'diploma' ? (document.issuer ?? null) : null,
            obtainedOn: document.kind === 'diploma' ? (document.obtainedOn ?? null) : null,
            expiresOn: document.kind === 'diploma' ? (document.expiresOn ?? null) : null,
            fileId: file.id,
            createdBy: actor.id,
            createdAt: now(),
          })
          .returning();
        return {
          id: row!.id,
          kind: row!.kind as TrainerDocumentKind,
          title: row!.title,
          issuer: row!.issuer,
          obtainedOn: row!.obtainedOn,
          expiresOn: row!.expiresOn,
          file: {
            id: file.id,
            name: file.name,
            mimeType: file.mimeType,
            sizeBytes: file.sizeBytes,
            url: fileUrl(file.id),
          },
          createdAt: row!.createdAt.toISOString(),
        };
      });
    },

    /** The record forgets the document; its file goes with the orphaned files sweep. */
    async deleteDocument(actor: SessionUser, trainerId: string, documentId: string) {
      const organizationId = organizationOf(actor);
      await database.withTenant(tenantOf(actor), async (tx) => {
        await memberToEdit(tx, actor, organizationId, trainerId);
        const deleted = await tx
          .delete(trainerDocuments)
          .where(
            and(
              eq(trainerDocuments.id, documentId),
              eq(trainerDocuments.organizationId, organizationId),
              eq(trainerDocuments.trainerId, trainerId),
            ),
          )
          .returning({ id: trainerDocuments.id });
        if (deleted.length === 0) throw new AppError('NOT_FOUND');
      });
    },

    /** Whether a stored file is a trainer's CV or diploma, whoever asks (as cursus_service). */
    async isTrainerDocument(fileId: string): Promise<boolean> {
      const rows = await database.service
        .select({ id: trainerDocuments.id })
        .from(trainerDocuments)
        .where(eq(trainerDocuments.fileId, fileId))
        .limit(1);
      return rows.length > 0;
    },

    /** Every file a trainer's record names, for the orphaned files sweep (as cursus_jobs). */
    async fileIdsInUse(organizationId: string): Promise<string[]> {
      const rows = await database.jobs
        .select({ id: trainerDocuments.fileId })
        .from(trainerDocuments)
        .where(eq(trainerDocuments.organizationId, organizationId));
      return rows.map((row) => row.id);
    },
  };
}

export type TrainersService = ReturnType<typeof createTrainersService>;
