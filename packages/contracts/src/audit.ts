import { z } from 'zod';
import { ORGANIZATION_STAFF, type RouteContract } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/**
 * The admin audit log (issue 17 point 3): every admin action that changes another organisation's data,
 * or the platform's, as one append-only line. Admins read it; nobody, admins included, may edit it.
 */
export const AdminAuditEntrySchema = z.object({
  id: z.uuid(),
  /** A dotted verb, such as `organization.create` or `webhook.replay`. */
  action: z.string(),
  organizationId: z.uuid().nullable(),
  /** The organisation's name when the entry was read; null for platform data or a deleted organisation. */
  organizationName: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** One human line, written in French when the action happened. */
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string(),
  createdAt: z.iso.datetime(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const AdminAuditQuerySchema = PaginationQuerySchema.extend({
  /** One organisation's entries; without it, every entry. */
  organizationId: z.uuid().optional(),
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

export const AdminAuditListSchema = paginated(AdminAuditEntrySchema);
export type AdminAuditList = z.infer<typeof AdminAuditListSchema>;

export const auditRoutes = {
  /** Newest first. */
  list: {
    method: 'GET',
    path: '/api/admin/audit-log',
    access: { roles: ['admin'], scope: 'organization' },
    query: AdminAuditQuerySchema,
    response: AdminAuditListSchema,
  },
} as const satisfies Record<string, RouteContract>;

/**
 * The audit trail (issue 19): security and compliance events of every kind, append-only and kept.
 * An organisation's staff read their own organisation's events, admins every organisation's.
 */
export const AuditEventSchema = z.object({
  id: z.uuid(),
  /** A dotted verb, such as `auth.sign_in`, `role.changed` or `export.created`. */
  action: z.string(),
  organizationId: z.uuid().nullable(),
  /** The organisation's name when the event was read; null for the platform's own or a deleted one. */
  organizationName: z.string().nullable(),
  /** Null when the system or a job acted. */
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The changed fields before and after the event, when it changed something. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The event's facts, with the names its line needs: screens write the line from `action` and these. */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/**
 * Filters of the trail and of its export: `action` is a prefix of the verb ('auth' or 'auth.' for
 * every sign-in event), `actor` a part of the actor's address or name, `from`/`to` instants (the
 * reader's own day bounds, inclusive). `organizationId` narrows an admin's reading; a trainer always
 * reads their own organisation, whatever it says.
 */
const auditEventFilterFields = {
  organizationId: z.uuid().optional(),
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.]*$/)
    .transform((value) => value || undefined)
    .optional(),
  actor: SearchQuerySchema,
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};
const auditDatesInOrder: [
  (value: { from?: string; to?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (value) => !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to),
  { message: 'from must not be after to', path: ['to'] },
];

export const AuditEventFiltersSchema = z.object(auditEventFilterFields).refine(...auditDatesInOrder);
export type AuditEventFilters = z.infer<typeof AuditEventFiltersSchema>;
export const AuditEventQuerySchema = PaginationQuerySchema.extend(auditEventFilterFields).refine(
  ...auditDatesInOrder,
);
export type AuditEventQuery = z.input<typeof AuditEventQuerySchema>;

export const AuditEventListSchema = paginated(AuditEventSchema);
export type AuditEventList = z.infer<typeof AuditEventListSchema>;

export const auditEventRoutes = {
  /** Newest first; a trainer's own organisation, an admin's every organisation (or the one named). */
  list: {
    method: 'GET',
    path: '/api/audit/events',
    access: ORGANIZATION_STAFF,
    query: AuditEventQuerySchema,
    response: AuditEventListSchema,
  },
  /**
   * The same events as a CSV file for an auditor (French Excel: BOM, semicolons, CRLF), headers in
   * the reader's language, times in Paris; the export is itself recorded as `export.created`.
   */
  exportEvents: {
    method: 'GET',
    path: '/api/audit/events/export',
    access: ORGANIZATION_STAFF,
    query: AuditEventFiltersSchema,
    response: z.string(),
  },
} as const satisfies Record<string, RouteContract>;
