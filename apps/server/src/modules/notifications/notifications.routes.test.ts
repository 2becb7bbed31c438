import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createConfirmedUser,
  createTestApp,
  ENGINE,
  ORIGIN,
  signIn,
  type TestApp,
} from '../../../test/helper.ts';
import type { TenantContext } from '../../db/client.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { notifications } from './notifications.tables.ts';

type Person = 'trainerA' | 'secondTrainerA' | 'studentA' | 'trainerB';

let testApp: TestApp;
const cookies = {} as Record<Person, string>;
const tenants = {} as Record<Person, TenantContext>;

async function sessionOf(cookie: string) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  return response.json().user as { id: string; role: TenantContext['role']; organizationId: string | null };
}

async function remember(person: Person, cookie: string) {
  const user = await sessionOf(cookie);
  cookies[person] = cookie;
  tenants[person] = { userId: user.id, role: user.role, organizationId: user.organizationId };
}

beforeAll(async () => {
  testApp = await createTestApp();
  const organizations = testApp.modules.organizations.service;
  await remember(
    'trainerA',
    await createConfirmedUser(testApp, { email: 'a@org-a.example', role: 'trainer', organizationName: 'A' }),
  );
  await remember(
    'trainerB',
    await createConfirmedUser(testApp, { email: 'b@org-b.example', role: 'trainer', organizationName: 'B' }),
  );

  // A second trainer joins organisation A (there is no route for it yet: the owner moves the profile).
  const secondCookie = await createConfirmedUser(testApp, {
    email: 'a2@org-a.example',
    role: 'trainer',
    organizationName: 'Temporaire',
  });
  const second = await sessionOf(secondCookie);
  await testApp.database.db
    .update(profiles)
    .set({ organizationId: tenants.trainerA.organizationId })
    .where(sql`${profiles.id} = ${second.id}`);
  organizations.forget(second.id);
  await remember('secondTrainerA', secondCookie);

  const studentCookie = await createConfirmedUser(testApp, { email: 's@org-a.example' });
  await testApp.app.inject({
    method: 'POST',
    url: '/api/organizations/assign-student',
    headers: { ...ORIGIN, cookie: cookies.trainerA },
    payload: { email: 's@org-a.example' },
  });
  const student = await sessionOf(studentCookie);
  organizations.forget(student.id);
  await remember('studentA', cookieHeader(await signIn(testApp.app, 's@org-a.example')));
});
afterAll(() => testApp.close());

beforeEach(async () => {
  await testApp.database.db.delete(notifications);
});

/** Inserts on the owner connection, minutes apart, so their order is known. */
async function seed(
  person: Person,
  rows: {
    title: string;
    notificationType?: 'achievement' | 'general';
    context?: string;
    isRead?: boolean;
    minutesAgo?: number;
  }[],
) {
  const tenant = tenants[person];
  const inserted = await testApp.database.db
    .insert(notifications)
    .values(
      rows.map((row, index) => ({
        organizationId: tenant.organizationId!,
        userId: tenant.userId,
        // A welcome names its organisation: the test's marker for each row.
        type: 'welcome',
        notificationType: row.notificationType ?? 'general',
        metadata: { organizationName: row.title },
        context: row.context,
        isRead: row.isRead ?? false,
        createdAt: new Date(Date.now() - (row.minutesAgo ?? index) * 60_000),
      })),
    )
    .returning({ id: notifications.id });
  return inserted.map((row) => row.id);
}

function get(person: Person, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: { cookie: cookies[person] } });
}

function post(person: Person | null, url: string, payload?: object) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...ORIGIN, ...(person ? { cookie: cookies[person] } : {}) },
    payload,
  });
}

const titles = (response: { json(): { items: { metadata: { organizationName: string } }[] } }) =>
  response.json().items.map((item) => item.metadata.organizationName);

describe('listing', () => {
  it('lists one’s own notifications newest first, with every field the bell shows', async () => {
    await seed('trainerA', [
      { title: 'old', minutesAgo: 30 },
      { title: 'new', minutesAgo: 1 },
      { title: 'middle', minutesAgo: 10, notificationType: 'achievement' },
    ]);
    const response = await get('trainerA', '/api/notifications');
    expect(response.statusCode).toBe(200);
    expect(titles(response)).toEqual(['new', 'middle', 'old']);
    expect(response.json().items[0]).toMatchObject({
      userId: tenants.trainerA.userId,
      type: 'welcome',
      notificationType: 'general',
      actionUrl: null,
      isRead: false,
      context: null,
      metadata: { organizationName: 'new' },
    });
    // Stored as a kind and data only: the reader's web app writes the sentences in their language.
    expect(response.json().items[0]).not.toHaveProperty('title');
    expect(response.json().items[0]).not.toHaveProperty('message');
    expect(Date.parse(response.json().items[0].createdAt)).toBeGreaterThan(Date.now() - 5 * 60_000);
  });

  it('filters by tab type and by context', async () => {
    await seed('trainerA', [
      { title: 'badge', notificationType: 'achievement' },
      { title: 'info', context: 'trainer' },
      { title: 'other space', context: 'student' },
    ]);
    expect(titles(await get('trainerA', '/api/notifications?type=achievement'))).toEqual(['badge']);
    expect(titles(await get('trainerA', '/api/notifications?type=general'))).toEqual(['info', 'other space']);
    expect(titles(await get('trainerA', '/api/notifications?type=all&context=trainer'))).toEqual(['info']);
    expect(titles(await get('trainerA', '/api/notifications?type=general&context=student'))).toEqual([
      'other space',
    ]);
    expect(titles(await get('trainerA', '/api/notifications?type=achievement&context=student'))).toEqual([]);
  });

  it('returns the 50 newest only (SPEC 9)', async () => {
    await seed(
      'trainerA',
      Array.from({ length: 55 }, (_, index) => ({ title: `n${index}`, minutesAgo: index })),
    );
    const listed = titles(await get('trainerA', '/api/notifications'));
    expect(listed).toHaveLength(50);
    expect(listed[0]).toBe('n0');
    expect(listed.at(-1)).toBe('n49');
  });

  it('refuses visitors', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('NO_SESSION');
  });
});

describe('reading', () => {
  it('counts unread ones, marks one read, and counts again', async () => {
    const [first] = await seed('trainerA', [
      { title: 'one' },
      { title: 'two', context: 'trainer' },
      { title: 'seen', isRead: true },
    ]);
    expect((await get('trainerA', '/api/notifications/unread-count')).json()).toEqual({ count: 2 });
    expect((await get('trainerA', '/api/notifications/unread-count?context=trainer')).json()).toEqual({
      count: 1,
    });

    const response = await post('trainerA', `/api/notifications/${first}/read`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await get('trainerA', '/api/notifications/unread-count')).json()).toEqual({ count: 1 });
    const listed = (await get('trainerA', '/api/notifications')).json().items;
    expect(listed.find((item: { id: string }) => item.id === first).isRead).toBe(true);

    // Marking again is harmless.
    expect((await post('trainerA', `/api/notifications/${first}/read`)).statusCode).toBe(200);
  });

  it('marks all read, or only one notification type, or only one context', async () => {
    await seed('trainerA', [
      { title: 'badge', notificationType: 'achievement' },
      { title: 'info' },
      { title: 'space', context: 'trainer' },
    ]);
    const byType = await post('trainerA', '/api/notifications/read-all', { notificationType: 'achievement' });
    expect(byType.json()).toEqual({ updated: 1 });
    const byContext = await post('trainerA', '/api/notifications/read-all', { context: 'trainer' });
    expect(byContext.json()).toEqual({ updated: 1 });
    expect((await get('trainerA', '/api/notifications/unread-count')).json()).toEqual({ count: 1 });
    expect((await post('trainerA', '/api/notifications/read-all', {})).json()).toEqual({ updated: 1 });
    expect((await get('trainerA', '/api/notifications/unread-count')).json()).toEqual({ count: 0 });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await post('trainerA', '/api/notifications/00000000-0000-4000-8000-000000000000/read');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('isolation', () => {
  it('keeps a colleague’s notifications out of sight and out of reach', async () => {
    const [trainers] = await seed('trainerA', [{ title: 'for the trainer' }]);
    await seed('studentA', [{ title: 'for the student' }]);

    expect(titles(await get('studentA', '/api/notifications'))).toEqual(['for the student']);
    expect(titles(await get('secondTrainerA', '/api/notifications'))).toEqual([]);
    const response = await post('studentA', `/api/notifications/${trainers}/read`);
    expect(response.statusCode).toBe(404);
    await post('studentA', '/api/notifications/read-all', {});
    expect((await get('trainerA', '/api/notifications/unread-count')).json()).toEqual({ count: 1 });
  });

  it('keeps another organisation’s notifications invisible, even with a guessed id', async () => {
    const [guessed] = await seed('trainerA', [{ title: 'organisation A only' }]);
    expect(titles(await get('trainerB', '/api/notifications'))).toEqual([]);
    expect((await get('trainerB', '/api/notifications/unread-count')).json()).toEqual({ count: 0 });
    expect((await post('trainerB', `/api/notifications/${guessed}/read`)).statusCode).toBe(404);
    expect((await post('trainerB', '/api/notifications/read-all', {})).json()).toEqual({ updated: 0 });
    expect((await get('trainerA', '/api/notifications')).json().items[0].isRead).toBe(false);
  });
});

describe(`row-level security on ${ENGINE}`, () => {
  it('returns only one’s own rows to a query without any filter', async () => {
    await seed('trainerA', [{ title: 'a' }]);
    await seed('secondTrainerA', [{ title: 'a2' }]);
    await seed('trainerB', [{ title: 'b' }]);
    const rows = await testApp.database.withTenant(tenants.secondTrainerA, (tx) =>
      tx.select().from(notifications),
    );
    expect(rows.map((row) => row.metadata.organizationName)).toEqual(['a2']);
    const updated = await testApp.database.withTenant(tenants.trainerB, (tx) =>
      tx.update(notifications).set({ isRead: true }).returning({ metadata: notifications.metadata }),
    );
    expect(updated.map((row) => row.metadata.organizationName)).toEqual(['b']);
  });

  it('hides a row moved out of one’s organisation, and lets requests change nothing but is_read', async () => {
    const [id] = await seed('trainerA', [{ title: 'mine' }]);
    const elsewhere = { ...tenants.trainerA, organizationId: tenants.trainerB.organizationId };
    const rows = await testApp.database.withTenant(elsewhere, (tx) => tx.select().from(notifications));
    expect(rows).toEqual([]);
    await expect(
      testApp.database.withTenant(tenants.trainerA, (tx) =>
        tx.update(notifications).set({ type: 'forged' }).where(sql`${notifications.id} = ${id}`),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
    await expect(
      testApp.database.withTenant(tenants.trainerA, (tx) =>
        tx.insert(notifications).values({
          organizationId: tenants.trainerA.organizationId!,
          userId: tenants.trainerA.userId,
          type: 'welcome',
          metadata: { organizationName: 'self-made' },
        }),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
  });
});

describe('bad input', () => {
  it('names the field for a wrong type, context or id, and never answers 500', async () => {
    const cases = [
      ['GET', '/api/notifications?type=info', 'type'],
      ['GET', '/api/notifications?context=Trainer%20space', 'context'],
      ['GET', `/api/notifications?context=${'x'.repeat(51)}`, 'context'],
      ['GET', '/api/notifications/unread-count?context=', 'context'],
      ['POST', '/api/notifications/not-a-uuid/read', 'id'],
      ['POST', "/api/notifications/1'%20or%201=1/read", 'id'],
    ] as const;
    for (const [method, url, field] of cases) {
      const response = method === 'GET' ? await get('trainerA', url) : await post('trainerA', url, undefined);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.json().error.details.fields[0].path, url).toBe(field);
    }
  });

  it('refuses an unknown notification type or a malformed body when marking all read', async () => {
    const wrongType = await post('trainerA', '/api/notifications/read-all', { notificationType: 'info' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.details.fields[0].path).toBe('notificationType');
    const notObject = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { ...ORIGIN, cookie: cookies.trainerA, 'content-type': 'application/json' },
      payload: '[1,',
    });
    expect(notObject.statusCode).toBe(400);
  });
});

describe('notifications raised by the server', () => {
  it('notifies every trainer and admin of the organisation, and nobody else', async () => {
    const service = testApp.modules.notifications.service;
    const created = await service.notifyOrganizationStaff(tenants.trainerA.organizationId!, {
      type: 'time_tracking_issue',
      actionUrl: '/trainer/students',
      context: 'trainer',
      metadata: {
        studentId: tenants.studentA.userId,
        studentName: 'Sam',
        studentEmail: 's@org-a.example',
        issueType: 'session_stuck',
      },
    });
    expect(created.map((row) => row.userId).sort()).toEqual(
      [tenants.trainerA.userId, tenants.secondTrainerA.userId].sort(),
    );
    const listed = (await get('secondTrainerA', '/api/notifications')).json().items;
    expect(listed).toMatchObject([
      {
        type: 'time_tracking_issue',
        notificationType: 'general',
        actionUrl: '/trainer/students',
        metadata: { issueType: 'session_stuck' },
      },
    ]);
    expect(titles(await get('studentA', '/api/notifications'))).toEqual([]);
    expect(titles(await get('trainerB', '/api/notifications'))).toEqual([]);
  });

  it('refuses a link that leaves the site', async () => {
    const service = testApp.modules.notifications.service;
    const recipient = {
      userId: tenants.trainerA.userId,
      organizationId: tenants.trainerA.organizationId!,
    };
    for (const actionUrl of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:x']) {
      await expect(
        service.createNotification(recipient, {
          type: 'welcome',
          metadata: { organizationName: 'Org' },
          actionUrl,
        }),
      ).rejects.toThrow();
    }
    const created = await service.createNotification(recipient, {
      type: 'welcome',
      metadata: { organizationName: 'Org' },
      actionUrl: '/trainer/dashboard?tab=1',
    });
    expect(created).toMatchObject({ notificationType: 'general', isRead: false });
  });

  it('refuses a kind it cannot write, or data that does not fit the kind', async () => {
    const service = testApp.modules.notifications.service;
    const recipient = {
      userId: tenants.trainerA.userId,
      organizationId: tenants.trainerA.organizationId!,
    };
    const forged = [
      { type: 'unknown_kind', metadata: {} },
      { type: 'welcome', metadata: {} },
      { type: 'question_created', metadata: { questionId: 'not-a-uuid', subject: 's', studentName: 'n' } },
    ];
    for (const input of forged)
      await expect(service.createNotification(recipient, input as never)).rejects.toThrow();
    const badge = await service.createNotification(recipient, {
      type: 'achievement',
      metadata: {
        badgeId: '00000000-0000-4000-8000-000000000000',
        systemKey: 'first_login',
        name: null,
        rarity: 'common',
        criterion: 'login',
        threshold: 1,
      },
    });
    // The tab follows from the kind, never from the caller.
    expect(badge.notificationType).toBe('achievement');
  });
});
