import {
  type AddTrainingReferenceInput,
  fundingWebhookPath,
  type RecentWebhookLogs,
  type SessionUser,
  WEBHOOK_PANEL_LIMIT,
  WEBHOOK_PAYLOAD_PREVIEW_CHARS,
  type WebhookEndpoint,
  type WebhookErrorCode,
  type WebhookLogDetail,
  type WebhookLogList,
  WebhookLogQuerySchema,
  type WebhookLogRow,
  type WebhookLogStatus,
} from '@cursus/contracts';
import { and, count, desc, eq, ilike, max, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { EndpointSecrets } from './endpoint-secrets.ts';
import {
  fundingTrainingReferences,
  fundingWebhookEndpoints,
  webhookLogs,
} from './funding-webhooks.tables.ts';
import type { DeliveryProcessor } from './process-deliveries.ts';

type LogQuery = z.output<typeof WebhookLogQuerySchema>;

/** The list's columns: the payload itself only as its preview (a payload may weigh 1 MB). */
const rowColumns = {
  id: webhookLogs.id,
  organizationId: webhookLogs.organizationId,
  eventType: webhookLogs.eventType,
  status: webhookLogs.status,
  deliveryId: webhookLogs.deliveryId,
  preview: sql<string | null>`left(${webhookLogs.payload}, ${WEBHOOK_PAYLOAD_PREVIEW_CHARS})`,
  payloadLength: sql<number | null>`char_length(${webhookLogs.payload})`,
  errorCode: webhookLogs.errorCode,
  error: webhookLogs.error,
  createdAt: webhookLogs.createdAt,
};

type RowOf = {
  id: string;
  organizationId: string;
  eventType: string | null;
  status: string;
  deliveryId: string | null;
  preview: string | null;
  payloadLength: number | null;
  errorCode: WebhookErrorCode | null;
  error: string | null;
  createdAt: Date;
};

function toRow(row: RowOf, names: Map<string, string>): WebhookLogRow {
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationName: names.get(row.organizationId) ?? null,
    eventType: row.eventType,
    status: row.status as WebhookLogStatus,
    deliveryId: row.deliveryId,
    payloadPreview: row.preview ?? '',
    payloadTruncated: Number(row.payloadLength ?? 0) > WEBHOOK_PAYLOAD_PREVIEW_CHARS,
    errorCode: row.errorCode,
    error: row.error,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The admin screens: logs, replay, each organisation's receiver (secret and training references). */
export function createFundingWebhooksService(deps: {
  database: Database;
  secrets: EndpointSecrets;
  processor: DeliveryProcessor;
  audit: Pick<AuditService, 'record'>;
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
  courseTitles: (tx: Tx, courseIds: string[]) => Promise<Map<string, string>>;
  isCourseOf: (tx: Tx, organizationId: string, courseId: string) => Promise<boolean>;
}) {
  const { database, secrets, processor, audit } = deps;
  const asAdmin = <T>(actor: SessionUser, work: (tx: Tx) => Promise<T>) =>
    database.withTenant(tenantOf(actor), work);

  async function organizationName(tx: Tx, organizationId: string): Promise<string> {
    const name = (await deps.organizationNames(tx, [organizationId])).get(organizationId);
    if (name === undefined) throw new AppError('NOT_FOUND');
    return name;
  }

  async function readDetail(tx: Tx, logId: string): Promise<WebhookLogDetail> {
    const [row] = await tx
      .select({
        ...rowColumns,
        payload: webhookLogs.payload,
        headers: webhookLogs.headers,
        isAuthenticated: webhookLogs.isAuthenticated,
        attempts: webhookLogs.attempts,
        processedAt: webhookLogs.processedAt,
      })
      .from(webhookLogs)
      .where(eq(webhookLogs.id, logId));
    if (!row) throw new AppError('NOT_FOUND');
    const names = await deps.organizationNames(tx, [row.organizationId]);
    return {
      ...toRow(row, names),
      payload: row.payload,
      headers: row.headers,
      isAuthenticated: row.isAuthenticated,
      attempts: row.attempts,
      processedAt: row.processedAt?.toISOString() ?? null,
    };
  }

  async function readEndpoint(tx: Tx, organizationId: string): Promise<WebhookEndpoint> {
    await organizationName(tx, organizationId);
    const [endpoint] = await tx
      .select({ rotatedAt: fundingWebhookEndpoints.rotatedAt })
      .from(fundingWebhookEndpoints)
      .where(eq(fundingWebhookEndpoints.organizationId, organizationId));
    const [last] = await tx
      .select({ at: max(webhookLogs.createdAt) })
      .from(webhookLogs)
      .where(eq(webhookLogs.organizationId, organizationId));
    const references = await tx
      .select({
        reference: fundingTrainingReferences.reference,
        courseId: fundingTrainingReferences.courseId,
      })
      .from(fundingTrainingReferences)
      .where(eq(fundingTrainingReferences.organizationId, organizationId))
      .orderBy(fundingTrainingReferences.reference);
    const titles = await deps.courseTitles(
      tx,
      references.map((reference) => reference.courseId),
    );
    return {
      organizationId,
      path: fundingWebhookPath(organizationId),
      isConfigured: Boolean(endpoint),
      rotatedAt: endpoint?.rotatedAt.toISOString() ?? null,
      lastDeliveryAt: last?.at ? new Date(last.at).toISOString() : null,
      references: references.map((reference) => ({
        ...reference,
        courseTitle: titles.get(reference.courseId) ?? '',
      })),
    };
  }

  return {
    async list(actor: SessionUser, rawQuery: LogQuery): Promise<WebhookLogList> {
      const query = WebhookLogQuerySchema.parse(rawQuery);
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(webhookLogs.status, query.status));
      if (query.eventType) conditions.push(eq(webhookLogs.eventType, query.eventType));
      if (query.organizationId) conditions.push(eq(webhookLogs.organizationId, query.organizationId));
      if (query.search) {
        const pattern = containsPattern(query.search);
        conditions.push(or(ilike(webhookLogs.deliveryId, pattern), ilike(webhookLogs.payload, pattern))!);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      return asAdmin(actor, async (tx) => {
        const page = await readPage(
          query,
          tx.select({ total: count() }).from(webhookLogs).where(where),
          tx
            .select(rowColumns)
            .from(webhookLogs)
            .where(where)
            .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.id))
            .$dynamic(),
          (row) => row,
        );
        const names = await deps.organizationNames(
          tx,
          page.items.map((row) => row.organizationId),
        );
        return { ...page, items: page.items.map((row) => toRow(row, names)) };
      });
    },

    /** SPEC 7: the newest WEBHOOK_PANEL_LIMIT, for the side panel. */
    recent: (actor: SessionUser): Promise<RecentWebhookLogs> =>
      asAdmin(actor, async (tx) => {
        const rows = await tx
          .select(rowColumns)
          .from(webhookLogs)
          .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.id))
          .limit(WEBHOOK_PANEL_LIMIT);
        const names = await deps.organizationNames(
          tx,
          rows.map((row) => row.organizationId),
        );
        return { items: rows.map((row) => toRow(row, names)) };
      }),

    get: (actor: SessionUser, logId: string) => asAdmin(actor, (tx) => readDetail(tx, logId)),

    /**
     * An authenticated delivery goes back to the queue and is processed at once; its effects are
     * idempotent (the account is found again, the enrolment kept), so replaying a processed one is safe.
     * A refused delivery (bad signature, stale) is never replayed: its content was never vouched for.
     */
    async replay(actor: SessionUser, logId: string): Promise<WebhookLogDetail> {
      await asAdmin(actor, async (tx) => {
        const log = await readDetail(tx, logId);
        if (!log.isAuthenticated) throw new AppError('WEBHOOK_NOT_REPLAYABLE');
        await processor.requeue(tx, [logId]);
        await audit.record(
          actor,
          {
            action: 'webhook.replay',
            organizationId: log.organizationId,
            targetType: 'webhook_log',
            targetId: logId,
            summary: `Notification de la plateforme de financement rejouée (${log.eventType ?? 'événement inconnu'})`,
            details: { eventType: log.eventType, deliveryId: log.deliveryId, previousStatus: log.status },
          },
          tx,
        );
      });
      await processor.processDelivery(logId);
      return asAdmin(actor, (tx) => readDetail(tx, logId));
    },

    getEndpoint: (actor: SessionUser, organizationId: string) =>
      asAdmin(actor, (tx) => readEndpoint(tx, organizationId)),

    revealSecret: (actor: SessionUser, organizationId: string) =>
      asAdmin(actor, async (tx) => {
        const name = await organizationName(tx, organizationId);
        const secret = await secrets.reveal(tx, organizationId);
        if (!secret) throw new AppError('NOT_FOUND');
        await audit.record(
          actor,
          {
            action: 'webhook_secret.reveal',
            organizationId,
            targetType: 'organization',
            targetId: organizationId,
            summary: `Secret des notifications de la plateforme de financement affiché pour « ${name} »`,
            details: { organizationName: name },
          },
          tx,
        );
        return { secret };
      }),

    rotateSecret: (actor: SessionUser, organizationId: string) =>
      asAdmin(actor, async (tx) => {
        const name = await organizationName(tx, organizationId);
        const secret = await secrets.rotate(tx, organizationId, actor.id);
        await audit.record(
          actor,
          {
            action: 'webhook_secret.rotate',
            organizationId,
            targetType: 'organization',
            targetId: organizationId,
            summary: `Nouveau secret des notifications de la plateforme de financement pour « ${name} »`,
            details: { organizationName: name },
          },
          tx,
        );
        return { secret };
      }),

    addReference: (actor: SessionUser, organizationId: string, input: AddTrainingReferenceInput) =>
      asAdmin(actor, async (tx) => {
        const name = await organizationName(tx, organizationId);
        if (!(await deps.isCourseOf(tx, organizationId, input.courseId)))
          throw new AppError('TRAINING_NOT_FOUND', {
            fields: [{ path: 'courseId', message: 'TRAINING_NOT_FOUND' }],
          });
        const [added] = await tx
          .insert(fundingTrainingReferences)
          .values({ organizationId, reference: input.reference, courseId: input.courseId })
          .onConflictDoNothing()
          .returning({ id: fundingTrainingReferences.id });
        if (!added)
          throw new AppError('ALREADY_EXISTS', {
            fields: [{ path: 'reference', message: 'ALREADY_EXISTS' }],
          });
        await audit.record(
          actor,
          {
            action: 'webhook_reference.add',
            organizationId,
            targetType: 'course',
            targetId: input.courseId,
            summary: `Référence de formation « ${input.reference} » ajoutée pour « ${name} »`,
            details: { reference: input.reference, organizationName: name },
          },
          tx,
        );
        return readEndpoint(tx, organizationId);
      }),

    removeReference: (actor: SessionUser, organizationId: string, reference: string) =>
      asAdmin(actor, async (tx) => {
        const name = await organizationName(tx, organizationId);
        const removed = await tx
          .delete(fundingTrainingReferences)
          .where(
            and(
              eq(fundingTrainingReferences.organizationId, organizationId),
              eq(fundingTrainingReferences.reference, reference),
            ),
          )
          .returning({ courseId: fundingTrainingReferences.courseId });
        if (removed.length === 0) throw new AppError('NOT_FOUND');
        await audit.record(
          actor,
          {
            action: 'webhook_reference.remove',
            organizationId,
            targetType: 'course',
            targetId: removed[0]!.courseId,
            summary: `Référence de formation « ${reference} » retirée pour « ${name} »`,
            details: { reference, organizationName: name },
          },
          tx,
        );
        return readEndpoint(tx, organizationId);
      }),
  };
}

export type FundingWebhooksService = ReturnType<typeof createFundingWebhooksService>;
