import type { AttendanceSheet, CalendarFeed, PlanningCalendar, PlanningSession } from '@cursus/contracts';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { attendanceSignatures, attendanceSlots } from '../attendance/attendance.tables.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { seedDemoPlanning } from './seed-demo-planning.ts';

let clock = new Date('2026-11-26T10:00:00Z');
let world: CoursesWorld;
let courseId: string;
/** Invites Léa (studentA1) only. */
let workshopId: string;
/** Invites Hugo (studentA2) only, on no formation. */
let reviewId: string;

const LEA = 'lea@org-a.example';
const errorOf = (response: { json(): { error: { code: string; details?: unknown } } }) =>
  response.json().error;

function createSession(body: Record<string, unknown>) {
  return world.call('trainerA', 'POST', '/api/trainer/group-sessions', {
    durationMinutes: 120,
    location: 'Salle Lumière, Lyon',
    ...body,
  });
}

const calendarOf = (query: Record<string, string>, person: 'trainerA' | 'trainerB' = 'trainerA') =>
  world.call(person, 'GET', `/api/trainer/planning?${new URLSearchParams(query)}`);

const DECEMBER = { from: '2026-11-30T00:00:00+01:00', to: '2027-01-11T00:00:00+01:00' };

/** The events of an iCalendar text, read back by a calendar library. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      isAllDay: event.startDate.isDate,
      start: event.startDate.isDate ? event.startDate.toString() : event.startDate.toJSDate().toISOString(),
      end: event.endDate.isDate ? event.endDate.toString() : event.endDate.toJSDate().toISOString(),
    };
  });
}

const feedPath = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  courseId = expectStatus(
    await world.call('trainerA', 'POST', '/api/courses', {
      title: 'Excel avancé',
      startsOn: '2026-12-01',
      endsOn: '2026-12-18',
    }),
    200,
  ).id;
  expectStatus(await world.call('trainerA', 'POST', `/api/courses/${courseId}/publish`), 200);
  expectStatus(
    await world.call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users.studentA1.id],
    }),
    200,
  );
  workshopId = expectStatus(
    await createSession({
      title: 'Atelier tableaux croisés',
      meetingDate: '2026-12-03T09:00:00+01:00',
      courseId,
      studentIds: [world.users.studentA1.id],
    }),
    200,
  ).id;
  reviewId = expectStatus(
    await createSession({
      title: 'Bilan individuel',
      meetingDate: '2026-12-10T14:00:00+01:00',
      durationMinutes: 60,
      studentIds: [world.users.studentA2.id],
    }),
    200,
  ).id;
}, 60_000);
afterAll(() => world?.close());

describe('formation dates', () => {
  it('keeps a formation’s two dates together and in order', async () => {
    const change = (body: object) => world.call('trainerA', 'PATCH', `/api/courses/${courseId}`, body);
    const reversed = await change({ startsOn: '2026-12-18', endsOn: '2026-12-01' });
    expect(reversed.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(reversed).details)).toContain('endsOn');
    expectStatus(await change({ endsOn: '2026-11-01' }), 400);
    expectStatus(await change({ startsOn: '1er décembre', endsOn: null }), 400);
    const course = expectStatus(await world.call('trainerA', 'GET', `/api/courses/${courseId}`), 200);
    expect([course.startsOn, course.endsOn]).toEqual(['2026-12-01', '2026-12-18']);
  });
});

describe('the calendar', () => {
  it('shows the period’s sessions and formation spans, with who runs each and what is locked', async () => {
    const calendar = expectStatus<PlanningCalendar>(await calendarOf(DECEMBER), 200);
    expect(calendar.sessions.map((session) => session.title)).toEqual([
      'Atelier tableaux croisés',
      'Bilan individuel',
    ]);
    expect(calendar.sessions[0]).toMatchObject({
      id: workshopId,
      courseId,
      courseTitle: 'Excel avancé',
      startsAt: '2026-12-03T08:00:00.000Z',
      endsAt: '2026-12-03T10:00:00.000Z',
      trainerId: world.users.trainerA.id,
      participantCount: 1,
      timing: 'upcoming',
      lock: null,
    });
    expect(calendar.formations).toEqual([
      {
        id: courseId,
        title: 'Excel avancé',
        startsOn: '2026-12-01',
        endsOn: '2026-12-18',
        status: 'published',
      },
    ]);
    // A session overlapping the period's start is in it; one wholly before it is not.
    const lateWeek = expectStatus<PlanningCalendar>(
      await calendarOf({ from: '2026-12-03T09:30:00+01:00', to: '2026-12-04T00:00:00+01:00' }),
      200,
    );
    expect(lateWeek.sessions.map((session) => session.id)).toEqual([workshopId]);
    const nextYear = expectStatus<PlanningCalendar>(
      await calendarOf({ from: '2027-01-01T00:00:00+01:00', to: '2027-02-01T00:00:00+01:00' }),
      200,
    );
    expect(nextYear).toEqual({ sessions: [], formations: [] });
  });

  it('filters by formation and by trainer', async () => {
    const byCourse = expectStatus<PlanningCalendar>(await calendarOf({ ...DECEMBER, courseId }), 200);
    expect(byCourse.sessions.map((session) => session.id)).toEqual([workshopId]);
    const byOther = expectStatus<PlanningCalendar>(
      await calendarOf({ ...DECEMBER, trainerId: world.users.trainerB.id }),
      200,
    );
    expect(byOther).toEqual({ sessions: [], formations: [] });
    const filters = expectStatus(await world.call('trainerA', 'GET', '/api/trainer/planning/filters'), 200);
    expect(filters.courses).toEqual([{ id: courseId, title: 'Excel avancé' }]);
    expect(filters.trainers.map((trainer: { id: string }) => trainer.id)).toEqual([world.users.trainerA.id]);
  });

  it('refuses a period too long or reversed, naming the field, and learners', async () => {
    const long = await calendarOf({ from: '2026-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(long).details)).toContain('DATE_RANGE_TOO_LONG');
    expectStatus(await calendarOf({ from: DECEMBER.to, to: DECEMBER.from }), 400);
    expectStatus(await calendarOf({ from: 'hier', to: DECEMBER.to }), 400);
    expectStatus(
      await world.call('studentA1', 'GET', `/api/trainer/planning?${new URLSearchParams(DECEMBER)}`),
      403,
    );
  });

  it('keeps another organisation’s sessions and formations out of reach', async () => {
    expect(expectStatus<PlanningCalendar>(await calendarOf(DECEMBER, 'trainerB'), 200)).toEqual({
      sessions: [],
      formations: [],
    });
    const filters = expectStatus(await world.call('trainerB', 'GET', '/api/trainer/planning/filters'), 200);
    expect(filters.courses).toEqual([]);
    const move = await world.call('trainerB', 'PATCH', `/api/trainer/planning/sessions/${workshopId}`, {
      meetingDate: '2026-12-04T09:00:00+01:00',
      durationMinutes: 60,
    });
    expect(move.statusCode).toBe(404);
  });
});

describe('rescheduling', () => {
  const move = (id: string, meetingDate: string, durationMinutes: number) =>
    world.call('trainerA', 'PATCH', `/api/trainer/planning/sessions/${id}`, { meetingDate, durationMinutes });

  it('moves and resizes a session, tells its learners, and its unsigned sheet follows', async () => {
    const sheetOf = async () =>
      expectStatus<AttendanceSheet>(
        await world.call('trainerA', 'GET', `/api/trainer/group-sessions/${workshopId}/attendance`),
        200,
      );
    expect((await sheetOf()).slots.map((slot) => slot.startsAt)).toEqual(['2026-12-03T08:00:00.000Z']);
    const invitationsBefore = await invitationsTo(LEA);
    const moved = expectStatus<PlanningSession>(await move(workshopId, '2026-12-04T14:00:00+01:00', 90), 200);
    expect(moved).toMatchObject({
      startsAt: '2026-12-04T13:00:00.000Z',
      endsAt: '2026-12-04T14:30:00.000Z',
      durationMinutes: 90,
      lock: null,
    });
    expect(await invitationsTo(LEA)).toBe(invitationsBefore + 1);
    expect((await sheetOf()).slots.map((slot) => [slot.period, slot.startsAt])).toEqual([
      ['afternoon', '2026-12-04T13:00:00.000Z'],
    ]);
  });

  it('refuses a start in the past, a bad length, and a session that has begun', async () => {
    const past = await move(reviewId, '2026-11-20T09:00:00+01:00', 60);
    expect([past.statusCode, errorOf(past).code]).toEqual([409, 'SESSION_IN_PAST']);
    const tooLong = await move(reviewId, '2026-12-11T09:00:00+01:00', 24 * 60);
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(tooLong).details)).toContain('durationMinutes');
    clock = new Date('2026-12-10T13:30:00Z');
    try {
      const started = await move(reviewId, '2026-12-11T09:00:00+01:00', 60);
      expect([started.statusCode, errorOf(started).code]).toEqual([409, 'SESSION_STARTED']);
      const calendar = expectStatus<PlanningCalendar>(await calendarOf(DECEMBER), 200);
      expect(calendar.sessions.find((session) => session.id === reviewId)?.lock).toBe('started');
    } finally {
      clock = new Date('2026-11-26T10:00:00Z');
    }
  });

  it('leaves a session whose sheet has signatures where it was signed', async () => {
    const signedId = expectStatus(
      await createSession({ title: 'Session émargée', meetingDate: '2026-12-15T09:00:00+01:00' }),
      200,
    ).id;
    await signFixture(signedId);
    const refused = await move(signedId, '2026-12-16T09:00:00+01:00', 120);
    expect([refused.statusCode, errorOf(refused).code]).toEqual([409, 'SESSION_SIGNED']);
    const calendar = expectStatus<PlanningCalendar>(await calendarOf(DECEMBER), 200);
    expect(calendar.sessions.find((session) => session.id === signedId)).toMatchObject({
      startsAt: '2026-12-15T08:00:00.000Z',
      lock: 'signed',
    });
  });
});

describe('the calendar feed', () => {
  it('creates, shows again, serves, resets and removes a private subscription URL', async () => {
    expect(
      expectStatus<CalendarFeed>(await world.call('trainerA', 'GET', '/api/planning/feed'), 200),
    ).toEqual({
      url: null,
      createdAt: null,
    });
    const created = expectStatus<CalendarFeed>(
      await world.call('trainerA', 'POST', '/api/planning/feed'),
      200,
    );
    expect(created.url).toMatch(/^http:\/\/localhost:3000\/api\/planning\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(
      expectStatus<CalendarFeed>(await world.call('trainerA', 'GET', '/api/planning/feed'), 200),
    ).toEqual(created);
    // Only a hash of the token is stored.
    const stored = JSON.stringify(
      await world.testApp.database.db.execute('select * from planning_feed_tokens'),
    );
    expect(stored).not.toContain(feedPath(created.url!).split('/').pop()!.replace('.ics', ''));

    const response = await world.call(null, 'GET', feedPath(created.url!));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = parseFeed(response.body);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          summary: 'Atelier tableaux croisés',
          isAllDay: false,
          start: '2026-12-04T13:00:00.000Z',
          end: '2026-12-04T14:30:00.000Z',
        }),
        expect.objectContaining({ summary: 'Bilan individuel', start: '2026-12-10T13:00:00.000Z' }),
        // All day from the first day to the last, the end exclusive (RFC 5545).
        expect.objectContaining({
          summary: 'Formation : Excel avancé',
          isAllDay: true,
          start: '2026-12-01',
          end: '2026-12-19',
        }),
      ]),
    );

    const reset = expectStatus<CalendarFeed>(await world.call('trainerA', 'POST', '/api/planning/feed'), 200);
    expect(reset.url).not.toBe(created.url);
    expectStatus(await world.call(null, 'GET', feedPath(created.url!)), 404);
    expect((await world.call(null, 'GET', feedPath(reset.url!))).statusCode).toBe(200);
    expectStatus(await world.call('trainerA', 'DELETE', '/api/planning/feed'), 200);
    expectStatus(await world.call(null, 'GET', feedPath(reset.url!)), 404);
    expectStatus(await world.call(null, 'GET', '/api/planning/feed/not-a-token.ics'), 400);
  });

  it('gives a learner their own sessions and formations only', async () => {
    const { url } = expectStatus<CalendarFeed>(
      await world.call('studentA1', 'POST', '/api/planning/feed'),
      200,
    );
    const events = parseFeed((await world.call(null, 'GET', feedPath(url!))).body);
    expect(events.map((event) => event.summary).sort()).toEqual([
      'Atelier tableaux croisés',
      'Formation : Excel avancé',
    ]);
    // Hugo's session and the other organisation's learner's feed stay apart.
    const other = expectStatus<CalendarFeed>(await world.call('studentB', 'POST', '/api/planning/feed'), 200);
    expect(parseFeed((await world.call(null, 'GET', feedPath(other.url!))).body)).toEqual([]);
    expectStatus(await world.call('loneStudent', 'POST', '/api/planning/feed'), 409);
  });
});

async function invitationsTo(address: string) {
  const rows = await world.testApp.database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, 'meeting-invitation')));
  return rows.length;
}

/** A signature on the session's sheet, written as the owner: the signing flow has its own tests. */
async function signFixture(sessionId: string) {
  const { db } = world.testApp.database;
  const organizationId = world.users.trainerA.organizationId!;
  const [slot] = await db
    .insert(attendanceSlots)
    .values({
      organizationId,
      sessionId,
      sessionTitle: 'Session émargée',
      period: 'morning',
      startsAt: new Date('2026-12-15T08:00:00Z'),
      endsAt: new Date('2026-12-15T10:00:00Z'),
    })
    .returning({ id: attendanceSlots.id });
  await db.insert(attendanceSignatures).values({
    organizationId,
    sessionId,
    slotId: slot!.id,
    signerId: world.users.trainerA.id,
    signerRole: 'trainer',
    signerName: 'Formateur A',
    method: 'in_person',
    signedAt: new Date('2026-12-15T08:10:00Z'),
    ipAddress: '127.0.0.1',
    userAgent: 'test',
    image: 'data:image/png;base64,',
    imageHash: 'x',
    sequence: 1,
    previousHash: null,
    hash: 'x',
  });
}

describe('the demo planning', () => {
  it('dates the formations and adds a second trainer’s sessions, once', async () => {
    const { database } = world.testApp;
    const input = {
      organizationId: world.users.trainerB.organizationId!,
      trainerId: world.users.trainerB.id,
      studentIds: [world.users.studentB.id],
      now: clock,
    };
    const draftId = expectStatus(
      await world.call('trainerB', 'POST', '/api/courses', { title: 'Formation B' }),
      200,
    ).id;
    // As the demo seed runs it: the owner's connection, which the app's own modules may not use.
    await seedDemoPlanning({ database }, input);
    await seedDemoPlanning({ database }, input);
    const calendar = expectStatus<PlanningCalendar>(
      await calendarOf({ from: '2026-11-16T00:00:00+01:00', to: '2027-01-10T00:00:00+01:00' }, 'trainerB'),
      200,
    );
    expect(calendar.sessions).toHaveLength(3);
    expect(calendar.sessions.every((session) => session.trainerId === world.users.trainerB.id)).toBe(true);
    expect(calendar.formations.map((formation) => formation.id)).toEqual([draftId]);
    const rows = await database.db.execute(
      `select count(*)::int as n from group_session_participants where student_id = '${world.users.studentB.id}'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });
});
