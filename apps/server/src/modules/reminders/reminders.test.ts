import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { APP_URL, TEST_PASSWORD_HASHING, TEST_SECRET, withoutOwner } from '../../../test/helper.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import { parseEnv } from '../../config/env.ts';
import { courseEnrollments } from '../courses/courses.tables.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { userTimeTracking } from '../time-tracking/time-tracking.tables.ts';
import { sentReminders } from './reminders.tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

let clock = new Date('2026-11-02T08:00:00.000Z');
let world: CoursesWorld;
let courseId: string;
let lessonId: string;

const LEA = 'lea@org-a.example';
const HUGO = 'hugo@org-a.example';

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  const call = world.call;
  courseId = expectStatus(await call('trainerA', 'POST', '/api/courses', { title: 'Excel avancé' }), 200).id;
  const moduleId = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules`, { title: 'Formules' }),
    200,
  ).id;
  lessonId = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
      title: 'SOMME',
      content: { type: 'text', html: '<p>SOMME</p>' },
    }),
    200,
  ).id;
  expectStatus(await call('trainerA', 'POST', `/api/courses/${courseId}/publish`), 200);
  expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users.studentA1.id, world.users.studentA2.id],
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

/** A finished tracked session whose last heartbeat was at `at` (a fixture: the owner writes it). */
async function sessionEndingAt(person: 'studentA1' | 'studentA2', at: Date) {
  const user = world.users[person];
  await world.testApp.database.db.insert(userTimeTracking).values({
    organizationId: user.organizationId!,
    userId: user.id,
    courseId,
    sessionStart: new Date(at.getTime() - HOUR_MS),
    sessionEnd: at,
    durationSeconds: 3600,
    lastActivityAt: at,
  });
}

/** When the learner was enrolled (a fixture: the owner writes it). */
async function enrolledAt(person: 'studentA1' | 'studentA2', at: Date) {
  await world.testApp.database.db
    .update(courseEnrollments)
    .set({ createdAt: at })
    .where(eq(courseEnrollments.studentId, world.users[person].id));
}

async function runJobsAt(at: Date) {
  clock = at;
  await world.testApp.scheduler.tick();
}

describe('inactivity reminders', () => {
  it('reminds a learner who never had a session (30 days at most) once, and a recent one not yet', async () => {
    await sessionEndingAt('studentA2', new Date(clock.getTime() - 2 * DAY_MS));
    // Enrolled an hour ago, and never active: not reminded of a month away.
    await enrolledAt('studentA1', new Date(clock.getTime() - HOUR_MS));
    await runJobsAt(clock);
    expect(await mails(LEA, 'inactivity-reminder')).toEqual([]);
    // Enrolled 40 days ago, never active: 30 days (SPEC 9), at the next hourly run.
    await enrolledAt('studentA1', new Date(clock.getTime() - 40 * DAY_MS));
    await runJobsAt(new Date(clock.getTime() + HOUR_MS));
    const [first, ...others] = await mails(LEA, 'inactivity-reminder');
    expect(others).toEqual([]);
    expect(first!.text).toContain('Cela fait 30 jours');
    expect(first!.text).toContain('Excel avancé');
    expect(first!.text).toContain(`${APP_URL}/dashboard`);
    expect(await mails(HUGO, 'inactivity-reminder')).toEqual([]);

    // The next runs, hours and days later: still once for this stretch.
    await runJobsAt(new Date(clock.getTime() + HOUR_MS));
    await runJobsAt(new Date(clock.getTime() + 2 * DAY_MS));
    expect(await mails(LEA, 'inactivity-reminder')).toHaveLength(1);
  });

  it('reminds past 5 days without a session, once per stretch, again after a new session and 5 more days', async () => {
    // Hugo's last session ended 2 days before the first run, which the previous test followed by
    // 2 more days: 4 days without one, not yet.
    expect(await mails(HUGO, 'inactivity-reminder')).toEqual([]);
    await runJobsAt(new Date(clock.getTime() + 1 * DAY_MS + HOUR_MS));
    const [reminder] = await mails(HUGO, 'inactivity-reminder');
    expect(reminder).toMatchObject({ language: 'fr', subject: 'Cursus – Vos formations vous attendent' });
    expect(reminder!.text).toContain('Cela fait 5 jours');

    await runJobsAt(new Date(clock.getTime() + 3 * DAY_MS));
    expect(await mails(HUGO, 'inactivity-reminder')).toHaveLength(1);

    // A new session starts a new stretch: reminded only once it is over 5 days old.
    await sessionEndingAt('studentA2', clock);
    await runJobsAt(new Date(clock.getTime() + 4 * DAY_MS));
    expect(await mails(HUGO, 'inactivity-reminder')).toHaveLength(1);
    await runJobsAt(new Date(clock.getTime() + 1 * DAY_MS + HOUR_MS));
    expect(await mails(HUGO, 'inactivity-reminder')).toHaveLength(2);
  });

  it('records a reminder skipped because the learner turned the kind off, and does not send it later', async () => {
    expectStatus(
      await world.call('studentA2', 'PUT', '/api/email-preferences', {
        preferences: [{ kind: 'inactivity-reminder', enabled: false }],
      }),
      200,
    );
    await sessionEndingAt('studentA2', clock);
    await runJobsAt(new Date(clock.getTime() + 6 * DAY_MS));
    expect(await mails(HUGO, 'inactivity-reminder')).toHaveLength(2);
    const ledger = await world.testApp.database.db
      .select()
      .from(sentReminders)
      .where(
        and(
          eq(sentReminders.userId, world.users.studentA2.id),
          eq(sentReminders.kind, 'inactivity-reminder'),
        ),
      );
    expect(ledger).toHaveLength(3);
  });
});

describe('missing-signature reminders', () => {
  it('asks a learner who completed a formation to sign, once, even across two instances on one database', async () => {
    expect(await mails(LEA, 'missing-signature')).toEqual([]);
    expectStatus(
      await world.call('studentA1', 'POST', `/api/learning/courses/${courseId}/lessons/${lessonId}/complete`),
      200,
    );
    // A second instance on the same database runs the same job at the same moment.
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
      const sent = await Promise.all([
        world.testApp.modules.reminders.service.sendMissingSignatureReminders(clock),
        second.modules.reminders.service.sendMissingSignatureReminders(clock),
      ]);
      expect(sent.sort()).toEqual([0, 1]);
      // And the scheduled runs of both, later: nothing more.
      clock = new Date(clock.getTime() + 2 * HOUR_MS);
      await Promise.all([world.testApp.scheduler.tick(), second.scheduler.tick()]);
    } finally {
      await second.app.close();
    }
    const [mail, ...others] = await mails(LEA, 'missing-signature');
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Cursus – Votre signature est attendue pour « Excel avancé »');
    expect(mail!.text).toContain(`${APP_URL}/student/formations/${courseId}/signature`);
    // Hugo has not completed it.
    expect(await mails(HUGO, 'missing-signature')).toEqual([]);
  });
});
