import { randomUUID } from 'node:crypto';
import { FUNDING_WEBHOOK_HEADERS, type WebhookErrorCode } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EndpointSecrets } from './endpoint-secrets.ts';
import {
  fundingRegistrationFolders,
  fundingTrainingReferences,
  webhookLogs,
} from './funding-webhooks.tables.ts';
import { signFundingWebhook } from './signature.ts';

const HOUR_MS = 60 * 60 * 1000;
/** The demo formation's reference on the funding platform. */
const REFERENCE = 'RS5487-ECRIT-PRO-2026';

interface DemoLearner {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

function folderEvent(
  type: string,
  folderId: string,
  person: Omit<DemoLearner, 'id'>,
  dates: { startDate: string; endDate: string },
  reference = REFERENCE,
) {
  return JSON.stringify({
    type,
    registrationFolder: {
      id: folderId,
      trainingReference: reference,
      ...dates,
      attendee: { email: person.email, firstName: person.firstName, lastName: person.lastName },
    },
  });
}

/**
 * The demo's receiver (its secret, the published formation's reference) and a dozen deliveries in
 * every status: two learners' folders followed from acceptance, a folder waiting for its attendee, a
 * test ping, one waiting for a reference nobody mapped, and the refusals (bad signature, stale,
 * malformed, unknown event). Headers are signed with the demo's real secret where they were valid.
 */
export async function seedDemoFundingWebhooks(
  deps: { secrets: EndpointSecrets; db: Db },
  input: { organizationId: string; learners: [DemoLearner, DemoLearner]; now: Date },
) {
  const { db } = deps;
  const { organizationId, now } = input;
  const secret = await deps.secrets.rotate(db, organizationId, null);
  const result = await db.execute(sql`
    select id from courses where organization_id = ${organizationId} and status = 'published'
    order by created_at limit 1`);
  const courseId = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!courseId) return;
  await db.insert(fundingTrainingReferences).values({ organizationId, reference: REFERENCE, courseId });

  const [lea, hugo] = input.learners;
  const sarah = { email: 'sarah.lemoine@exemple.fr', firstName: 'Sarah', lastName: 'Lemoine' };
  const day = (offsetDays: number) =>
    new Date(now.getTime() + offsetDays * 24 * HOUR_MS).toISOString().slice(0, 10);
  const training = { startDate: day(-30), endDate: day(30) };
  const past = { startDate: day(-75), endDate: day(-20) };
  type Seeded = {
    hoursAgo: number;
    payload: string;
    status: 'processed' | 'success' | 'error' | 'failed';
    signed: 'valid' | 'forged' | 'stale';
    errorCode?: WebhookErrorCode;
    error?: string;
    attempts?: number;
  };
  const deliveries: Seeded[] = [
    {
      hoursAgo: 900,
      payload: folderEvent('registrationFolder.accepted', 'RF-2026-000418', hugo, past),
      status: 'processed',
      signed: 'valid',
    },
    {
      hoursAgo: 840,
      payload: folderEvent('registrationFolder.inTraining', 'RF-2026-000418', hugo, past),
      status: 'processed',
      signed: 'valid',
    },
    {
      hoursAgo: 700,
      payload: folderEvent('registrationFolder.accepted', 'RF-2026-000527', lea, training),
      status: 'processed',
      signed: 'valid',
    },
    {
      hoursAgo: 480,
      payload: folderEvent('registrationFolder.terminated', 'RF-2026-000418', hugo, past),
      status: 'processed',
      signed: 'valid',
    },
    {
      hoursAgo: 470,
      payload: folderEvent('registrationFolder.serviceDoneDeclared', 'RF-2026-000418', hugo, past),
      status: 'processed',
      signed: 'valid',
    },
    { hoursAgo: 460, payload: JSON.stringify({ type: 'ping' }), status: 'success', signed: 'valid' },
    {
      hoursAgo: 300,
      payload: folderEvent('registrationFolder.inTraining', 'RF-2026-000527', lea, training),
      status: 'processed',
      signed: 'valid',
    },
    {
      hoursAgo: 120,
      payload: folderEvent(
        'registrationFolder.accepted',
        'RF-2026-000611',
        sarah,
        training,
        'RS5487-COMPTA-2026',
      ),
      status: 'error',
      signed: 'valid',
      errorCode: 'unknown_reference',
      error: 'unknown training reference "RS5487-COMPTA-2026"',
      attempts: 3,
    },
    {
      hoursAgo: 96,
      payload: folderEvent('registrationFolder.validated', 'RF-2026-000702', sarah, training),
      status: 'processed',
      signed: 'valid',
    },
    {
      hoursAgo: 72,
      payload: folderEvent('registrationFolder.accepted', 'RF-2026-000777', sarah, training),
      status: 'failed',
      signed: 'forged',
      errorCode: 'bad_signature',
      error: 'bad signature',
    },
    {
      hoursAgo: 48,
      payload: folderEvent('registrationFolder.inTraining', 'RF-2026-000527', lea, training),
      status: 'failed',
      signed: 'stale',
      errorCode: 'stale_timestamp',
      error: 'stale timestamp (over 5 minutes away)',
    },
    {
      hoursAgo: 30,
      payload: '{"type": "registrationFolder.accepted", "registrationFolder": {',
      status: 'failed',
      signed: 'valid',
      errorCode: 'malformed_json',
      error: 'malformed JSON',
      attempts: 0,
    },
    {
      hoursAgo: 6,
      payload: JSON.stringify({
        type: 'registrationFolder.paid',
        registrationFolder: { id: 'RF-2026-000418' },
      }),
      status: 'failed',
      signed: 'valid',
      errorCode: 'unknown_event',
      error: 'registrationFolder.paid',
    },
  ];
  const rows = deliveries.map((delivery) => {
    const at = new Date(now.getTime() - delivery.hoursAgo * HOUR_MS);
    const sentAt = delivery.signed === 'stale' ? new Date(at.getTime() - 2 * HOUR_MS) : at;
    const timestamp = String(Math.floor(sentAt.getTime() / 1000));
    const deliveryId = `dlv_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const signature =
      delivery.signed === 'forged'
        ? signFundingWebhook('not-the-secret', timestamp, delivery.payload)
        : signFundingWebhook(secret, timestamp, delivery.payload);
    const isAuthenticated = delivery.signed === 'valid';
    let eventType: string | null = null;
    try {
      eventType = isAuthenticated ? ((JSON.parse(delivery.payload) as { type?: string }).type ?? null) : null;
    } catch {
      // The malformed delivery: no event to name.
    }
    return {
      id: randomUUID(),
      organizationId,
      deliveryId,
      eventType,
      status: delivery.status,
      payload: delivery.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'FundingPlatform-Webhooks/2.1',
        [FUNDING_WEBHOOK_HEADERS.deliveryId]: deliveryId,
        [FUNDING_WEBHOOK_HEADERS.timestamp]: timestamp,
        [FUNDING_WEBHOOK_HEADERS.signature]: signature,
      },
      isAuthenticated,
      errorCode: delivery.errorCode ?? null,
      error: delivery.error ?? null,
      attempts: delivery.attempts ?? (isAuthenticated ? 1 : 0),
      nextAttemptAt: delivery.status === 'error' ? new Date(now.getTime() + HOUR_MS) : null,
      processedAt: delivery.status === 'error' ? null : at,
      createdAt: at,
      updatedAt: at,
    };
  });
  await db.insert(webhookLogs).values(rows);
  const lastOf = (folderId: string) =>
    rows.findLast((row) => row.status === 'processed' && row.payload.includes(folderId))!.id;
  await db.insert(fundingRegistrationFolders).values([
    {
      organizationId,
      folderNumber: 'RF-2026-000418',
      state: 'serviceDoneDeclared',
      studentId: hugo.id,
      courseId,
      ...past,
      lastLogId: lastOf('RF-2026-000418'),
    },
    {
      organizationId,
      folderNumber: 'RF-2026-000527',
      state: 'inTraining',
      studentId: lea.id,
      courseId,
      ...training,
      lastLogId: lastOf('RF-2026-000527'),
    },
    {
      organizationId,
      folderNumber: 'RF-2026-000702',
      state: 'validated',
      studentId: null,
      courseId,
      ...training,
      lastLogId: lastOf('RF-2026-000702'),
    },
  ]);
}
