import type { AttendanceSheet, AuditEvent, AuditEventList } from '@cursus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';

/**
 * Where the audit trail's events come from (issue 19): each module that changes a role, an
 * organisation, tracked time or attendance, or lets data leave the platform, records its event, with
 * what changed. One world for all, each test reading the newest event of its verb.
 */
let world: CoursesWorld;
const organizationA = () => world.users.trainerA.organizationId!;

beforeAll(async () => {
  world = await createCoursesWorld();
});
afterAll(() => world.close());

async function latest(action: string, person: 'trainerA' | 'admin' = 'trainerA'): Promise<AuditEvent> {
  const list = expectStatus<AuditEventList>(
    await world.call(person, 'GET', `/api/audit/events?action=${action}&pageSize=1`),
    200,
  );
  expect(list.items, action).toHaveLength(1);
  return list.items[0]!;
}

describe('the audit trail records', () => {
  it("a trainer's role change within the organisation, before and after", async () => {
    const invited = expectStatus<{ id: string }>(
      await world.call('trainerA', 'POST', '/api/trainer/trainers', {
        email: 'second@org-a.example',
        firstName: 'Sam',
        lastName: 'Durand',
      }),
      200,
    );
    expectStatus(
      await world.call('trainerA', 'PUT', `/api/trainer/trainers/${invited.id}/role`, {
        organizationRole: 'manager',
      }),
      200,
    );
    expect(await latest('role.changed')).toMatchObject({
      organizationId: organizationA(),
      actorId: world.users.trainerA.id,
      targetType: 'user',
      targetId: invited.id,
      before: { organizationRole: 'trainer' },
      after: { organizationRole: 'manager' },
      details: { name: 'Sam Durand', email: 'second@org-a.example' },
    });
  });

  it("a change of the organisation's settings, only the fields that changed", async () => {
    expectStatus(
      await world.call('trainerA', 'PUT', '/api/organizations/mine/settings', {
        name: 'Organisme A+',
        logoFileId: null,
        brandColor: null,
      }),
      200,
    );
    expect(await latest('organization.changed')).toMatchObject({
      organizationId: organizationA(),
      targetType: 'organization',
      before: { name: 'Organisme A' },
      after: { name: 'Organisme A+' },
      details: { section: 'settings' },
    });
  });

  it("resets of a learner's tracked time, with what was there before", async () => {
    const studentId = world.users.studentA1.id;
    // The learner has a session open: the reset closes it.
    expectStatus(await world.call('studentA1', 'POST', '/api/time-tracking/sessions/start', {}), 200);
    expectStatus(
      await world.call('trainerA', 'POST', `/api/time-tracking/students/${studentId}/reset-session`),
      200,
    );
    expect(await latest('time.reset')).toMatchObject({
      targetId: studentId,
      before: { openSessionCount: 1 },
      after: { openSessionCount: 0 },
      details: { scope: 'session' },
    });
    // Resetting a total is an admin's (SPEC 7): the organisation's staff see it in their trail.
    expectStatus(
      await world.call('admin', 'POST', `/api/time-tracking/students/${studentId}/reset-total`),
      200,
    );
    expect(await latest('time.reset')).toMatchObject({
      organizationId: organizationA(),
      actorEmail: 'root@cursus.example',
      targetType: 'user',
      targetId: studentId,
      before: { totalTimeSeconds: 0, sessionCount: 1 },
      after: { totalTimeSeconds: 0, sessionCount: 0 },
      details: { scope: 'total' },
    });
  });

  it("a change of a learner's attendance, and the signed sheet's download", async () => {
    const sessionId = expectStatus<{ id: string }>(
      await world.call('trainerA', 'POST', '/api/trainer/group-sessions', {
        title: 'Excel avancé',
        meetingDate: '2030-12-02T09:00:00+01:00',
        durationMinutes: 180,
        location: 'Lyon',
        studentIds: [world.users.studentA1.id],
      }),
      200,
    ).id;
    const sheet = expectStatus<AttendanceSheet>(
      await world.call('trainerA', 'GET', `/api/trainer/group-sessions/${sessionId}/attendance`),
      200,
    );
    const slotId = sheet.slots[0]!.id;
    const studentId = world.users.studentA1.id;
    const statusBefore = sheet.slots[0]!.entries.find((entry) => entry.studentId === studentId)?.status;
    expectStatus(
      await world.call('trainerA', 'PUT', `/api/trainer/attendance/slots/${slotId}/learners/${studentId}`, {
        status: 'absent',
        absenceReason: 'Malade',
      }),
      200,
    );
    expect(await latest('signature.changed')).toMatchObject({
      organizationId: organizationA(),
      targetType: 'attendance_record',
      before: { status: statusBefore, absenceReason: null },
      after: { status: 'absent', absenceReason: 'Malade' },
      details: { slotId, studentId },
    });

    const pdf = await world.call(
      'trainerA',
      'GET',
      `/api/trainer/group-sessions/${sessionId}/attendance/pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(await latest('export.created')).toMatchObject({
      organizationId: organizationA(),
      targetType: 'group_session',
      targetId: sessionId,
      details: { export: 'attendance_sheet', title: 'Excel avancé' },
    });
  });

  it('exports of the time ledger and of the compliance audit pack, with where they came from', async () => {
    const csv = await world.testApp.app.inject({
      method: 'GET',
      url: '/api/time-tracking/connection-logs/export?from=2026-01-01&to=2026-01-31',
      headers: { cookie: world.users.trainerA.cookie, 'user-agent': 'Ledger/2' },
    });
    expect(csv.statusCode).toBe(200);
    expect(await latest('export.created')).toMatchObject({
      organizationId: organizationA(),
      targetType: 'connection_logs',
      userAgent: 'Ledger/2',
      details: { export: 'connection_logs', from: '2026-01-01', to: '2026-01-31', byLearner: false },
    });

    const pack = await world.call('trainerA', 'GET', '/api/trainer/compliance/audit-pack');
    expect(pack.statusCode).toBe(200);
    const event = await latest('export.created');
    expect(event).toMatchObject({
      organizationId: organizationA(),
      targetType: 'organization',
      details: { export: 'audit_pack' },
    });
    expect(event.details.entryCount).toBeGreaterThan(0);
  });

  it("an admin's change of an organisation's legal info, in the organisation's own trail", async () => {
    expectStatus(
      await world.call('admin', 'PUT', `/api/admin/organizations/${organizationA()}/legal-info`, {
        ...Object.fromEntries(
          [
            'activityDeclarationNumber',
            'qualiopiNumber',
            'qualiopiIssuer',
            'qualiopiValidUntil',
            'qualiopiFileId',
            'vatNumber',
            'addressLine',
            'postalCode',
            'city',
            'country',
            'legalRepresentativeName',
            'legalRepresentativeTitle',
          ].map((field) => [field, null]),
        ),
        siret: '73282932000074',
      }),
      200,
    );
    const event = await latest('organization.legal_info.update');
    expect(event).toMatchObject({
      actorEmail: 'root@cursus.example',
      before: { siret: null },
      after: { siret: '73282932000074' },
    });
    // Not twice: the admin's action is its own event, not also a staff change.
    expect((await latest('organization.changed')).details).toMatchObject({ section: 'settings' });
  });
});
