import type { AuditEventList, SessionUser } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { type Db, tenantOf } from '../../db/client.ts';
import { auditEvents } from './audit.tables.ts';

let world: CoursesWorld;
let admin: SessionUser;
let trainerA: SessionUser;
// The world signs in on the real clock (sessions expire against the database's own time); the
// events then happen on the simulated one, in a past March that nothing else of the world touches.
let clock: Date | undefined;

const sessionOf = async (cookie: string): Promise<SessionUser> =>
  (await world.testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()
    .user;
const audit = () => world.testApp.modules.audit.service;
const organizationA = () => world.users.trainerA.organizationId!;
const organizationB = () => world.users.trainerB.organizationId!;
const list = async (person: 'admin' | 'trainerA' | 'trainerB', query = '') =>
  expectStatus<AuditEventList>(await world.call(person, 'GET', `/api/audit/events${query}`), 200);

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock ?? new Date() });
  admin = await sessionOf(world.users.admin.cookie);
  trainerA = await sessionOf(world.users.trainerA.cookie);
  clock = new Date('2026-03-10T09:00:00.000Z');
  await audit().recordEvent({
    action: 'role.changed',
    organizationId: organizationA(),
    actor: { id: trainerA.id, email: trainerA.email, name: 'Camille Martin' },
    targetType: 'user',
    targetId: world.users.studentA1.id,
    ip: '203.0.113.7',
    userAgent: 'Firefox',
    before: { organizationRole: 'trainer' },
    after: { organizationRole: 'manager' },
    details: { name: 'Léa' },
  });
  clock = new Date('2026-03-11T09:00:00.000Z');
  await audit().recordEvent({
    action: 'auth.sign_in_failed',
    organizationId: organizationB(),
    actor: null,
    targetType: 'user',
    targetId: world.users.trainerB.id,
    ip: '198.51.100.2',
  });
  clock = new Date('2026-03-12T09:00:00.000Z');
  await audit().recordEvent({
    action: 'platform.setting',
    organizationId: null,
    actor: { id: admin.id, email: admin.email },
    targetType: 'platform',
    targetId: null,
  });
});
afterAll(() => world.close());

/** The simulated March: events the world's sign-ups may have recorded stay out of it. */
const since = `from=${encodeURIComponent('2026-03-10T00:00:00.000Z')}&to=${encodeURIComponent('2026-03-31T00:00:00.000Z')}`;

describe('the audit trail', () => {
  it("shows a trainer their own organisation's events only, whatever organisation they ask for", async () => {
    const own = await list('trainerA', `?${since}`);
    expect(own.items.map((event) => event.action)).toEqual(['role.changed']);
    expect(own.items[0]).toMatchObject({
      organizationId: organizationA(),
      organizationName: 'Organisme A',
      actorEmail: trainerA.email,
      actorName: 'Camille Martin',
      ip: '203.0.113.7',
      userAgent: 'Firefox',
      before: { organizationRole: 'trainer' },
      after: { organizationRole: 'manager' },
      createdAt: '2026-03-10T09:00:00.000Z',
    });
    const asked = await list('trainerA', `?${since}&organizationId=${organizationB()}`);
    expect(asked.items.map((event) => event.organizationId)).toEqual([organizationA()]);
    const other = await list('trainerB', `?${since}`);
    expect(other.items.map((event) => event.action)).toEqual(['auth.sign_in_failed']);
  });

  it('shows an admin every organisation and the platform, or the one they name', async () => {
    const all = await list('admin', `?${since}`);
    expect(all.items.map((event) => event.action)).toEqual([
      'platform.setting',
      'auth.sign_in_failed',
      'role.changed',
    ]);
    const one = await list('admin', `?${since}&organizationId=${organizationB()}`);
    expect(one.items.map((event) => event.action)).toEqual(['auth.sign_in_failed']);
  });

  it('filters by action prefix, actor and dates, a page at a time', async () => {
    expect((await list('admin', `?${since}&action=auth.`)).items.map((event) => event.action)).toEqual([
      'auth.sign_in_failed',
    ]);
    expect((await list('admin', `?${since}&action=role`)).total).toBe(1);
    // `_` is a letter of the verb, not LIKE's wildcard.
    expect((await list('admin', `?${since}&action=role_`)).total).toBe(0);
    expect((await list('admin', `?${since}&actor=camille`)).items.map((event) => event.action)).toEqual([
      'role.changed',
    ]);
    const day = await list(
      'admin',
      `?from=${encodeURIComponent('2026-03-11T00:00:00+01:00')}&to=${encodeURIComponent('2026-03-11T23:59:59.999+01:00')}`,
    );
    expect(day.items.map((event) => event.action)).toEqual(['auth.sign_in_failed']);
    const paged = await list('admin', `?${since}&pageSize=2&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((event) => event.action)).toEqual(['role.changed']);
  });

  it('is refused to learners and visitors, and answers 400 naming a malformed filter', async () => {
    expectStatus(await world.call('studentA1', 'GET', '/api/audit/events'), 403);
    expectStatus(await world.call('studentA1', 'GET', '/api/audit/events/export'), 403);
    expectStatus(await world.call(null, 'GET', '/api/audit/events'), 401);
    for (const [query, field] of [
      ['organizationId=nope', 'organizationId'],
      ['from=yesterday', 'from'],
      ['action=DROP%20TABLE', 'action'],
      [`from=2026-03-12T00:00:00Z&to=2026-03-11T00:00:00Z`, 'to'],
    ]) {
      const response = await world.call('admin', 'GET', `/api/audit/events?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(field);
    }
  });

  it("exports the reader's events as a French Excel CSV, and records the export", async () => {
    clock = new Date('2026-03-13T09:00:00.000Z');
    const response = await world.testApp.app.inject({
      method: 'GET',
      url: `/api/audit/events/export?${since}&organizationId=${organizationB()}`,
      headers: { cookie: world.users.trainerA.cookie, 'user-agent': 'Auditor/1.0' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-trail-2026-03-13.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFDate (Paris);Action;Organisme;Auteur;Nom de l’auteur;Type de cible;Cible;Adresse IP;Navigateur;Avant;Après;Détails',
    );
    // Newest first: the export itself (recorded before the first line), then trainer A's event,
    // never organisation B's.
    expect(lines[1]).toMatch(/^2026-03-13 10:00:00;export\.created;Organisme A;trainer@org-a\.example;/);
    expect(lines[2]).toBe(
      `2026-03-10 10:00:00;role.changed;Organisme A;trainer@org-a.example;Camille Martin;user;${world.users.studentA1.id};203.0.113.7;Firefox;"{""organizationRole"":""trainer""}";"{""organizationRole"":""manager""}";"{""name"":""Léa""}"`,
    );
    expect(lines.slice(3)).toEqual(['']);
    const [exported] = (await list('trainerA', `?${since}&action=export.`)).items;
    expect(exported).toMatchObject({
      action: 'export.created',
      organizationId: organizationA(),
      actorId: trainerA.id,
      targetType: 'audit_events',
      userAgent: 'Auditor/1.0',
      details: {
        export: 'audit_events',
        filters: {
          from: '2026-03-10T00:00:00.000Z',
          to: '2026-03-31T00:00:00.000Z',
          // As applied: the trainer's own organisation, not the one they named.
          organizationId: organizationA(),
        },
      },
    });
    expect(exported?.ip).toBeTruthy();
  });

  it('writes the headers in the reader’s language', async () => {
    expectStatus(await world.call('admin', 'PATCH', '/api/auth/preferences', { language: 'en' }), 200);
    const response = await world.call('admin', 'GET', `/api/audit/events/export?${since}&action=platform`);
    expect(response.body.split('\r\n')[0]).toBe(
      '\uFEFFDate (Paris);Action;Organisation;Actor;Actor name;Target type;Target;IP address;User agent;Before;After;Details',
    );
    expect(response.body).toContain('\r\n2026-03-12 10:00:00;platform.setting;;root@cursus.example;');
  });

  it("lands an admin's action on an organisation in that organisation's trail", async () => {
    clock = new Date('2026-03-14T09:00:00.000Z');
    await world.testApp.database.withTenant(tenantOf(admin), (tx) =>
      audit().record(
        admin,
        {
          action: 'organization.legal_info.update',
          organizationId: organizationA(),
          targetType: 'organization',
          targetId: organizationA(),
          summary: 'Informations légales de « Organisme A » modifiées',
          details: { organizationName: 'Organisme A' },
          before: { siret: null },
          after: { siret: '12345678900011' },
        },
        tx,
      ),
    );
    const [event] = (await list('trainerA', `?${since}&action=organization.`)).items;
    expect(event).toMatchObject({
      action: 'organization.legal_info.update',
      actorId: admin.id,
      before: { siret: null },
      after: { siret: '12345678900011' },
      details: {
        organizationName: 'Organisme A',
        summary: 'Informations légales de « Organisme A » modifiées',
      },
    });
    expect((await list('trainerB', `?${since}&action=organization.`)).total).toBe(0);
  });

  it('lets nobody record an event in another user’s name from a request', async () => {
    const forge = (event: { actorId: string; organizationId: string }) =>
      world.testApp.database.withTenant(tenantOf(trainerA), (tx) =>
        audit().recordEvent(
          {
            action: 'forged',
            organizationId: event.organizationId,
            actor: { id: event.actorId, email: null },
            targetType: 'user',
            targetId: null,
          },
          tx,
        ),
      );
    await expect(forge({ actorId: admin.id, organizationId: organizationA() })).rejects.toThrow();
    await expect(forge({ actorId: trainerA.id, organizationId: organizationB() })).rejects.toThrow();
    expect((await list('admin', '?action=forged')).total).toBe(0);
  });
});

describe('the audit trail is append-only', () => {
  // Drizzle wraps the database's error; the database's message is its cause.
  const refusal = (statement: Promise<unknown>) =>
    statement.then(
      () => 'accepted',
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );
  const attempts = (db: Pick<Db, 'execute'>) => [
    db.execute(sql`update audit_events set action = 'rewritten'`),
    db.execute(sql`delete from audit_events`),
    db.execute(sql`truncate audit_events`),
  ];

  it.each([
    ['cursus_app (a request, an admin’s)', 'tenant'],
    ['cursus_service', 'service'],
    ['cursus_jobs', 'jobs'],
  ] as const)('refuses UPDATE, DELETE and TRUNCATE to %s', async (_role, handle) => {
    const { database } = world.testApp;
    const outcomes: string[] = [];
    for (const index of [0, 1, 2])
      outcomes.push(
        await refusal(
          handle === 'tenant'
            ? database.withTenant(tenantOf(admin), (tx) => attempts(tx)[index]!)
            : attempts(database[handle])[index]!,
        ),
      );
    for (const outcome of outcomes) expect(outcome).toMatch(/permission denied/);
  });

  it('refuses them to the owner too, through the trigger', async () => {
    const { database } = world.testApp;
    for (const outcome of await Promise.all(attempts(database.db).map(refusal)))
      expect(outcome).toMatch(/audit_events is append-only/);
    const [{ total }] = (await database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(sql`action = 'rewritten'`)) as [{ total: number }];
    expect(total).toBe(0);
    expect((await list('admin', `?${since}`)).total).toBeGreaterThanOrEqual(3);
  });
});
