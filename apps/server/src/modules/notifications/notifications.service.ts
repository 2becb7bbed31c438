import {
  type ListNotificationsQuery,
  type MarkAllNotificationsReadInput,
  type NewNotification,
  NOTIFICATIONS_FETCH_LIMIT,
  type Notification,
  NotificationActionUrlSchema,
  NotificationContextSchema,
  type NotificationKind,
  type NotificationPayload,
  NotificationPayloadSchema,
  notificationTypeOf,
  type UnreadNotificationsQuery,
} from '@cursus/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, TenantContext } from '../../db/client.ts';
import { reusable } from '../../db/reusable.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifications } from './notifications.tables.ts';

type NotificationRow = typeof notifications.$inferSelect;

/** One recipient: the organisation is stored with the row, since row-level security reads it. */
export interface NotificationRecipient {
  userId: string;
  organizationId: string;
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    userId: row.userId,
    notificationType: row.notificationType === 'achievement' ? 'achievement' : 'general',
    actionUrl: row.actionUrl,
    isRead: row.isRead,
    context: row.context,
    createdAt: row.createdAt.toISOString(),
    // Written through `createNotifications` only, which checked the pair against its kind.
    ...({ type: row.type, metadata: row.metadata } as NotificationPayload),
  };
}

export function createNotificationsService(options: {
  database: Database;
  /** The organisations module's answer: who the trainers and admins of an organisation are. */
  listStaffIds: (organizationId: string) => Promise<string[]>;
}) {
  const { database, listStaffIds } = options;

  // The user filter is also the policy's, but stays explicit: a platform admin passes row-level
  // security on every table, and a notification is personal even to them.
  function ownedBy(tenant: TenantContext, ...conditions: (SQL | undefined)[]) {
    return and(eq(notifications.userId, tenant.userId), ...conditions);
  }

  /**
   * Outside any tenant (cursus_service): called by jobs and services that decide their recipients
   * themselves. The database accepts only recipients who belong to the organisation named.
   */
  async function createNotifications(recipients: NotificationRecipient[], input: NewNotification) {
    if (recipients.length === 0) return [];
    const payload = NotificationPayloadSchema.parse({ type: input.type, metadata: input.metadata });
    const notification = {
      type: payload.type,
      metadata: payload.metadata as Record<string, unknown>,
      notificationType: notificationTypeOf(payload.type),
      actionUrl: input.actionUrl === undefined ? null : NotificationActionUrlSchema.parse(input.actionUrl),
      context: input.context === undefined ? null : NotificationContextSchema.parse(input.context),
    };
    const rows = await database.service
      .insert(notifications)
      .values(recipients.map((recipient) => ({ ...recipient, ...notification })))
      .returning();
    return rows.map(toNotification);
  }

  /**
   * The list's statement for each combination of its filters (type, context), built once: Drizzle
   * building it at every call cost the server as much as the rest of the request (issue 12).
   */
  const listStatements = [false, true].flatMap((byContext) =>
    [false, true].map((byType) =>
      reusable((db) =>
        db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, sql.placeholder('userId')),
              byType ? eq(notifications.notificationType, sql.placeholder('type')) : undefined,
              byContext ? eq(notifications.context, sql.placeholder('context')) : undefined,
            ),
          )
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(NOTIFICATIONS_FETCH_LIMIT),
      ),
    ),
  );

  return {
    createNotifications,

    async createNotification(recipient: NotificationRecipient, input: NewNotification) {
      const [notification] = await createNotifications([recipient], input);
      return notification!;
    },

    /**
     * SPEC 6: the trainers and admins of an organisation hear about its students' problems (time
     * tracking among them). Outside any tenant, for background jobs that act for no one in particular.
     */
    async notifyOrganizationStaff(organizationId: string, input: NewNotification) {
      const staffIds = await listStaffIds(organizationId);
      return createNotifications(
        staffIds.map((userId) => ({ userId, organizationId })),
        input,
      );
    },

    /** SPEC 7: one's own, newest first, at most 50, optionally one tab's type and one context. */
    async listNotifications(tenant: TenantContext, query: ListNotificationsQuery) {
      const byType = query.type !== 'all';
      const byContext = Boolean(query.context);
      const rows = await database.withTenant(tenant, (tx) =>
        listStatements[Number(byType) + 2 * Number(byContext)]!(tx, {
          userId: tenant.userId,
          type: query.type,
          context: query.context,
        }),
      );
      return rows.map(toNotification);
    },

    async countUnread(tenant: TenantContext, query: UnreadNotificationsQuery) {
      const [row] = await database.withTenant(tenant, (tx) =>
        tx
          .select({ total: count() })
          .from(notifications)
          .where(
            ownedBy(
              tenant,
              eq(notifications.isRead, false),
              query.context ? eq(notifications.context, query.context) : undefined,
            ),
          ),
      );
      return row?.total ?? 0;
    },

    /** Someone else's id, or another organisation's, reads as unknown: nothing tells them it exists. */
    async markRead(tenant: TenantContext, id: string) {
      const updated = await database.withTenant(tenant, (tx) =>
        tx
          .update(notifications)
          .set({ isRead: true })
          .where(ownedBy(tenant, eq(notifications.id, id)))
          .returning({ id: notifications.id }),
      );
      if (updated.length === 0) throw new AppError('NOT_FOUND');
    },

    /**
     * Marks read one's unread notifications of a kind about one thing (e.g. a conversation's
     * `message_received` once the conversation is open): what they announce has been seen.
     */
    async markReadAbout<K extends NotificationKind>(
      tenant: TenantContext,
      type: K,
      about: Partial<Extract<NotificationPayload, { type: K }>['metadata']>,
    ) {
      await database.withTenant(tenant, (tx) =>
        tx
          .update(notifications)
          .set({ isRead: true })
          .where(
            ownedBy(
              tenant,
              eq(notifications.isRead, false),
              eq(notifications.type, type),
              sql`${notifications.metadata} @> ${JSON.stringify(about)}::jsonb`,
            ),
          ),
      );
    },

    async markAllRead(tenant: TenantContext, input: MarkAllNotificationsReadInput) {
      const updated = await database.withTenant(tenant, (tx) =>
        tx
          .update(notifications)
          .set({ isRead: true })
          .where(
            ownedBy(
              tenant,
              eq(notifications.isRead, false),
              input.notificationType ? eq(notifications.notificationType, input.notificationType) : undefined,
              input.context ? eq(notifications.context, input.context) : undefined,
            ),
          )
          .returning({ id: notifications.id }),
      );
      return updated.length;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
