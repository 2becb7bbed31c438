import type { AdminAuditList, AdminAuditQuery, SessionUser } from '@cursus/contracts';
import { count, desc, eq } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { adminAuditLog } from './audit.tables.ts';

/** What an admin did, as the module that did it describes it. */
export interface AdminAuditEntry {
  /** A dotted verb, such as `organization.create`, `webhook.replay` or `document_requirement.review`. */
  action: string;
  /** The organisation whose data changed; null for the platform's own data. */
  organizationId: string | null;
  targetType: string;
  targetId: string | null;
  /** One line in French, kept as written when the action happened. */
  summary: string;
  /**
   * The action's facts, with the names its line needs: screens write the line in the reader's
   * language from `action` and these (admin's audit-log.tsx), not from `summary`.
   */
  details?: Record<string, unknown>;
}

/**
 * Whether an action goes to the log: an admin's, on the platform's data or on an organisation other than
 * their own (on their own organisation an admin works as its staff does, like any trainer).
 */
export function isAuditedAction(actor: SessionUser, organizationId: string | null): boolean {
  return actor.role === 'admin' && (organizationId === null || organizationId !== actor.organizationId);
}

export function createAuditService(deps: {
  database: Database;
  /** Names of organisations read under the caller's policies (the organisations module's). */
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
}) {
  const { database } = deps;

  return {
    /**
     * Records `entry` when `isAuditedAction` says so. Pass the transaction of the action itself where
     * there is one, so the action and its line land together or not at all; without it the line is
     * written by the service role on its own.
     */
    async record(actor: SessionUser, entry: AdminAuditEntry, tx?: Tx): Promise<void> {
      if (!isAuditedAction(actor, entry.organizationId)) return;
      const row = {
        action: entry.action,
        organizationId: entry.organizationId,
        targetType: entry.targetType,
        targetId: entry.targetId,
        summary: entry.summary,
        details: entry.details ?? {},
        actorId: actor.id,
        actorEmail: actor.email,
        actorName: actor.fullName || null,
      };
      await (tx ?? database.service).insert(adminAuditLog).values(row);
    },

    /** Newest first; admins only (the route's guard, and the table's policy). */
    list(actor: SessionUser, query: AdminAuditQuery): Promise<AdminAuditList> {
      const where = query.organizationId ? eq(adminAuditLog.organizationId, query.organizationId) : undefined;
      return database.withTenant(tenantOf(actor), async (tx) => {
        const page = await readPage(
          query,
          tx.select({ total: count() }).from(adminAuditLog).where(where),
          tx
            .select()
            .from(adminAuditLog)
            .where(where)
            .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
            .$dynamic(),
          (entry) => entry,
        );
        const names = await deps.organizationNames(
          tx,
          page.items.flatMap((entry) => (entry.organizationId ? [entry.organizationId] : [])),
        );
        return {
          ...page,
          items: page.items.map((entry) => ({
            id: entry.id,
            action: entry.action,
            organizationId: entry.organizationId,
            organizationName: entry.organizationId ? (names.get(entry.organizationId) ?? null) : null,
            targetType: entry.targetType,
            targetId: entry.targetId,
            summary: entry.summary,
            details: entry.details,
            actorId: entry.actorId,
            actorName: entry.actorName,
            actorEmail: entry.actorEmail,
            createdAt: entry.createdAt.toISOString(),
          })),
        };
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
