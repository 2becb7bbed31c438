import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantContext } from '../src/db/client.ts';
import { organizations, profiles, systemLogs, userRoles } from '../src/db/schema.ts';
import { createOrganizationsService } from '../src/modules/organizations/organizations.service.ts';
import {
  cookieHeader,
  createConfirmedUser,
  createTestApp,
  ENGINE,
  ORIGIN,
  signIn,
  type TestApp,
} from './helper.ts';

let testApp: TestApp;
const tenants: Record<'trainerA' | 'trainerB' | 'studentA', TenantContext> = {} as never;

beforeAll(async () => {
  testApp = await createTestApp();
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
  const studentCookie = await createConfirmedUser(testApp, { email: 's@org-a.example' });
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

  it('refuses to move a profile into another organisation', async () => {
    const updated = await testApp.database.withTenant(tenants.trainerB, (tx) =>
      tx
        .update(profiles)
        .set({ fullName: 'Hacked' })
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

  it('enables row-level security on every table that has an organisation column', async () => {
    const result = await testApp.database.db.execute(sql`
      select c.relname as name, c.relrowsecurity as secured
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id')`);
    const rows = (result as unknown as { rows: { name: string; secured: boolean }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.secured)).toEqual([]);
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
