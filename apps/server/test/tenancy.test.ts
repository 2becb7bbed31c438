import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_ROLES, type Db, type TenantContext, type Tx } from '../src/db/client.ts';
import {
  authAccounts,
  authUsers,
  courses,
  jobRuns,
  organizations,
  profiles,
  systemLogs,
  userRoles,
} from '../src/db/schema.ts';
import { createOrganizationsService } from '../src/modules/organizations/organizations.service.ts';
import {
  cookieHeader,
  createConfirmedUser,
  createTestApp,
  ENGINE,
  ORIGIN,
  signIn,
  signUp,
  type TestApp,
} from './helper.ts';

let testApp: TestApp;
const tenants: Record<'trainerA' | 'trainerB' | 'studentA', TenantContext> = {} as never;
let studentCookie: string;
const ADMIN_EMAIL = 'boss@cursus.example';

/** The database's own message for a refused statement (Drizzle wraps it as the error's cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return ((error as { cause?: Error }).cause ?? (error as Error)).message;
  }
  throw new Error('the statement was not refused');
}

/**
 * Runs `statement` as the request role with `grant` given to it for this transaction only (rolled
 * back): so a test reaches the policies behind the column grants. Returns the refusal, if any.
 */
async function refusalWithGrant(tenant: TenantContext, grant: string, statement: SQL) {
  let message: string | undefined;
  const rollback = new Error('rolled back');
  const outcome = testApp.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(grant));
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(
          sql`select set_config('app.user_id', ${tenant.userId}, true),
                     set_config('app.role', ${tenant.role}, true),
                     set_config('app.organization_id', ${tenant.organizationId ?? ''}, true),
                     set_config('role', ${DATABASE_ROLES.tenant}, true)`,
        );
        await savepoint.execute(statement);
      });
    } catch (error) {
      message = ((error as { cause?: Error }).cause ?? (error as Error)).message;
    }
    throw rollback;
  });
  await expect(outcome).rejects.toBe(rollback);
  return message;
}

async function currentRole(db: Db | Tx) {
  const result = await db.execute(sql`
    select current_user as name, r.rolsuper as superuser, r.rolbypassrls as bypasses
    from pg_roles r where r.rolname = current_user`);
  return (result as unknown as { rows: { name: string; superuser: boolean; bypasses: boolean }[] }).rows[0];
}

beforeAll(async () => {
  testApp = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  const service = testApp.modules.organizations.service;
  for (const [key, email, organizationName] of [
    ['trainerA', 'a@org-a.example', 'Organisme A'],
    ['trainerB', 'b@org-b.example', 'Organisme B'],
  ] as const) {
    const cookie = await createConfirmedUser(testApp, { email, role: 'trainer', organizationName });
    const { user } = (
      await testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })
    ).json();
    tenants[key] = { userId: user.id, role: 'trainer', organizationId: user.organizationId };
  }
  studentCookie = await createConfirmedUser(testApp, { email: 's@org-a.example' });
  const trainerCookie = cookieHeader(await signIn(testApp.app, 'a@org-a.example'));
  await testApp.app.inject({
    method: 'POST',
    url: '/api/organizations/assign-student',
    headers: { ...ORIGIN, cookie: trainerCookie },
    payload: { email: 's@org-a.example' },
  });
  const student = (
    await testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: studentCookie } })
  ).json().user;
  service.forget(student.id);
  tenants.studentA = { userId: student.id, role: 'student', organizationId: tenants.trainerA.organizationId };
});
afterAll(() => testApp.close());

describe(`row-level security on ${ENGINE}`, () => {
  it('returns no row of another organisation to a query that forgot its organisation filter', async () => {
    const rows = await testApp.database.withTenant(tenants.trainerA, (tx) => tx.select().from(profiles));
    expect(rows.map((row) => row.email).sort()).toEqual(['a@org-a.example', 's@org-a.example']);
    const names = await testApp.database.withTenant(tenants.trainerB, (tx) =>
      tx.select().from(organizations),
    );
    expect(names.map((row) => row.name)).toEqual(['Organisme B']);
  });

  it('lets an admin see every organisation', async () => {
    const admin: TenantContext = { userId: tenants.trainerA.userId, role: 'admin', organizationId: null };
    const rows = await testApp.database.withTenant(admin, (tx) => tx.select().from(organizations));
    expect(rows.map((row) => row.name).sort()).toEqual(['Organisme A', 'Organisme B']);
  });

  it('rolls back a tenant transaction that fails, and leaves neither its settings nor its role behind', async () => {
    const failure = new Error('the work failed');
    const outcome = testApp.database.withTenant(tenants.trainerA, async (tx) => {
      await tx.insert(courses).values({
        organizationId: tenants.trainerA.organizationId!,
        title: 'Written by a failed request',
        createdBy: tenants.trainerA.userId,
      });
      // A savepoint inside the tenant's transaction still works (Drizzle's nested transaction).
      await tx.transaction(async (inner) => inner.execute(sql`select 1`));
      throw failure;
    });
    await expect(outcome).rejects.toBe(failure);
    const titles = await testApp.database.withTenant(tenants.trainerA, (tx) =>
      tx.select({ title: courses.title }).from(courses),
    );
    expect(titles).toEqual([]);
    // Every connection of the pool, once its transactions ended, is the service role again, unset.
    const after = await Promise.all(
      Array.from({ length: 12 }, () =>
        testApp.database.service.execute(
          sql`select current_user as name, coalesce(current_setting('app.user_id', true), '') as user_id`,
        ),
      ),
    );
    for (const result of after) {
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([
        { name: DATABASE_ROLES.service, user_id: '' },
      ]);
    }
  });
  it('refuses to move a profile into another organisation', async () => {
    const updated = await testApp.database.withTenant(tenants.trainerB, (tx) =>
      tx
        .update(profiles)
        .set({ language: 'en' })
        .where(sql`${profiles.email} = 's@org-a.example'`)
        .returning(),
    );
    expect(updated).toEqual([]);
    await expect(
      testApp.database.withTenant(tenants.trainerA, (tx) =>
        tx
          .update(profiles)
          .set({ organizationId: tenants.trainerB.organizationId })
          .where(sql`${profiles.id} = ${tenants.studentA.userId}`),
      ),
    ).rejects.toThrow();
  });

  it('shows roles only inside the organisation', async () => {
    const rows = await testApp.database.withTenant(tenants.trainerB, (tx) => tx.select().from(userRoles));
    expect(rows.map((row) => row.userId)).toEqual([tenants.trainerB.userId]);
  });

  it('keeps credentials, sessions and mail out of reach of request queries', async () => {
    for (const table of ['auth_accounts', 'auth_sessions', 'email_outbox', 'auth_attempts']) {
      await expect(
        testApp.database.withTenant(tenants.trainerA, (tx) => tx.execute(sql.raw(`select * from ${table}`))),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
    }
  });

  it('lets users write logs under their own name only, and only admins read them', async () => {
    await testApp.database.withTenant(tenants.studentA, (tx) =>
      tx.insert(systemLogs).values({ message: 'boom', userId: tenants.studentA.userId }),
    );
    await expect(
      testApp.database.withTenant(tenants.studentA, (tx) =>
        tx.insert(systemLogs).values({ message: 'forged', userId: tenants.trainerA.userId }),
      ),
    ).rejects.toThrow();
    const visible = await testApp.database.withTenant(tenants.trainerA, (tx) => tx.select().from(systemLogs));
    expect(visible).toEqual([]);
  });

  it('forces row-level security on every table but a documented few without tenant data', async () => {
    const result = await testApp.database.db.execute(sql`
      select c.relname as name, c.relrowsecurity as secured, c.relforcerowsecurity as forced,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id'
                and not a.attisdropped) as "hasOrganization",
        has_table_privilege('cursus_app', c.oid, 'SELECT, INSERT, UPDATE, DELETE')
          or has_any_column_privilege('cursus_app', c.oid, 'SELECT, INSERT, UPDATE') as "requestsReach"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`);
    const tables = (
      result as unknown as {
        rows: {
          name: string;
          secured: boolean;
          forced: boolean;
          hasOrganization: boolean;
          requestsReach: boolean;
        }[];
      }
    ).rows;
    const exempt = Object.keys(WITHOUT_ROW_SECURITY);
    expect(
      tables.filter((table) => !exempt.includes(table.name) && !(table.secured && table.forced)),
    ).toEqual([]);
    const listed = tables.filter((table) => exempt.includes(table.name));
    expect(listed.map((table) => table.name).sort()).toEqual([...exempt].sort());
    expect(listed.filter((table) => table.hasOrganization || table.requestsReach)).toEqual([]);
  });
});

/**
 * The tables without row-level security, and why none needs it: no organisation's data in them, and
 * the request role (cursus_app) holds no privilege on any. Every other table of the schema must
 * have it enabled and forced; a new table missing from both fails the test above.
 */
const WITHOUT_ROW_SECURITY: Record<string, string> = {
  auth_users: "better-auth's accounts, read and written as cursus_service (its email only on insert)",
  auth_sessions: "better-auth's sign-in sessions (cursus_service)",
  auth_accounts: "better-auth's credentials: password hashes (cursus_service)",
  auth_verifications: "better-auth's email and reset tokens (cursus_service)",
  auth_device_tokens: 'hashes of the browsers known to an account, for the sign-in limit (cursus_service)',
  auth_two_factors: "better-auth's TOTP secrets and recovery codes, encrypted (cursus_service)",
  auth_attempts: 'rate-limit counters keyed by IP, address or user (cursus_service)',
  server_secrets: 'the generated AUTH_SECRET, read and written at start-up only',
  email_outbox: 'messages queued by requests (cursus_service) and sent by jobs (cursus_jobs)',
};

describe(`least privilege on ${ENGINE}`, () => {
  it('writes every policy for a named role, never for everyone (the owner included)', async () => {
    const result = await testApp.database.db.execute(sql`
      select tablename as table, policyname as policy, roles::text[] as roles from pg_policies
      where schemaname = 'public' order by tablename, policyname`);
    const policies = (result as unknown as { rows: { table: string; policy: string; roles: string[] }[] })
      .rows;
    const roles: string[] = Object.values(DATABASE_ROLES);
    expect(policies.length).toBeGreaterThan(0);
    expect(policies.filter((row) => !row.roles.every((role) => roles.includes(role)))).toEqual([]);
  });

  it('reads the tenant’s settings once per statement in every policy, never once per row', async () => {
    const result = await testApp.database.db.execute(sql`
      select tablename as table, policyname as policy, concat_ws(' / ', qual, with_check) as rule
      from pg_policies where schemaname = 'public' order by tablename, policyname`);
    const policies = (result as unknown as { rows: { table: string; policy: string; rule: string }[] }).rows;
    expect(policies.some((row) => row.rule.includes('SELECT app_user_id()'))).toBe(true);
    // Migration 0013: `(SELECT app_user_id())`, never a bare call that runs for each row.
    const bare =
      /(?<!SELECT )\bapp_(user_id|organization_id|is_admin|role|staff_organization_id|is_staff_of)\(/;
    expect(policies.filter((row) => bare.test(row.rule))).toEqual([]);
  });

  it('reads set-returning functions in FROM in every policy, where PostgreSQL plans them once', async () => {
    const result = await testApp.database.db.execute(sql`
      select p.tablename as table, p.policyname as policy, concat_ws(' / ', p.qual, p.with_check) as rule,
        array(select proname::text from pg_proc
          where proretset and pronamespace = 'public'::regnamespace
            and concat_ws(' / ', p.qual, p.with_check) like '%' || proname || '(%') as functions
      from pg_policies p where p.schemaname = 'public' order by p.tablename, p.policyname`);
    const policies = (
      result as unknown as { rows: { table: string; policy: string; rule: string; functions: string[] }[] }
    ).rows;
    const reading = policies.filter((row) => row.functions.length > 0);
    expect(reading.map((row) => row.policy)).toContain('course_lessons_read');
    // Migration 0049: `SELECT app_enrolled_course_ids()` runs the function's own query, parsed and
    // planned again at every statement; `FROM app_enrolled_course_ids()` is inlined.
    const inSelectList = (row: (typeof reading)[number]) =>
      row.functions.some((name) => row.rule.includes(`SELECT ${name}(`));
    expect(reading.filter(inSelectList)).toEqual([]);
  });

  it('runs requests, jobs and tenants as roles that neither are superusers nor bypass row security', async () => {
    const { database } = testApp;
    expect(await currentRole(database.service)).toEqual({
      name: DATABASE_ROLES.service,
      superuser: false,
      bypasses: false,
    });
    expect(await currentRole(database.jobs)).toEqual({
      name: DATABASE_ROLES.jobs,
      superuser: false,
      bypasses: false,
    });
    expect(await database.withTenant(tenants.studentA, (tx) => currentRole(tx))).toEqual({
      name: DATABASE_ROLES.tenant,
      superuser: false,
      bypasses: false,
    });
  });

  it.skipIf(ENGINE !== 'postgres')(
    'compiles no statement of a request or a job just in time (PostgreSQL’s JIT costs more than they run)',
    async () => {
      const jit = async (db: Db | Tx) => {
        const result = await db.execute(sql`select current_setting('jit') as jit`);
        return (result as unknown as { rows: { jit: string }[] }).rows[0]?.jit;
      };
      expect(await jit(testApp.database.service)).toBe('off');
      expect(await jit(testApp.database.jobs)).toBe('off');
      expect(await testApp.database.withTenant(tenants.trainerA, jit)).toBe('off');
    },
  );

  it.skipIf(ENGINE !== 'postgres')(
    'keeps the service role as the session’s own, even after RESET ROLE',
    async () => {
      const name = await testApp.database.service.transaction(async (tx) => {
        await tx.execute(sql`reset role`);
        return (await currentRole(tx))?.name;
      });
      expect(name).toBe(DATABASE_ROLES.service);
    },
  );

  it('refuses the request role any change of a profile’s organisation, address or role, its own included', async () => {
    const { studentA, trainerA, trainerB } = tenants;
    const admin: TenantContext = { ...trainerA, role: 'admin' };
    const own = (tenant: TenantContext) => eq(profiles.id, tenant.userId);
    for (const tenant of [studentA, trainerA, admin]) {
      for (const change of [
        { organizationId: trainerB.organizationId },
        { email: ADMIN_EMAIL },
        { role: 'admin' },
      ]) {
        expect(
          await refusal(
            testApp.database.withTenant(tenant, (tx) => tx.update(profiles).set(change).where(own(tenant))),
          ),
        ).toMatch(/permission denied for table profiles/);
      }
    }
    // What a request does change still goes through.
    const [updated] = await testApp.database.withTenant(studentA, (tx) =>
      tx
        .update(profiles)
        .set({ language: 'en' })
        .where(own(studentA))
        .returning({ language: profiles.language }),
    );
    expect(updated).toEqual({ language: 'en' });
  });

  it('refuses the request role any change of its organisation’s identity or of a role', async () => {
    for (const tenant of [tenants.trainerA, { ...tenants.trainerA, role: 'admin' as const }]) {
      // Settings and legal info are granted (migration 0024); which organisation it is, or who made it, never.
      for (const change of [{ id: tenants.trainerB.organizationId! }, { createdBy: tenant.userId }]) {
        expect(
          await refusal(
            testApp.database.withTenant(tenant, (tx) =>
              tx
                .update(organizations)
                .set(change)
                .where(eq(organizations.id, tenants.trainerA.organizationId!)),
            ),
          ),
        ).toMatch(/permission denied for table organizations/);
      }
      expect(
        await refusal(
          testApp.database.withTenant(tenant, (tx) =>
            tx.update(userRoles).set({ role: 'admin' }).where(eq(userRoles.userId, tenant.userId)),
          ),
        ),
      ).toMatch(/permission denied for table user_roles/);
    }
    // The settings' policy: a trainer changes their own organisation only, a learner none.
    for (const [tenant, organizationId] of [
      [tenants.trainerA, tenants.trainerB.organizationId!],
      [tenants.studentA, tenants.studentA.organizationId!],
    ] as const) {
      const renamed = await testApp.database.withTenant(tenant, (tx) =>
        tx
          .update(organizations)
          .set({ name: 'Renamed' })
          .where(eq(organizations.id, organizationId))
          .returning({ id: organizations.id }),
      );
      expect(renamed).toEqual([]);
    }
  });

  it('pins a profile’s organisation, address and role in the policy too, should a column be granted', async () => {
    const grant = 'grant update (organization_id, email, role) on profiles to cursus_app';
    const { studentA, trainerA, trainerB } = tenants;
    for (const tenant of [studentA, { ...trainerA, role: 'admin' as const }]) {
      const own = sql`where id = ${tenant.userId}`;
      for (const change of [
        sql`organization_id = ${trainerB.organizationId}::uuid`,
        sql`email = ${ADMIN_EMAIL}`,
        sql`role = 'admin'`,
      ]) {
        expect(await refusalWithGrant(tenant, grant, sql`update profiles set ${change} ${own}`)).toMatch(
          /new row violates row-level security policy/,
        );
      }
      // The same statement keeping the stored values passes: the refusal is the change's.
      expect(
        await refusalWithGrant(
          tenant,
          grant,
          sql`update profiles set organization_id = organization_id, email = email, role = role ${own}`,
        ),
      ).toBeUndefined();
    }
  });

  it('lets the service role place an account without organisation, never move one or change an address', async () => {
    const { service } = testApp.database;
    const moved = await service
      .update(profiles)
      .set({ organizationId: tenants.trainerB.organizationId })
      .where(eq(profiles.id, tenants.studentA.userId))
      .returning();
    expect(moved).toEqual([]);
    expect(
      await refusal(
        service.update(profiles).set({ email: ADMIN_EMAIL }).where(eq(profiles.id, tenants.studentA.userId)),
      ),
    ).toMatch(/permission denied for table profiles/);
    expect(
      await refusal(
        service
          .update(authUsers)
          .set({ email: ADMIN_EMAIL })
          .where(eq(authUsers.id, tenants.studentA.userId)),
      ),
    ).toMatch(/permission denied for table auth_users/);
  });

  it('keeps the roles to their own tables', async () => {
    const { service, jobs } = testApp.database;
    expect(await refusal(jobs.select().from(authAccounts))).toMatch(
      /permission denied for table auth_accounts/,
    );
    expect(await refusal(service.select().from(jobRuns))).toMatch(/permission denied for table job_runs/);
    expect(await refusal(service.select().from(systemLogs))).toMatch(
      /permission denied for table system_logs/,
    );
  });
});

describe('admin resolution', () => {
  it('never makes an admin of a student who rewrote their profile’s address to one of ADMIN_EMAILS', async () => {
    const { database, modules } = testApp;
    // The reproduced attack: the profile's copy of the address rewritten (here by the owner, as the
    // bug did), the account's own verified address unchanged.
    await database.db
      .update(profiles)
      .set({ email: ADMIN_EMAIL })
      .where(eq(profiles.id, tenants.studentA.userId));
    try {
      modules.organizations.service.forget(tenants.studentA.userId);
      expect((await modules.organizations.service.loadUser(tenants.studentA.userId))?.role).toBe('student');
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: studentCookie },
      });
      expect(response.json().user.role).toBe('student');
      expect(await modules.organizations.service.listStaffIds(tenants.trainerA.organizationId!)).toEqual([
        tenants.trainerA.userId,
      ]);
    } finally {
      await database.db
        .update(profiles)
        .set({ email: 's@org-a.example' })
        .where(eq(profiles.id, tenants.studentA.userId));
      modules.organizations.service.forget(tenants.studentA.userId);
    }
  });

  it('makes an admin of an ADMIN_EMAILS account only once its address is verified', async () => {
    const { database, modules } = testApp;
    expect((await signUp(testApp.app, { email: ADMIN_EMAIL })).statusCode).toBe(200);
    const [account] = await database.db.select().from(authUsers).where(eq(authUsers.email, ADMIN_EMAIL));
    expect((await modules.organizations.service.loadUser(account!.id))?.role).toBe('student');
    await database.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, account!.id));
    modules.organizations.service.forget(account!.id);
    expect((await modules.organizations.service.loadUser(account!.id))?.role).toBe('admin');
  });
});

describe('organisation assignment', () => {
  it('placed the waiting student in the trainer’s organisation', async () => {
    const user = await testApp.modules.organizations.service.loadUser(tenants.studentA.userId);
    expect(user?.organizationName).toBe('Organisme A');
  });

  it('refuses to assign a student who already has an organisation', async () => {
    const trainerB = await testApp.modules.organizations.service.loadUser(tenants.trainerB.userId);
    await expect(
      testApp.modules.organizations.service.assignStudent(
        { ...trainerB!, emailVerified: true },
        { email: 's@org-a.example' },
      ),
    ).rejects.toMatchObject({ code: 'STUDENT_NOT_ASSIGNABLE' });
  });

  it('keeps a student out of the organisation routes', async () => {
    const cookie = cookieHeader(await signIn(testApp.app, 's@org-a.example'));
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/organizations',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('NOT_AUTHORIZED');
  });
});

describe('role cache', () => {
  it('keeps a resolved role for 5 minutes, then reads it again', async () => {
    let now = 0;
    const service = createOrganizationsService({
      database: testApp.database,
      adminEmails: [],
      verifiedEmails: async () => new Map(),
      now: () => now,
    });
    expect((await service.loadUser(tenants.studentA.userId))?.role).toBe('student');
    await testApp.database.db
      .update(userRoles)
      .set({ role: 'trainer' })
      .where(sql`${userRoles.userId} = ${tenants.studentA.userId}`);
    now += 4 * 60 * 1000;
    expect((await service.loadUser(tenants.studentA.userId))?.role).toBe('student');
    now += 2 * 60 * 1000;
    expect((await service.loadUser(tenants.studentA.userId))?.role).toBe('trainer');
  });
});
