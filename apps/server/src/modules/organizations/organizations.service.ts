import {
  type AssignStudentInput,
  type Language,
  ROLE_CACHE_MS,
  type Role,
  type SessionUser,
} from '@cursus/contracts';
import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, TenantContext, Tx } from '../../db/client.ts';
import { type PageQuery, readPage, readWindowedPage } from '../../db/page.ts';
import { reusableByShape } from '../../db/reusable.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptCounter, type Limit } from '../../lib/rate-limit.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { isStudent } from './is-student.ts';
import { organizations, profiles, userRoles } from './organizations.tables.ts';

export interface NewAccount {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'student' | 'trainer' | 'admin';
  organizationName?: string;
  organizationId?: string;
  language: Language;
}

/** The organisation a trainer gets when they sign up without naming one (assign_organization_to_trainer). */
export function defaultOrganizationName(fullName: string, language: Language): string {
  return language === 'en' ? `${fullName}'s training organisation` : `Organisme de formation de ${fullName}`;
}

/**
 * SPEC 6 role resolution, adapted: platform admins come from ADMIN_EMAILS, then user_roles, then
 * the profile's role; a user with an organisation and no role counts as trainer (SPEC 4).
 * Only the address the account proved it owns makes an admin: better-auth's, once verified, never
 * `profiles.email`, a copy that an application bug could rewrite.
 */
export function resolveRole(input: {
  verifiedEmail: string | null;
  adminEmails: readonly string[];
  userRole: string | null;
  profileRole: string | null;
  organizationId: string | null;
}): Role {
  if (input.verifiedEmail && input.adminEmails.includes(input.verifiedEmail.toLowerCase())) return 'admin';
  for (const role of [input.userRole, input.profileRole]) {
    if (role === 'admin' || role === 'trainer' || role === 'student') return role;
  }
  return input.organizationId ? 'trainer' : 'student';
}

/** Which accounts another module lists, inside its own transaction (so under its tenant's policies). */
export interface PeopleFilter {
  /**
   * Only these accounts: their ids, or a subquery selecting them (e.g. a formation's learners). Ids
   * and the organisation may be placeholders, in a statement built once (db/reusable.ts).
   */
  ids?: (string | Placeholder)[] | SQLWrapper;
  organizationId?: string | Placeholder;
  /** Only accounts placed in an organisation (any, without `organizationId`). */
  placedOnly?: boolean;
  /** Students by the tables alone (user_roles first, then the profile), as SPEC 6 resolves them. */
  studentsOnly?: boolean;
  /** A part of the name or of the email. */
  search?: string;
}

/**
 * assign-student tells a trainer whether an address belongs to a learner waiting for a place: the
 * refusals a trainer (or admin) may collect are limited, so addresses cannot be probed in bulk. A
 * successful assignment gives its slot back: a trainer placing a whole class is never slowed down.
 */
export const ASSIGN_REFUSALS_PER_USER: Limit = { max: 20, windowMs: 60 * 60 * 1000 };

/** The auth module's answer: better-auth's address of each account that verified it. */
export type VerifiedEmails = (userIds: readonly string[]) => Promise<Map<string, string>>;

/** A name or an address holding the pattern (containsPattern), given as a value or a placeholder. */
const matchesPattern = (pattern: string | Placeholder) =>
  or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern));

function matchesPerson(search: string | undefined): SQL | undefined {
  return search ? matchesPattern(containsPattern(search)) : undefined;
}

/** Which of the learner list's filters a request has (pageStudents). */
type StudentListShape = { byOrganization: boolean; bySearch: boolean };

function peopleWhere(filter: PeopleFilter): SQL | undefined {
  return and(
    filter.ids ? inArray(profiles.id, filter.ids) : undefined,
    filter.organizationId ? eq(profiles.organizationId, filter.organizationId) : undefined,
    filter.placedOnly ? isNotNull(profiles.organizationId) : undefined,
    filter.studentsOnly ? isStudent : undefined,
    matchesPerson(filter.search),
  );
}

export function createOrganizationsService(options: {
  database: Database;
  adminEmails: readonly string[];
  verifiedEmails: VerifiedEmails;
  now?: () => number;
}) {
  const { database, adminEmails } = options;
  /** Verified addresses, looked up only when there are admin addresses to match. */
  const verifiedEmails: VerifiedEmails = (userIds) =>
    adminEmails.length > 0 ? options.verifiedEmails(userIds) : Promise.resolve(new Map());
  // Everything outside a tenant's transaction (sign-up, role resolution, placing an account).
  const db = database.service;

  /**
   * The learner list's filter, by shape: its organisation (or every one) and its search, given as
   * values at each request. Its page and count are built once per shape (db/reusable.ts): building
   * them at each request cost the server about 0.2 ms of CPU, as much as the rest of the request
   * (issue 12, bench/results).
   */
  const studentsWhere = (shape: StudentListShape) =>
    and(
      shape.byOrganization
        ? eq(profiles.organizationId, sql.placeholder('organizationId'))
        : isNotNull(profiles.organizationId),
      isStudent,
      adminEmails.length > 0 ? notInArray(sql`lower(${profiles.email})`, [...adminEmails]) : undefined,
      shape.bySearch ? matchesPattern(sql.placeholder('pattern')) : undefined,
    );
  const studentCount = reusableByShape(
    (shape: StudentListShape) => (db) =>
      db.select({ total: count() }).from(profiles).where(studentsWhere(shape)),
  );
  const studentRows = reusableByShape(
    (shape: StudentListShape) => (db) =>
      db
        .select({
          id: profiles.id,
          email: profiles.email,
          fullName: profiles.fullName,
          organizationId: profiles.organizationId,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(profiles)
        .where(studentsWhere(shape))
        .orderBy(asc(profiles.fullName), asc(profiles.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
  );
  const now = options.now ?? Date.now;
  const attempts = createAttemptCounter(db, () => new Date(now()));
  // SPEC 6: the resolved role (with the profile it came from) is cached 5 minutes.
  const cache = new Map<string, { user: Omit<SessionUser, 'emailVerified'>; expiresAt: number }>();

  async function loadUser(userId: string): Promise<Omit<SessionUser, 'emailVerified'> | null> {
    const cached = cache.get(userId);
    if (cached && cached.expiresAt > now()) return cached.user;
    const [row] = await db
      .select({
        profile: profiles,
        userRole: userRoles.role,
        organizationName: organizations.name,
      })
      .from(profiles)
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
      .leftJoin(organizations, eq(organizations.id, profiles.organizationId))
      .where(eq(profiles.id, userId));
    if (!row) return null;
    const { profile } = row;
    const user = {
      id: profile.id,
      email: profile.email,
      fullName: profile.fullName,
      firstName: profile.firstName,
      lastName: profile.lastName,
      role: resolveRole({
        verifiedEmail: (await verifiedEmails([userId])).get(userId) ?? null,
        adminEmails,
        userRole: row.userRole,
        profileRole: profile.role,
        organizationId: profile.organizationId,
      }),
      organizationId: profile.organizationId,
      organizationName: row.organizationName,
      language: profile.language === 'en' ? ('en' as const) : ('fr' as const),
    };
    cache.set(userId, { user, expiresAt: now() + ROLE_CACHE_MS });
    return user;
  }

  /** Every account of the filter, by name. */
  function findPeople(tx: Tx, filter: PeopleFilter) {
    return tx
      .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(peopleWhere(filter))
      .orderBy(asc(profiles.fullName), asc(profiles.id));
  }

  return {
    loadUser,
    forget(userId: string) {
      cache.delete(userId);
    },
    /** Every cached session of the organisation's members, after its name changed. */
    forgetOrganization(organizationId: string) {
      for (const [userId, entry] of cache)
        if (entry.user.organizationId === organizationId) cache.delete(userId);
    },

    /** An organisation nobody created yet (the demo's). */
    async createOrganization(name: string): Promise<{ id: string; name: string }> {
      const [organization] = await db
        .insert(organizations)
        .values({ name })
        .returning({ id: organizations.id, name: organizations.name });
      return organization!;
    },

    /**
     * An organisation's name as a column of another module's statement, run in its transaction (so
     * under its tenant's policies): null where it may not see it.
     */
    nameOf: (organizationId: SQLWrapper) =>
      sql<
        string | null
      >`(select ${organizations.name} from ${organizations} where ${organizations.id} = ${organizationId})`,

    /** Names of the organisations the caller's transaction may see, by id. */
    async namesOf(tx: Tx, organizationIds: string[]): Promise<Map<string, string>> {
      if (organizationIds.length === 0) return new Map();
      const rows = await tx
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, [...new Set(organizationIds)]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    findPeople,

    /**
     * The filter's accounts, with what a list shows of them, as an unordered subquery for another
     * module's statement, which runs it in its own transaction (so under its tenant's policies): a
     * whole scope, never loaded here.
     */
    people: (filter: PeopleFilter) =>
      new QueryBuilder()
        .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
        .from(profiles)
        .where(peopleWhere(filter)),

    /** One page of the filter's accounts, by name, and how many there are. */
    pagePeople: (tx: Tx, filter: PeopleFilter, page: PageQuery) =>
      readPage(
        page,
        tx.select({ total: count() }).from(profiles).where(peopleWhere(filter)),
        findPeople(tx, filter).$dynamic(),
        (person) => person,
      ),

    /** Outside any tenant: the account has none yet. One transaction, so no half-made account. */
    async createAccount(account: NewAccount) {
      const fullName = `${account.firstName} ${account.lastName}`.trim();
      await db.transaction(async (tx) => {
        let organizationId = account.organizationId ?? null;
        if (!organizationId && account.role === 'trainer') {
          const name =
            account.organizationName?.trim() || defaultOrganizationName(fullName, account.language);
          const [organization] = await tx
            .insert(organizations)
            .values({ name, createdBy: account.userId })
            .returning({ id: organizations.id });
          organizationId = organization!.id;
        }
        await tx.insert(profiles).values({
          id: account.userId,
          email: account.email,
          fullName,
          firstName: account.firstName,
          lastName: account.lastName,
          role: account.role,
          organizationId,
          language: account.language,
        });
        await tx.insert(userRoles).values({ userId: account.userId, role: account.role });
      });
    },

    async languageOf(userId: string): Promise<Language> {
      const [row] = await db
        .select({ language: profiles.language })
        .from(profiles)
        .where(eq(profiles.id, userId));
      return row?.language === 'en' ? 'en' : 'fr';
    },

    async setLanguage(tenant: TenantContext, language: Language) {
      await database.withTenant(tenant, (tx) =>
        tx.update(profiles).set({ language, updatedAt: new Date() }).where(eq(profiles.id, tenant.userId)),
      );
      cache.delete(tenant.userId);
    },

    /** createTrainerOrganization (SPEC 7): a trainer without an organisation creates theirs. */
    async createOwnOrganization(user: SessionUser, name: string) {
      if (user.organizationId) throw new AppError('ALREADY_IN_ORGANIZATION');
      await db.transaction(async (tx) => {
        const [organization] = await tx
          .insert(organizations)
          .values({ name, createdBy: user.id })
          .returning({ id: organizations.id });
        await tx
          .update(profiles)
          .set({ organizationId: organization!.id, updatedAt: new Date() })
          .where(eq(profiles.id, user.id));
      });
      cache.delete(user.id);
    },

    /**
     * A trainer places a waiting student in their own organisation; an admin in the one named.
     * Looking the student up happens outside any tenant (the student is in none yet), so the checks
     * here are the policy: only students, only without an organisation (the database's policy for
     * cursus_service also refuses to move an account that has one).
     *
     * Every refusal is the same STUDENT_NOT_ASSIGNABLE, whether the address is unknown, not a
     * student's, or already placed (in this organisation or another): the answer never tells who
     * has an account or where. The place is taken by one conditional UPDATE (… WHERE
     * organization_id IS NULL), so of two organisations claiming the same learner at once exactly
     * one wins.
     */
    async assignStudent(actor: SessionUser, input: AssignStudentInput) {
      const organizationId =
        actor.role === 'admin' ? (input.organizationId ?? actor.organizationId) : actor.organizationId;
      if (!organizationId) throw new AppError('NO_ORGANIZATION');
      const limitKey = `user:${actor.id}:assign-student`;
      await attempts.consume(limitKey, ASSIGN_REFUSALS_PER_USER);
      const [organization] = await db
        .select()
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      if (!organization) throw new AppError('NOT_FOUND');
      const [student] = await db.select().from(profiles).where(eq(profiles.email, input.email));
      const role = student ? (await loadUser(student.id))?.role : undefined;
      if (!student || role !== 'student') throw new AppError('STUDENT_NOT_ASSIGNABLE');
      const [placed] = await db
        .update(profiles)
        .set({ organizationId, updatedAt: new Date() })
        .where(and(eq(profiles.id, student.id), isNull(profiles.organizationId)))
        .returning({ id: profiles.id });
      if (!placed) throw new AppError('STUDENT_NOT_ASSIGNABLE');
      cache.delete(student.id);
      await attempts.release(limitKey);
      return { id: student.id, fullName: student.fullName, email: student.email, organizationId };
    },

    /**
     * The trainers and admins of an organisation, by the same role resolution as sign-in. Outside
     * any tenant: background jobs ask it for no one in particular.
     */
    async listStaffIds(organizationId: string): Promise<string[]> {
      const members = await db
        .select({
          id: profiles.id,
          profileRole: profiles.role,
          userRole: userRoles.role,
        })
        .from(profiles)
        .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
        .where(eq(profiles.organizationId, organizationId));
      const verified = await verifiedEmails(members.map((member) => member.id));
      return members
        .filter((member) => {
          const verifiedEmail = verified.get(member.id) ?? null;
          const role = resolveRole({ ...member, verifiedEmail, adminEmails, organizationId });
          return role === 'trainer' || role === 'admin';
        })
        .map((member) => member.id);
    },

    /**
     * One page of the learner list: students placed in an organisation (the one named, or every one
     * for an admin naming none), by name, filtered and paged in SQL. A student is one by the tables,
     * as `resolveRole` reads them; an address of ADMIN_EMAILS is left out by the profile's copy (the
     * request role cannot read better-auth's verified one), which can only drop someone from a list.
     */
    async pageStudents(
      tenant: TenantContext,
      filter: { organizationId?: string | null; search?: string },
      page: PageQuery,
    ) {
      const shape = { byOrganization: Boolean(filter.organizationId), bySearch: Boolean(filter.search) };
      const values = {
        organizationId: filter.organizationId,
        pattern: filter.search ? containsPattern(filter.search) : undefined,
      };
      return database.withTenant(tenant, (tx) =>
        readWindowedPage(
          page,
          () => studentCount(shape)(tx, values),
          (limit, offset) => studentRows(shape)(tx, { ...values, limit, offset }),
          // Never null: the filter keeps placed learners only.
          ({ total: _, ...row }) => ({ ...row, organizationId: row.organizationId! }),
        ),
      );
    },

    /** Admins see every organisation; anyone else only their own (row-level security decides). */
    async listOrganizations(tenant: TenantContext) {
      return database.withTenant(tenant, (tx) =>
        tx
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .orderBy(organizations.name),
      );
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
