import { z } from 'zod';
import type { RouteContract } from './common.ts';
import { PaginationQuerySchema, paginated } from './pagination.ts';

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
