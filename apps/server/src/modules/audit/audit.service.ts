import { AsyncLocalStorage } from 'node:async_hooks';
import type { AdminAuditList, AdminAuditQuery, SessionUser } from '@cursus/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { adminAuditLog, auditEvents } from './audit.tables.ts';

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
  /** The changed fields, for the audit trail's before/after (never secrets). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** One security or compliance event of the audit trail (issue 19, docs/audit-trail.md). */
export interface AuditEvent {
  /**
   * Dotted verb, e.g. 'auth.sign_in', 'auth.sign_in_failed', 'auth.lockout', 'auth.mfa_enabled',
   * 'auth.mfa_disabled', 'auth.mfa_recovery_used', 'auth.password_changed', 'auth.password_reset',
   * 'auth.sessions_revoked', 'account.disabled', 'account.enabled', 'role.changed',
   * 'organization.changed', 'time.reset', 'signature.changed', 'export.created', 'privacy.export',
   * 'privacy.erasure', 'webhook.replay', or an admin action's own verb.
   */
  action: string;
  /** The organisation whose data or member the event concerns; null for the platform's own. */
  organizationId: string | null;
  /** Who did it; null when the system or a job did. */
  actor: { id: string | null; email: string | null; name?: string | null } | null;
  targetType: string;
  targetId: string | null;
  /** Where from (request.ip, user-agent), when a request caused it. */
  ip?: string | null;
  userAgent?: string | null;
  /** The changed fields before and after (never passwords, secrets or tokens). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown>;
}

/** Where a request came from, stored with the events it causes. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** The signed-in user as an event's actor. */
export const auditActorOf = (user: SessionUser): NonNullable<AuditEvent['actor']> => ({
  id: user.id,
  email: user.email,
  name: user.fullName,
});

/**
 * The fields of `keys` whose value differs between two versions of a row, as an event's before and
 * after (dates as ISO text). Pass only the keys a change may touch, never a secret's.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: readonly string[],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const json = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
  const changed = keys.filter(
    (key) => JSON.stringify(json(before[key])) !== JSON.stringify(json(after[key])),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, json(before[key])])),
    after: Object.fromEntries(changed.map((key) => [key, json(after[key])])),
  };
}

/** A user-agent header is the client's to choose: kept to a length that describes a browser. */
const USER_AGENT_MAX_LENGTH = 512;

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
  now?: () => Date;
}) {
  const { database } = deps;
  const now = deps.now ?? (() => new Date());
  /** The request being served, so an event a module records without saying where from still says it. */
  const origins = new AsyncLocalStorage<RequestOrigin>();

  /**
   * Appends one event to the audit trail. Pass the action's own transaction where there is one, so
   * both land or neither; there the event must be the signed-in user's own (the table's policy).
   * Without it the service role writes it on its own.
   */
  async function recordEvent(event: AuditEvent, tx?: Tx): Promise<void> {
    const origin = origins.getStore();
    await (tx ?? database.service).insert(auditEvents).values({
      organizationId: event.organizationId,
      action: event.action,
      actorId: event.actor?.id ?? null,
      actorEmail: event.actor?.email ?? null,
      actorName: event.actor?.name || null,
      targetType: event.targetType,
      targetId: event.targetId,
      ip: (event.ip === undefined ? origin?.ip : event.ip) ?? null,
      userAgent:
        (event.userAgent === undefined ? origin?.userAgent : event.userAgent)?.slice(
          0,
          USER_AGENT_MAX_LENGTH,
        ) ?? null,
      before: event.before ?? null,
      after: event.after ?? null,
      details: event.details ?? {},
      // The app's clock, so that what a test or a demo simulates dates its events alike.
      createdAt: now(),
    });
  }

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
      // The general trail too, so the organisation's staff see what an admin did to it; the line's
      // French summary rides along for the verbs the trail's screen does not word itself.
      await recordEvent(
        {
          action: entry.action,
          organizationId: entry.organizationId,
          actor: auditActorOf(actor),
          targetType: entry.targetType,
          targetId: entry.targetId,
          before: entry.before,
          after: entry.after,
          details: { ...entry.details, summary: entry.summary },
        },
        tx,
      );
    },

    recordEvent,

    /**
     * An `onRequest` hook of the whole app: the request's IP and user agent, for every event recorded
     * while it is served (explicit `ip`/`userAgent` of an event win, null included).
     */
    rememberOrigin(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
      origins.run({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null }, done);
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
