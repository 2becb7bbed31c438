import type { AdminAuditList, SessionUser } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { tenantOf } from '../../db/client.ts';
import { isAuditedAction } from './audit.service.ts';
import { adminAuditLog } from './audit.tables.ts';

let world: CoursesWorld;
let admin: SessionUser;
let trainerA: SessionUser;

const sessionOf = async (cookie: string): Promise<SessionUser> =>
  (await world.testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()
    .user;

beforeAll(async () => {
  world = await createCoursesWorld();
  admin = await sessionOf(world.users.admin.cookie);
  trainerA = await sessionOf(world.users.trainerA.cookie);
});
afterAll(() => world.close());

const audit = () => world.testApp.modules.audit.service;
const organizationA = () => world.users.trainerA.organizationId!;
const organizationB = () => world.users.trainerB.organizationId!;

describe('the admin audit log', () => {
  it("records an admin's action on another organisation, inside the action's own transaction", async () => {
    await world.testApp.database.withTenant(tenantOf(admin), (tx) =>
      audit().record(
        admin,
        {
          action: 'organization.update',
          organizationId: organizationA(),
          targetType: 'organization',
          targetId: organizationA(),
          summary: 'Paramètres de « Organisme A » modifiés',
          details: { fields: ['name'] },
        },
        tx,
      ),
    );
    await audit().record(admin, {
      action: 'improvement.create',
      organizationId: null,
      targetType: 'improvement_action',
      targetId: null,
      summary: 'Action d’amélioration de la plateforme créée',
    });
    const log = expectStatus<AdminAuditList>(await world.call('admin', 'GET', '/api/admin/audit-log'), 200);
    expect(log.total).toBe(2);
    // Newest first.
    expect(log.items.map((entry) => entry.action)).toEqual(['improvement.create', 'organization.update']);
    expect(log.items[1]).toMatchObject({
      organizationId: organizationA(),
      organizationName: 'Organisme A',
      targetType: 'organization',
      summary: 'Paramètres de « Organisme A » modifiés',
      details: { fields: ['name'] },
      actorId: admin.id,
      actorEmail: 'root@cursus.example',
    });
  });

  it("filters one organisation's entries, paged", async () => {
    const log = expectStatus<AdminAuditList>(
      await world.call('admin', 'GET', `/api/admin/audit-log?organizationId=${organizationA()}&pageSize=1`),
      200,
    );
    expect(log).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(log.items[0]?.organizationId).toBe(organizationA());
    const none = expectStatus<AdminAuditList>(
      await world.call('admin', 'GET', `/api/admin/audit-log?organizationId=${organizationB()}`),
      200,
    );
    expect(none.total).toBe(0);
  });

  it('leaves out what is not an admin acting on data other than their own organisation', async () => {
    expect(isAuditedAction(trainerA, organizationA())).toBe(false);
    expect(isAuditedAction({ ...admin, organizationId: organizationA() }, organizationA())).toBe(false);
    expect(isAuditedAction({ ...admin, organizationId: organizationA() }, organizationB())).toBe(true);
    expect(isAuditedAction(admin, null)).toBe(true);
    await audit().record(trainerA, {
      action: 'course.update',
      organizationId: organizationA(),
      targetType: 'course',
      targetId: null,
      summary: 'ignored',
    });
    const log = expectStatus<AdminAuditList>(await world.call('admin', 'GET', '/api/admin/audit-log'), 200);
    expect(log.total).toBe(2);
  });

  it('is read by admins only', async () => {
    expectStatus(await world.call('trainerA', 'GET', '/api/admin/audit-log'), 403);
    expectStatus(await world.call('studentA1', 'GET', '/api/admin/audit-log'), 403);
    expectStatus(await world.call(null, 'GET', '/api/admin/audit-log'), 401);
    // A trainer's transaction sees no line and may write none.
    const seen = await world.testApp.database.withTenant(tenantOf(trainerA), (tx) =>
      tx.select({ id: adminAuditLog.id }).from(adminAuditLog),
    );
    expect(seen).toEqual([]);
    await expect(
      world.testApp.database.withTenant(tenantOf(trainerA), (tx) =>
        audit().record(
          { ...trainerA, role: 'admin', organizationId: null },
          {
            action: 'forged',
            organizationId: organizationB(),
            targetType: 'organization',
            targetId: null,
            summary: 'forged',
          },
          tx,
        ),
      ),
    ).rejects.toThrow();
  });

  it('answers 400 naming the field for a malformed filter', async () => {
    const response = await world.call('admin', 'GET', '/api/admin/audit-log?organizationId=nope&page=0');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('organizationId');
  });

  it('cannot be edited or emptied by anyone, the owner included', async () => {
    const { database } = world.testApp;
    // Drizzle wraps the database's error; the trigger's message is its cause.
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(database.db.execute(sql`update admin_audit_log set summary = 'rewritten'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(database.db.execute(sql`delete from admin_audit_log`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`truncate admin_audit_log`))).toMatch(/append-only/);
    expect(
      await refusal(
        database.withTenant(tenantOf(admin), (tx) => tx.execute(sql`delete from admin_audit_log`)),
      ),
    ).toMatch(/permission denied/);
    const log = expectStatus<AdminAuditList>(await world.call('admin', 'GET', '/api/admin/audit-log'), 200);
    expect(log.items.map((entry) => entry.summary)).not.toContain('rewritten');
    expect(log.total).toBe(2);
  });
});
