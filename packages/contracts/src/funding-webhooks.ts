import { z } from 'zod';
import { hasNoNul, NO_NUL, type RouteAccess, type RouteContract } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/**
 * Webhooks of the funding platform (issue 17 point 4; SPEC 3 webhook_logs). Each organisation has
 * its own receiver and secret; every delivery is logged, then processed by a job. The format is
 * described for integrators in docs/funding-webhooks.md.
 */

/**
 * SPEC 3's statuses: `pending` stored, not yet processed; `processed` its effects applied; `success`
 * acknowledged with nothing to change (a test ping); `error` failed for a reason that may pass (tried
 * again); `failed` refused for good (bad signature, stale, malformed, unknown event).
 */
export const WEBHOOK_LOG_STATUSES = ['pending', 'processed', 'success', 'error', 'failed'] as const;
export const WebhookLogStatusSchema = z.enum(WEBHOOK_LOG_STATUSES);
export type WebhookLogStatus = z.infer<typeof WebhookLogStatusSchema>;

/** Headers of a delivery (lower case, as HTTP/2 and Node give them). */
export const FUNDING_WEBHOOK_HEADERS = {
  signature: 'x-funding-signature',
  timestamp: 'x-funding-timestamp',
  deliveryId: 'x-funding-delivery-id',
} as const;

/** A signature older or newer than this is refused: a captured delivery cannot be sent again later. */
export const FUNDING_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** The largest body the receiver reads. */
export const FUNDING_WEBHOOK_MAX_BYTES = 1024 * 1024;

/** Registration-folder events (the platform's dossier states), and a ping to test the connection. */
export const FUNDING_EVENT_TYPES = [
  'registrationFolder.validated',
  'registrationFolder.accepted',
  'registrationFolder.inTraining',
  'registrationFolder.terminated',
  'registrationFolder.serviceDoneDeclared',
  'registrationFolder.serviceDoneValidated',
  'registrationFolder.canceled',
  'registrationFolder.refused',
  'ping',
] as const;
export type FundingEventType = (typeof FUNDING_EVENT_TYPES)[number];

/** SPEC 8/9: the side panel shows the newest 20, each payload cut to 150 characters. */
export const WEBHOOK_PANEL_LIMIT = 20;
export const WEBHOOK_PAYLOAD_PREVIEW_CHARS = 150;

/** The body of a registration-folder delivery, as the receiver checks it. */
export const RegistrationFolderEventSchema = z.object({
  type: z.enum(FUNDING_EVENT_TYPES),
  registrationFolder: z.object({
    /** The folder's number on the platform: the same folder across its events. */
    id: z.string().trim().min(1).max(100).refine(hasNoNul, NO_NUL),
    /** The training as the organisation declared it on the platform (its reference, or the formation's id). */
    trainingReference: z.string().trim().min(1).max(200).refine(hasNoNul, NO_NUL),
    startDate: z.iso.date().optional(),
    endDate: z.iso.date().optional(),
    attendee: z.object({
      email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
      firstName: z.string().trim().min(1).max(100).refine(hasNoNul, NO_NUL),
      lastName: z.string().trim().min(1).max(100).refine(hasNoNul, NO_NUL),
    }),
  }),
});
export type RegistrationFolderEvent = z.infer<typeof RegistrationFolderEventSchema>;

const PLATFORM_ADMIN = { roles: ['admin'], scope: 'organization' } as const satisfies RouteAccess;

/**
 * Why a delivery was refused or failed, which the web names in the reader's language
 * (`fundingWebhooks:reasons.<code>`); the log's `error` keeps the technical detail.
 */
export const WEBHOOK_ERROR_CODES = [
  'payload_too_large',
  'bad_signature',
  'stale_timestamp',
  'malformed_json',
  'missing_delivery_id',
  'unknown_event',
  'invalid_payload',
  'unknown_reference',
  'attendee_conflict',
  'processing_failed',
] as const;
export const WebhookErrorCodeSchema = z.enum(WEBHOOK_ERROR_CODES);
export type WebhookErrorCode = z.infer<typeof WebhookErrorCodeSchema>;

export const WebhookLogRowSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string().nullable(),
  eventType: z.string().nullable(),
  status: WebhookLogStatusSchema,
  deliveryId: z.string().nullable(),
  /** The payload's first WEBHOOK_PAYLOAD_PREVIEW_CHARS characters; `payloadTruncated` when there is more. */
  payloadPreview: z.string(),
  payloadTruncated: z.boolean(),
  errorCode: WebhookErrorCodeSchema.nullable(),
  /** The technical detail (in English, as the integrator's tools write it). */
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookLogRow = z.infer<typeof WebhookLogRowSchema>;

export const WebhookLogDetailSchema = WebhookLogRowSchema.extend({
  /** The raw body as received; null when it was refused unread (too large). */
  payload: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  /** True when the signature was checked: only such deliveries may be replayed. */
  isAuthenticated: z.boolean(),
  attempts: z.number().int().min(0),
  processedAt: z.iso.datetime().nullable(),
});
export type WebhookLogDetail = z.infer<typeof WebhookLogDetailSchema>;

export const WebhookLogQuerySchema = PaginationQuerySchema.extend({
  status: WebhookLogStatusSchema.optional(),
  eventType: z.string().trim().max(100).refine(hasNoNul, NO_NUL).optional(),
  organizationId: z.uuid().optional(),
  /** A part of the payload or of the delivery id. */
  search: SearchQuerySchema,
});
export type WebhookLogQuery = z.input<typeof WebhookLogQuerySchema>;
export const WebhookLogListSchema = paginated(WebhookLogRowSchema);
export type WebhookLogList = z.infer<typeof WebhookLogListSchema>;

/** SPEC 7: the panel's read, newest WEBHOOK_PANEL_LIMIT. */
export const RecentWebhookLogsSchema = z.object({ items: z.array(WebhookLogRowSchema) });
export type RecentWebhookLogs = z.infer<typeof RecentWebhookLogsSchema>;

export const WebhookLogParamsSchema = z.object({ logId: z.uuid() });
export const WebhookOrganizationParamsSchema = z.object({ organizationId: z.uuid() });

export const WebhookTrainingReferenceSchema = z.object({
  reference: z.string(),
  courseId: z.uuid(),
  courseTitle: z.string(),
});
export type WebhookTrainingReference = z.infer<typeof WebhookTrainingReferenceSchema>;

/** An organisation's receiver: its address, whether it has a secret yet, and its formations' references. */
export const WebhookEndpointSchema = z.object({
  organizationId: z.uuid(),
  /** Path of the receiver; the web prefixes it with the server's origin. */
  path: z.string(),
  isConfigured: z.boolean(),
  rotatedAt: z.iso.datetime().nullable(),
  lastDeliveryAt: z.iso.datetime().nullable(),
  references: z.array(WebhookTrainingReferenceSchema),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

export const AddTrainingReferenceInputSchema = z.object({
  reference: z.string().trim().min(1).max(200).refine(hasNoNul, NO_NUL),
  courseId: z.uuid(),
});
export type AddTrainingReferenceInput = z.infer<typeof AddTrainingReferenceInputSchema>;
export const RemoveTrainingReferenceInputSchema = z.object({
  reference: z.string().trim().min(1).max(200).refine(hasNoNul, NO_NUL),
});

/** What the receiver answers a delivery it stored (or had already stored). */
export const WebhookReceiptSchema = z.object({
  status: z.enum(['accepted', 'duplicate']),
  id: z.uuid(),
});

export const fundingWebhookPath = (organizationId: string) => `/api/webhooks/funding/${organizationId}`;

export const fundingWebhookRoutes = {
  /**
   * The platform's deliveries: public, authenticated by the signature. Registered by hand (the raw
   * body is read as bytes for the signature), under the same path and access.
   */
  receive: {
    method: 'POST',
    path: '/api/webhooks/funding/:organizationId',
    access: 'public',
    params: WebhookOrganizationParamsSchema,
    response: WebhookReceiptSchema,
  },
  list: {
    method: 'GET',
    path: '/api/admin/funding-webhooks/logs',
    access: PLATFORM_ADMIN,
    query: WebhookLogQuerySchema,
    response: WebhookLogListSchema,
  },
  recent: {
    method: 'GET',
    path: '/api/admin/funding-webhooks/recent',
    access: PLATFORM_ADMIN,
    response: RecentWebhookLogsSchema,
  },
  get: {
    method: 'GET',
    path: '/api/admin/funding-webhooks/logs/:logId',
    access: PLATFORM_ADMIN,
    params: WebhookLogParamsSchema,
    response: WebhookLogDetailSchema,
  },
  /** Processes an authenticated delivery again (recorded in the audit log). */
  replay: {
    method: 'POST',
    path: '/api/admin/funding-webhooks/logs/:logId/replay',
    access: PLATFORM_ADMIN,
    params: WebhookLogParamsSchema,
    response: WebhookLogDetailSchema,
  },
  getEndpoint: {
    method: 'GET',
    path: '/api/admin/funding-webhooks/endpoints/:organizationId',
    access: PLATFORM_ADMIN,
    params: WebhookOrganizationParamsSchema,
    response: WebhookEndpointSchema,
  },
  /** The secret in clear, for the admin to give the platform (recorded in the audit log). */
  revealSecret: {
    method: 'POST',
    path: '/api/admin/funding-webhooks/endpoints/:organizationId/secret',
    access: PLATFORM_ADMIN,
    params: WebhookOrganizationParamsSchema,
    response: WebhookSecretSchema,
  },
  /** A new secret (the first one, or a replacement: the old one stops working at once). */
  rotateSecret: {
    method: 'POST',
    path: '/api/admin/funding-webhooks/endpoints/:organizationId/rotate',
    access: PLATFORM_ADMIN,
    params: WebhookOrganizationParamsSchema,
    response: WebhookSecretSchema,
  },
  addReference: {
    method: 'POST',
    path: '/api/admin/funding-webhooks/endpoints/:organizationId/references',
    access: PLATFORM_ADMIN,
    params: WebhookOrganizationParamsSchema,
    body: AddTrainingReferenceInputSchema,
    response: WebhookEndpointSchema,
  },
  removeReference: {
    method: 'POST',
    path: '/api/admin/funding-webhooks/endpoints/:organizationId/references/remove',
    access: PLATFORM_ADMIN,
    params: WebhookOrganizationParamsSchema,
    body: RemoveTrainingReferenceInputSchema,
    response: WebhookEndpointSchema,
  },
} as const satisfies Record<string, RouteContract>;
