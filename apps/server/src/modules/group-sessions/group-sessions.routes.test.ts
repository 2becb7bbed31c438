import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { APP_URL, TEST_PASSWORD_HASHING, TEST_SECRET, withoutOwner } from '../../../test/helper.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import { parseEnv } from '../../config/env.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { GROUP_SESSION_REMINDER_JOB } from './group-sessions.module.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LEA = 'lea@org-a.example';
const HUGO = 'hugo@org-a.example';

let clock = new Date('2026-11-02T08:00:00.000Z');
let world: CoursesWorld;
let courseId: string;

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  courseId = expectStatus(
    await world.call('trainerA', 'POST', '/api/courses', { title: 'Excel avancé' }),
    200,
  ).id;
  expectStatus(
    await world.call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users.studentA2.id],
    }),
    200,
  );
});
afterAll(async () => {
  await world?.close();
});

async function mails(to: string, template: string) {
  return world.testApp.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    .orderBy(emailOutbox.createdAt);
}

const inHours = (hours: number) => new Date(clock.getTime() + hours * HOUR_MS).toISOString();

function create(body: Record<string, unknown>) {
  return world.call('trainerA', 'POST', '/api/trainer/group-sessions', {
    title: 'Atelier',
    meetingDate: inHours(48),
    durationMinutes: 60,
    meetingUrl: 'https://meet.jit.si/atelier',
    ...body,
  });
}

describe('creating a session', () => {
  it('invites the learners named and the formation’s, and emails each the announcement and the invitation', async () => {
    const session = expectStatus(
      await create({
        title: 'Atelier tableaux croisés',
        courseId,
        studentIds: [world.users.studentA1.id],
        inviteCourseLearners: true,
      }),
      200,
    );
    expect(session).toMatchObject({
      title: 'Atelier tableaux croisés',
      timing: 'upcoming',
      participantCount: 2,
    });
    expect(session.participants.map((p: { id: string }) => p.id).sort()).toEqual(
      [world.users.studentA1.id, world.users.studentA2.id].sort(),
    );
    for (const to of [LEA, HUGO]) {
      const [created] = await mails(to, 'group-session-created');
      expect(created!.subject).toContain('Atelier tableaux croisés');
      expect(created!.text).toContain(`${APP_URL}/group-sessions/${session.id}/live`);
      const [invitation] = await mails(to, 'meeting-invitation');
      expect(invitation!.ics).toContain('BEGIN:VEVENT');
      expect(invitation!.ics).toContain('https://meet.jit.si/atelier');
    }
    expect(await mails('trainer@org-a.example', 'group-session-created')).toEqual([]);
    // And the bell: each invited learner, written from the kind and its data.
    const told = await world.testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'group_session_scheduled'));
    expect(told.map((row) => row.userId).sort()).toEqual(
      [world.users.studentA1.id, world.users.studentA2.id].sort(),
    );
    expect(told[0]!.metadata).toMatchObject({ sessionId: session.id, title: 'Atelier tableaux croisés' });
  });

  it('refuses a session with neither place nor link, a non-https link, and a bad duration', async () => {
    expectStatus(await create({ meetingUrl: null }), 400);
    expectStatus(await create({ meetingUrl: 'http://meet.example/x' }), 400);
    expectStatus(await create({ meetingUrl: 'javascript:alert(1)' }), 400);
    expectStatus(await create({ durationMinutes: 0 }), 400);
    expectStatus(await create({ meetingDate: 'demain' }), 400);
    expectStatus(await create({ location: 'Salle A', meetingUrl: null }), 200);
  });

  it('refuses another organisation’s learner or formation like unknown ones', async () => {
    expectStatus(await create({ studentIds: [world.users.studentB.id] }), 404);
    expectStatus(await create({ studentIds: [world.users.trainerB.id] }), 404);
    const otherCourse = expectStatus(
      await world.call('trainerB', 'POST', '/api/courses', { title: 'Autre' }),
      200,
    ).id;
    expectStatus(await create({ courseId: otherCourse }), 404);
    expectStatus(await world.call('studentA1', 'POST', '/api/trainer/group-sessions', {}), 403);
  });
});

describe('the trainer list', () => {
  it('filters by time against the clock, searches, sorts and pages', async () => {
    const base = new Date('2026-12-01T09:00:00.000Z');
    clock = new Date(base.getTime() - DAY_MS);
    const names = ['Passée Z', 'En cours Y', 'À venir X'];
    for (const [index, title] of names.entries()) {
      expectStatus(
        await create({
          title,
          meetingDate: new Date(base.getTime() + index * 3 * HOUR_MS).toISOString(),
          durationMinutes: 120,
        }),
        200,
      );
    }
    // 10:00: the first (09:00–11:00) is on, the second starts at 12:00.
    clock = new Date(base.getTime() + HOUR_MS);
    const list = async (query: string) =>
      expectStatus(await world.call('trainerA', 'GET', `/api/trainer/group-sessions?${query}`), 200);
    const titles = (page: { items: { title: string }[] }) => page.items.map((item) => item.title);
    expect(titles(await list('filter=ongoing'))).toEqual(['Passée Z']);
    // 13:00: the first is over, the second on, the third (15:00) to come.
    clock = new Date(base.getTime() + 4 * HOUR_MS);
    expect(titles(await list('filter=ongoing'))).toEqual(['En cours Y']);
    expect(titles(await list('filter=past&search=Z'))).toEqual(['Passée Z']);
    const upcoming = await list('filter=upcoming&sort=title&order=asc');
    expect(titles(upcoming)).toContain('À venir X');
    expect(upcoming.items.every((item: { timing: string }) => item.timing === 'upcoming')).toBe(true);
    const all = await list('filter=all&pageSize=2&page=1');
    expect(all.items).toHaveLength(2);
    // Counted per session in the list, as on the session's own page.
    for (const item of (await list('filter=all&pageSize=50')).items as {
      id: string;
      participantCount: number;
    }[]) {
      const detail = expectStatus(
        await world.call('trainerA', 'GET', `/api/trainer/group-sessions/${item.id}`),
        200,
      );
      expect(item.participantCount).toBe(detail.participants.length);
    }
    expect(
      (await list('filter=all&pageSize=50')).items.some(
        (item: { participantCount: number }) => item.participantCount > 0,
      ),
    ).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(5);
    expectStatus(await world.call('trainerA', 'GET', '/api/trainer/group-sessions?filter=soon'), 400);
    // Organisation B sees none of A's.
    expect(
      (await expectStatus(await world.call('trainerB', 'GET', '/api/trainer/group-sessions'), 200)).total,
    ).toBe(0);
    // The admin sees every organisation's, with its name.
    const admin = expectStatus(
      await world.call('admin', 'GET', '/api/admin/group-sessions?search=Passée'),
      200,
    );
    expect(admin.items[0]).toMatchObject({ title: 'Passée Z', organizationName: 'Organisme A' });
    expectStatus(await world.call('trainerA', 'GET', '/api/admin/group-sessions'), 403);
  });

  it('lists the organisation’s learners for the picker, searchable', async () => {
    const page = expectStatus(
      await world.call('trainerA', 'GET', '/api/trainer/group-session-learners?search=lea'),
      200,
    );
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([world.users.studentA1.id]);
    const all = expectStatus(await world.call('trainerA', 'GET', '/api/trainer/group-session-learners'), 200);
    expect(all.items.map((item: { id: string }) => item.id)).not.toContain(world.users.studentB.id);
  });
});

describe('editing and deleting', () => {
  it('emails learners added, an updated invitation on a new date, and answers 404 to another organisation', async () => {
    const session = expectStatus(
      await create({ title: 'Révisions', studentIds: [world.users.studentA1.id] }),
      200,
    );
    const before = (await mails(HUGO, 'group-session-created')).length;
    const leaInvitations = (await mails(LEA, 'meeting-invitation')).length;
    const updated = expectStatus(
      await world.call('trainerA', 'PATCH', `/api/trainer/group-sessions/${session.id}`, {
        meetingDate: inHours(72),
        studentIds: [world.users.studentA1.id, world.users.studentA2.id],
      }),
      200,
    );
    expect(updated.participantCount).toBe(2);
    expect(await mails(HUGO, 'group-session-created')).toHaveLength(before + 1);
    expect(await mails(LEA, 'meeting-invitation')).toHaveLength(leaInvitations + 1);

    expectStatus(await world.call('trainerB', 'GET', `/api/trainer/group-sessions/${session.id}`), 404);
    expectStatus(
      await world.call('trainerB', 'PATCH', `/api/trainer/group-sessions/${session.id}`, { title: 'x' }),
      404,
    );
    expectStatus(await world.call('trainerB', 'DELETE', `/api/trainer/group-sessions/${session.id}`), 404);
    expectStatus(
      await world.call('trainerA', 'PATCH', `/api/trainer/group-sessions/${session.id}`, {
        location: null,
        meetingUrl: null,
      }),
      400,
    );
    expectStatus(await world.call('trainerA', 'DELETE', `/api/trainer/group-sessions/${session.id}`), 200);
    expectStatus(await world.call('trainerA', 'GET', `/api/trainer/group-sessions/${session.id}`), 404);
  });
});

describe('the learner side', () => {
  it('shows a learner only the sessions they are invited to, never who else is', async () => {
    const mine = expectStatus(
      await create({ title: 'Pour Léa', studentIds: [world.users.studentA1.id] }),
      200,
    );
    const notMine = expectStatus(
      await create({ title: 'Pour Hugo', studentIds: [world.users.studentA2.id] }),
      200,
    );
    const upcoming = expectStatus(
      await world.call('studentA1', 'GET', '/api/group-sessions?when=upcoming'),
      200,
    );
    const titles = upcoming.items.map((item: { title: string }) => item.title);
    expect(titles).toContain('Pour Léa');
    expect(titles).not.toContain('Pour Hugo');
    expect(upcoming.items[0]).not.toHaveProperty('participants');
    expect(upcoming.items[0]).not.toHaveProperty('participantCount');
    const one = expectStatus(await world.call('studentA1', 'GET', `/api/group-sessions/${mine.id}`), 200);
    expect(one).toMatchObject({ title: 'Pour Léa', meetingUrl: 'https://meet.jit.si/atelier' });
    expectStatus(await world.call('studentA1', 'GET', `/api/group-sessions/${notMine.id}`), 404);
    expectStatus(await world.call('studentB', 'GET', `/api/group-sessions/${mine.id}`), 404);
    expectStatus(await world.call('studentA1', 'GET', `/api/trainer/group-sessions/${mine.id}`), 403);
    const history = expectStatus(await world.call('studentA1', 'GET', '/api/group-sessions?when=past'), 200);
    expect(history.items.map((item: { title: string }) => item.title)).not.toContain('Pour Léa');
  });
});

describe('the reminder job', () => {
  it('reminds each learner once of a session starting within 25 hours, across runs and two instances', async () => {
    const session = expectStatus(
      await create({
        title: 'Session rappel',
        meetingDate: new Date(clock.getTime() + 30 * HOUR_MS).toISOString(),
        studentIds: [world.users.studentA1.id, world.users.studentA2.id],
      }),
      200,
    );
    const run = (app: Pick<BuiltApp, 'modules'>, at: Date) =>
      app.modules.groupSessions.jobs.find((job) => job.name === GROUP_SESSION_REMINDER_JOB)!.run(at);
    const main = world.testApp;
    // 30 hours ahead: not yet.
    await run(main, clock);
    expect(await mails(LEA, 'group-session-reminder')).toEqual([]);
    const due = await world.testApp.modules.groupSessions.service.listDueReminders(
      new Date(clock.getTime() + 6 * HOUR_MS),
    );
    expect(due.find((reminder) => reminder.key.userId === world.users.studentA1.id)).toMatchObject({
      key: { reference: session.id, kind: 'group-session-reminder' },
      data: { sessionTitle: 'Session rappel', path: `/group-sessions/${session.id}/live` },
    });
    // 24 hours ahead, two instances at once: one reminder per learner.
    clock = new Date(clock.getTime() + 6 * HOUR_MS);
    const second: BuiltApp = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', APP_URL, LOG_LEVEL: 'silent' }),
      database: withoutOwner(world.testApp.database),
      secret: TEST_SECRET,
      passwordHashing: TEST_PASSWORD_HASHING,
      logger: false,
      now: () => clock,
      webDist: '/nonexistent',
    });
    try {
      await Promise.all([run(main, clock), run(second, clock)]);
      await run(second, new Date(clock.getTime() + HOUR_MS));
    } finally {
      await second.app.close();
    }
    await world.testApp.scheduler.tick();
    for (const to of [LEA, HUGO]) {
      const reminders = (await mails(to, 'group-session-reminder')).filter((mail) =>
        mail.subject.includes('Session rappel'),
      );
      expect(reminders).toHaveLength(1);
    }
  });
});
