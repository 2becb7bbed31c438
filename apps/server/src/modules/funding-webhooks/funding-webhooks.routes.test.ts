import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  FUNDING_WEBHOOK_HEADERS,
  type RecentWebhookLogs,
  type WebhookEndpoint,
  type WebhookLogDetail,
  type WebhookLogList,
} from '@cursus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { courseEnrollments } from '../courses/courses.tables.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { fundingRegistrationFolders, webhookLogs } from './funding-webhooks.tables.ts';
import { signFundingWebhook } from './signature.ts';

let world: CoursesWorld;
let clock = new Date('2026-03-02T09:00:00Z');
let secretA = '';
let courseId = '';
const REFERENCE = 'RS5487-EXCEL-2026';

beforeAll(async () => {
  world = await createCoursesWorld({}, { now: () => clock });
  courseId = expectStatus(
    await world.call('trainerA', 'POST', '/api/courses', { title: 'Excel : les bases' }),
    200,
  ).id;
  secretA = expectStatus(
    await world.call('admin', 'POST', `/api/admin/funding-webhooks/endpoints/${organizationA()}/rotate`),
    200,
  ).secret;
  expectStatus(
    await world.call('admin', 'POST', `/api/admin/funding-webhooks/endpoints/${organizationA()}/references`, {
      reference: REFERENCE,
      courseId,
    }),
    200,
  );
});
afterAll(() => world.close());

const organizationA = () => world.users.trainerA.organizationId!;
const organizationB = () => world.users.trainerB.organizationId!;
const seconds = () => String(Math.floor(clock.getTime() / 1000));

function folderEvent(type: string, folderId: string, overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    type,
    registrationFolder: {
      id: folderId,
      trainingReference: REFERENCE,
      startDate: '2026-03-09',
      endDate: '2026-04-30',
      attendee: { email: `${folderId.toLowerCase()}@exemple.fr`, firstName: 'Alice', lastName: 'Durand' },
      ...overrides,
    },
  });
}

/** A delivery as the platform sends it: signed with `secret`, stamped with the clock's time. */
function deliver(
  body: string | Buffer,
  options: { secret?: string; timestamp?: string; deliveryId?: string | null; organizationId?: string } = {},
) {
  // A second apart: the log's newest-first order is the order sent.
  clock = new Date(clock.getTime() + 1000);
  const timestamp = options.timestamp ?? seconds();
  const deliveryId = options.deliveryId === undefined ? `dlv_${randomUUID()}` : options.deliveryId;
  return world.testApp.app.inject({
    method: 'POST',
    url: `/api/webhooks/funding/${options.organizationId ?? organizationA()}`,
    headers: {
      'content-type': 'application/json',
      [FUNDING_WEBHOOK_HEADERS.timestamp]: timestamp,
      [FUNDING_WEBHOOK_HEADERS.signature]: signFundingWebhook(options.secret ?? secretA, timestamp, body),
      ...(deliveryId ? { [FUNDING_WEBHOOK_HEADERS.deliveryId]: deliveryId } : {}),
    },
    payload: body,
  });
}

async function logOf(id: string) {
  const [row] = await world.testApp.database.db.select().from(webhookLogs).where(eq(webhookLogs.id, id));
  return row!;
}
async function latestLog() {
  const list = expectStatus<WebhookLogList>(
    await world.call('admin', 'GET', '/api/admin/funding-webhooks/logs?pageSize=1'),
    200,
  );
  return list.items[0]!;
}
async function folderOf(folderId: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(fundingRegistrationFolders)
    .where(eq(fundingRegistrationFolders.folderNumber, folderId));
  return row;
}
async function enrollmentOf(studentId: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(courseEnrollments)
    .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.studentId, studentId)));
  return row;
}

describe('the funding-platform receiver', () => {
  it('stores an accepted folder, invites its attendee as a learner and enrols them with the dates', async () => {
    const response = await deliver(folderEvent('registrationFolder.accepted', 'RF-1'));
    const receipt = expectStatus(response, 200);
    expect(receipt.status).toBe('accepted');
    const log = await logOf(receipt.id);
    expect(log).toMatchObject({
      status: 'processed',
      eventType: 'registrationFolder.accepted',
      isAuthenticated: true,
    });
    expect(log.headers[FUNDING_WEBHOOK_HEADERS.signature]).toBeDefined();
    const [learner] = await world.testApp.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'rf-1@exemple.fr'));
    expect(learner).toMatchObject({ organizationId: organizationA() });
    expect(await enrollmentOf(learner!.id)).toBeDefined();
    expect(await folderOf('RF-1')).toMatchObject({
      state: 'accepted',
      studentId: learner!.id,
      courseId,
      startDate: '2026-03-09',
      endDate: '2026-04-30',
      enrolledByFolder: true,
    });
    const invitations = await world.testApp.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'rf-1@exemple.fr'));
    expect(invitations.map((mail) => mail.template)).toEqual(['learner-invitation']);
  });

  it('follows the folder through its states, keeping one learner and one enrolment', async () => {
    for (const type of ['registrationFolder.inTraining', 'registrationFolder.terminated']) {
      expectStatus(await deliver(folderEvent(type, 'RF-1', { endDate: '2026-04-20' })), 200);
    }
    const folder = await folderOf('RF-1');
    expect(folder).toMatchObject({ state: 'terminated', endDate: '2026-04-20', enrolledByFolder: true });
    const accounts = await world.testApp.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'rf-1@exemple.fr'));
    expect(accounts).toHaveLength(1);
  });

  it("removes a canceled folder's own enrolment, never one staff made", async () => {
    expectStatus(await deliver(folderEvent('registrationFolder.accepted', 'RF-2')), 200);
    const studentId = (await folderOf('RF-2'))!.studentId!;
    expect(await enrollmentOf(studentId)).toBeDefined();
    expectStatus(await deliver(folderEvent('registrationFolder.canceled', 'RF-2')), 200);
    expect(await folderOf('RF-2')).toMatchObject({ state: 'canceled', enrolledByFolder: false });
    expect(await enrollmentOf(studentId)).toBeUndefined();

    // Léa was enrolled by her trainer: her folder's cancellation leaves that enrolment alone.
    const lea = world.users.studentA1.id;
    expectStatus(
      await world.call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, { studentIds: [lea] }),
      200,
    );
    const leaFolder = (type: string) =>
      folderEvent(type, 'RF-LEA', {
        attendee: { email: 'lea@org-a.example', firstName: 'Léa', lastName: 'M' },
      });
    expectStatus(await deliver(leaFolder('registrationFolder.accepted')), 200);
    expectStatus(await deliver(leaFolder('registrationFolder.canceled')), 200);
    expect(await folderOf('RF-LEA')).toMatchObject({ studentId: lea, state: 'canceled' });
    expect(await enrollmentOf(lea)).toBeDefined();
  });

  it('records a folder waiting for its attendee without inviting anyone', async () => {
    expectStatus(await deliver(folderEvent('registrationFolder.validated', 'RF-3')), 200);
    expect(await folderOf('RF-3')).toMatchObject({ state: 'validated', studentId: null });
    const [account] = await world.testApp.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'rf-3@exemple.fr'));
    expect(account).toBeUndefined();
  });

  it('refuses an attendee whose address is another organisation’s learner', async () => {
    const receipt = expectStatus(
      await deliver(
        folderEvent('registrationFolder.accepted', 'RF-4', {
          attendee: { email: 'ines@org-b.example', firstName: 'Inès', lastName: 'B' },
        }),
      ),
      200,
    );
    expect(await logOf(receipt.id)).toMatchObject({ status: 'failed', errorCode: 'attendee_conflict' });
    expect((await logOf(receipt.id)).error).toMatch(/another organisation/);
  });

  it('answers a ping with success', async () => {
    const receipt = expectStatus(await deliver(JSON.stringify({ type: 'ping' })), 200);
    expect(await logOf(receipt.id)).toMatchObject({ status: 'success', eventType: 'ping' });
  });

  it('logs and refuses a bad signature with 401', async () => {
    const response = await deliver(folderEvent('registrationFolder.accepted', 'RF-5'), {
      secret: 'whsec_wrong',
    });
    expect(expectStatus(response, 401).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const log = await latestLog();
    expect(log).toMatchObject({ status: 'failed', errorCode: 'bad_signature', error: 'bad signature' });
    expect(await folderOf('RF-5')).toBeUndefined();
  });

  it('logs and refuses a timestamp more than 5 minutes away with 401', async () => {
    const stale = String(Math.floor(clock.getTime() / 1000) - 301);
    const response = await deliver(folderEvent('registrationFolder.accepted', 'RF-6'), { timestamp: stale });
    expect(expectStatus(response, 401).error.code).toBe('WEBHOOK_TIMESTAMP_INVALID');
    expect(await latestLog()).toMatchObject({
      status: 'failed',
      errorCode: 'stale_timestamp',
      error: expect.stringMatching(/stale/),
    });
    const fresh = String(Math.floor(clock.getTime() / 1000) - 299);
    expectStatus(await deliver(JSON.stringify({ type: 'ping' }), { timestamp: fresh }), 200);
  });

  it('logs and refuses malformed JSON with 400, signed or not', async () => {
    const response = await deliver('{"type": "registrationFolder.accepted", ');
    expect(expectStatus(response, 400).error.code).toBe('MALFORMED_JSON');
    expect(await latestLog()).toMatchObject({
      status: 'failed',
      errorCode: 'malformed_json',
      error: 'malformed JSON',
    });
  });

  it('logs and refuses a delivery without its id with 400', async () => {
    const response = await deliver(JSON.stringify({ type: 'ping' }), { deliveryId: null });
    expect(expectStatus(response, 400).error.code).toBe('VALIDATION_ERROR');
    expect(await latestLog()).toMatchObject({
      status: 'failed',
      deliveryId: null,
      errorCode: 'missing_delivery_id',
    });
  });

  it('marks an unknown event failed', async () => {
    const receipt = expectStatus(await deliver(JSON.stringify({ type: 'registrationFolder.paid' })), 200);
    expect(await logOf(receipt.id)).toMatchObject({
      status: 'failed',
      errorCode: 'unknown_event',
      error: 'registrationFolder.paid',
    });
  });

  it('marks an invalid folder failed, naming the field', async () => {
    const receipt = expectStatus(
      await deliver(
        folderEvent('registrationFolder.accepted', 'RF-7', { attendee: { email: 'not-an-address' } }),
      ),
      200,
    );
    expect(await logOf(receipt.id)).toMatchObject({
      errorCode: 'invalid_payload',
      error: expect.stringMatching(/^registrationFolder\.attendee/),
    });
  });

  it('logs and refuses a body over 1 MB with 413, without keeping it', async () => {
    const body = Buffer.alloc(1024 * 1024 + 1, 'a');
    const response = await deliver(body);
    expect(expectStatus(response, 413).error.code).toBe('PAYLOAD_TOO_LARGE');
    const log = await latestLog();
    expect(log).toMatchObject({ status: 'failed', errorCode: 'payload_too_large', payloadPreview: '' });
    expect((await logOf(log.id)).payload).toBeNull();
  });

  it('answers a replayed delivery id with duplicate and processes it once', async () => {
    const deliveryId = `dlv_${randomUUID()}`;
    const body = folderEvent('registrationFolder.accepted', 'RF-8');
    const first = expectStatus(await deliver(body, { deliveryId }), 200);
    const again = expectStatus(await deliver(body, { deliveryId }), 200);
    expect(again).toEqual({ status: 'duplicate', id: first.id });
    const rows = await world.testApp.database.db
      .select()
      .from(webhookLogs)
      .where(eq(webhookLogs.deliveryId, deliveryId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toBe(1);
  });

  it('lets no forged delivery claim a delivery id before the genuine one', async () => {
    const deliveryId = `dlv_${randomUUID()}`;
    const body = JSON.stringify({ type: 'ping' });
    expectStatus(await deliver(body, { deliveryId, secret: 'whsec_forged' }), 401);
    expect(expectStatus(await deliver(body, { deliveryId }), 200).status).toBe('accepted');
  });

  it('answers 404 for an organisation without a receiver, storing nothing', async () => {
    const before = await world.testApp.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(webhookLogs);
    const response = await deliver(JSON.stringify({ type: 'ping' }), { organizationId: organizationB() });
    expect(response.statusCode).toBe(404);
    const after = await world.testApp.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(webhookLogs);
    expect(after[0]!.total).toBe(before[0]!.total);
  });
});

describe('processing that survives a crash', () => {
  it('leaves a delivery stored before a crash pending, then the job processes it once', async () => {
    // What a crash right after the store leaves behind: an authenticated delivery, still pending.
    const body = folderEvent('registrationFolder.accepted', 'RF-CRASH');
    const [stored] = await world.testApp.database.db
      .insert(webhookLogs)
      .values({
        organizationId: organizationA(),
        deliveryId: `dlv_${randomUUID()}`,
        eventType: 'registrationFolder.accepted',
        payload: body,
        isAuthenticated: true,
      })
      .returning({ id: webhookLogs.id });
    expect((await logOf(stored!.id)).status).toBe('pending');
    clock = new Date(clock.getTime() + 2 * 60_000);
    await world.testApp.scheduler.tick();
    expect(await logOf(stored!.id)).toMatchObject({ status: 'processed', attempts: 1 });
    const studentId = (await folderOf('RF-CRASH'))!.studentId!;
    // Processing it again (a second instance, a retry) changes nothing.
    expect(await world.testApp.modules.fundingWebhooks.processor.processDelivery(stored!.id)).toBeNull();
    expect((await logOf(stored!.id)).attempts).toBe(1);
    const accounts = await world.testApp.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'rf-crash@exemple.fr'));
    expect(accounts.map((account) => account.id)).toEqual([studentId]);
  });

  it('keeps a delivery whose processing failed midway as error, retries it later, and never applies it twice', async () => {
    // The reference is unknown: the processing fails after the store, the request still answers 200.
    const body = folderEvent('registrationFolder.accepted', 'RF-LATE', { trainingReference: 'RS-LATER' });
    const receipt = expectStatus(await deliver(body), 200);
    expect(await logOf(receipt.id)).toMatchObject({ status: 'error', attempts: 1 });
    expect(await logOf(receipt.id)).toMatchObject({
      errorCode: 'unknown_reference',
      error: expect.stringMatching(/unknown training reference/),
    });
    // Not due yet: the job leaves it alone.
    await world.testApp.modules.fundingWebhooks.processor.processDue();
    expect((await logOf(receipt.id)).attempts).toBe(1);
    // The admin maps the reference; once due again, the job processes it.
    expectStatus(
      await world.call(
        'admin',
        'POST',
        `/api/admin/funding-webhooks/endpoints/${organizationA()}/references`,
        {
          reference: 'RS-LATER',
          courseId,
        },
      ),
      200,
    );
    clock = new Date(clock.getTime() + 3 * 60_000);
    await world.testApp.modules.fundingWebhooks.processor.processDue();
    expect(await logOf(receipt.id)).toMatchObject({ status: 'processed', attempts: 2 });
    await world.testApp.modules.fundingWebhooks.processor.processDue();
    expect((await logOf(receipt.id)).attempts).toBe(2);
  });

  it('lets the next run take over a delivery whose run died after claiming it', async () => {
    const [stored] = await world.testApp.database.db
      .insert(webhookLogs)
      .values({
        organizationId: organizationA(),
        deliveryId: `dlv_${randomUUID()}`,
        payload: JSON.stringify({ type: 'ping' }),
        isAuthenticated: true,
        claimedUntil: new Date(clock.getTime() + 5 * 60_000),
      })
      .returning({ id: webhookLogs.id });
    const { processor } = world.testApp.modules.fundingWebhooks;
    await processor.processDue();
    expect((await logOf(stored!.id)).status).toBe('pending');
    clock = new Date(clock.getTime() + 6 * 60_000);
    await processor.processDue();
    expect(await logOf(stored!.id)).toMatchObject({ status: 'success', claimedUntil: null, attempts: 1 });
  });

  it('processes concurrent runs of one delivery once', async () => {
    const [stored] = await world.testApp.database.db
      .insert(webhookLogs)
      .values({
        organizationId: organizationA(),
        deliveryId: `dlv_${randomUUID()}`,
        payload: folderEvent('registrationFolder.accepted', 'RF-TWICE'),
        isAuthenticated: true,
      })
      .returning({ id: webhookLogs.id });
    const { processor } = world.testApp.modules.fundingWebhooks;
    const outcomes = await Promise.all([
      processor.processDelivery(stored!.id),
      processor.processDelivery(stored!.id),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'processed')).toHaveLength(1);
    expect((await logOf(stored!.id)).attempts).toBe(1);
  });
});

describe('the admin screens', () => {
  it('lists the logs newest first, filtered by status, event, organisation and search', async () => {
    const all = expectStatus<WebhookLogList>(
      await world.call('admin', 'GET', '/api/admin/funding-webhooks/logs'),
      200,
    );
    expect(all.total).toBeGreaterThan(10);
    const times = all.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = expectStatus<WebhookLogList>(
      await world.call('admin', 'GET', '/api/admin/funding-webhooks/logs?status=failed&pageSize=100'),
      200,
    );
    expect(failed.items.every((item) => item.status === 'failed')).toBe(true);
    const pings = expectStatus<WebhookLogList>(
      await world.call(
        'admin',
        'GET',
        `/api/admin/funding-webhooks/logs?eventType=ping&organizationId=${organizationA()}`,
      ),
      200,
    );
    expect(
      pings.items.every((item) => item.eventType === 'ping' && item.organizationName === 'Organisme A'),
    ).toBe(true);
    const found = expectStatus<WebhookLogList>(
      await world.call('admin', 'GET', '/api/admin/funding-webhooks/logs?search=RF-CRASH'),
      200,
    );
    expect(found.total).toBe(1);
    expect(found.items[0]!.payloadPreview.length).toBeLessThanOrEqual(150);
    expect(found.items[0]!.payloadTruncated).toBe(true);
  });

  it('gives the side panel the newest 20, previews cut to 150 characters', async () => {
    const recent = expectStatus<RecentWebhookLogs>(
      await world.call('admin', 'GET', '/api/admin/funding-webhooks/recent'),
      200,
    );
    expect(recent.items).toHaveLength(20);
    expect(recent.items.every((item) => item.payloadPreview.length <= 150)).toBe(true);
  });

  it('shows a delivery in full and replays an authenticated one, in the audit log', async () => {
    const failed = expectStatus<WebhookLogList>(
      await world.call('admin', 'GET', '/api/admin/funding-webhooks/logs?search=RF-7'),
      200,
    ).items[0]!;
    const detail = expectStatus<WebhookLogDetail>(
      await world.call('admin', 'GET', `/api/admin/funding-webhooks/logs/${failed.id}`),
      200,
    );
    expect(JSON.parse(detail.payload!).registrationFolder.id).toBe('RF-7');
    expect(detail.headers[FUNDING_WEBHOOK_HEADERS.timestamp]).toBeDefined();
    const replayed = expectStatus<WebhookLogDetail>(
      await world.call('admin', 'POST', `/api/admin/funding-webhooks/logs/${failed.id}/replay`),
      200,
    );
    expect(replayed).toMatchObject({ status: 'failed', attempts: 1 });
    const audit = expectStatus(
      await world.call('admin', 'GET', `/api/admin/audit-log?organizationId=${organizationA()}`),
      200,
    );
    expect(audit.items[0]).toMatchObject({ action: 'webhook.replay', targetId: failed.id });
    // The organisation's staff read it in their own trail (issue 19).
    const trail = expectStatus<{ items: { action: string; targetId: string | null }[] }>(
      await world.call('trainerA', 'GET', '/api/audit/events?action=webhook'),
      200,
    );
    expect(trail.items[0]).toMatchObject({ action: 'webhook.replay', targetId: failed.id });
  });

  it('refuses to replay a delivery whose signature was not checked', async () => {
    const forged = expectStatus<WebhookLogList>(
      await world.call('admin', 'GET', '/api/admin/funding-webhooks/logs?search=RF-5'),
      200,
    ).items[0]!;
    const response = await world.call(
      'admin',
      'POST',
      `/api/admin/funding-webhooks/logs/${forged.id}/replay`,
    );
    expect(expectStatus(response, 409).error.code).toBe('WEBHOOK_NOT_REPLAYABLE');
  });

  it('gives an organisation’s receiver, reveals its secret and rotates it (the old one stops working)', async () => {
    const endpoint = expectStatus<WebhookEndpoint>(
      await world.call('admin', 'GET', `/api/admin/funding-webhooks/endpoints/${organizationA()}`),
      200,
    );
    expect(endpoint).toMatchObject({
      path: `/api/webhooks/funding/${organizationA()}`,
      isConfigured: true,
      references: expect.arrayContaining([
        { reference: REFERENCE, courseId, courseTitle: 'Excel : les bases' },
      ]),
    });
    const revealed = expectStatus(
      await world.call('admin', 'POST', `/api/admin/funding-webhooks/endpoints/${organizationA()}/secret`),
      200,
    );
    expect(revealed.secret).toBe(secretA);
    const rotated = expectStatus(
      await world.call('admin', 'POST', `/api/admin/funding-webhooks/endpoints/${organizationA()}/rotate`),
      200,
    );
    expect(rotated.secret).not.toBe(secretA);
    expectStatus(await deliver(JSON.stringify({ type: 'ping' })), 401);
    secretA = rotated.secret;
    expectStatus(await deliver(JSON.stringify({ type: 'ping' })), 200);
    const stored = await world.testApp.database.db.execute(
      sql`select secret_ciphertext from funding_webhook_endpoints`,
    );
    expect(JSON.stringify(stored)).not.toContain(secretA);
    const unconfigured = expectStatus<WebhookEndpoint>(
      await world.call('admin', 'GET', `/api/admin/funding-webhooks/endpoints/${organizationB()}`),
      200,
    );
    expect(unconfigured.isConfigured).toBe(false);
    expect(
      (await world.call('admin', 'POST', `/api/admin/funding-webhooks/endpoints/${organizationB()}/secret`))
        .statusCode,
    ).toBe(404);
  });

  it('maps references only to the organisation’s own formations', async () => {
    const courseB = expectStatus(
      await world.call('trainerB', 'POST', '/api/courses', { title: 'Paie' }),
      200,
    ).id;
    const response = await world.call(
      'admin',
      'POST',
      `/api/admin/funding-webhooks/endpoints/${organizationA()}/references`,
      { reference: 'RS-PAIE', courseId: courseB },
    );
    expect(response.statusCode).toBe(404);
    const duplicate = await world.call(
      'admin',
      'POST',
      `/api/admin/funding-webhooks/endpoints/${organizationA()}/references`,
      {
        reference: REFERENCE,
        courseId,
      },
    );
    expect(duplicate.statusCode).toBe(409);
    const removed = expectStatus<WebhookEndpoint>(
      await world.call(
        'admin',
        'POST',
        `/api/admin/funding-webhooks/endpoints/${organizationA()}/references/remove`,
        {
          reference: 'RS-LATER',
        },
      ),
      200,
    );
    expect(removed.references.map((reference) => reference.reference)).toEqual([REFERENCE]);
  });

  it('refuses every admin route to trainers and students, and to visitors', async () => {
    const someLog = (await latestLog()).id;
    const urls: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/funding-webhooks/logs'],
      ['GET', '/api/admin/funding-webhooks/recent'],
      ['GET', `/api/admin/funding-webhooks/logs/${someLog}`],
      ['POST', `/api/admin/funding-webhooks/logs/${someLog}/replay`],
      ['GET', `/api/admin/funding-webhooks/endpoints/${organizationA()}`],
      ['POST', `/api/admin/funding-webhooks/endpoints/${organizationA()}/secret`],
      ['POST', `/api/admin/funding-webhooks/endpoints/${organizationA()}/rotate`],
    ];
    for (const [method, url] of urls) {
      expect((await world.call('trainerA', method, url)).statusCode).toBe(403);
      expect((await world.call('studentA1', method, url)).statusCode).toBe(403);
      expect((await world.call(null, method, url)).statusCode).toBe(401);
    }
  });

  it('keeps the logs out of reach of the organisations’ own staff at the database too', async () => {
    const { database } = world.testApp;
    const trainer = {
      userId: world.users.trainerA.id,
      role: 'trainer' as const,
      organizationId: organizationA(),
    };
    const seen = await database.withTenant(trainer, (tx) =>
      tx.select({ id: webhookLogs.id }).from(webhookLogs),
    );
    expect(seen).toEqual([]);
  });
});

describe('the integrators’ test script', () => {
  it('sends a delivery the receiver accepts, signed by the same code', async () => {
    // The script stamps its delivery with the real time: the server's clock follows for this test.
    clock = new Date();
    const address = await world.testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
    const run = (secret: string) =>
      promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/send-funding-webhook.ts',
          '--url',
          `${address}/api/webhooks/funding/${organizationA()}`,
          '--secret',
          secret,
          '--event',
          'registrationFolder.accepted',
          '--reference',
          REFERENCE,
          '--email',
          'script@exemple.fr',
        ],
        { cwd: root },
      );
    const { stdout } = await run(secretA);
    expect(stdout).toMatch(/^200 .*"status":"accepted"/);
    const [learner] = await world.testApp.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'script@exemple.fr'));
    expect(learner).toBeDefined();
    await expect(run('whsec_wrong')).rejects.toMatchObject({ stdout: expect.stringMatching(/^401 /) });
  }, 30_000);
});
