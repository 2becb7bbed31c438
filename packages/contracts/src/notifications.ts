import { z } from 'zod';
import { IdParamsSchema, OkSchema, type RouteContract, SIGNED_IN_OWN_DATA, text } from './common.ts';

/** SPEC 3 notification_type: achievements get their own tab; everything else is general. */
export const NOTIFICATION_TYPES = ['achievement', 'general'] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/** SPEC 2 dropdown tabs: all, achievements, general. */
export const NOTIFICATION_FILTERS = ['all', ...NOTIFICATION_TYPES] as const;
export const NotificationFilterSchema = z.enum(NOTIFICATION_FILTERS);
export type NotificationFilter = z.infer<typeof NotificationFilterSchema>;

/** SPEC 9: 50 notifications fetched, the badge reads '9+' above 9, the list is 400 px high at most. */
export const NOTIFICATIONS_FETCH_LIMIT = 50;
export const NOTIFICATION_BADGE_MAX = 9;
export const NOTIFICATIONS_LIST_MAX_HEIGHT_PX = 400;

/** The space a notification belongs to (e.g. 'trainer'), so a screen can list or clear only its own. */
export const NotificationContextSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9_-]+$/);

/** What raised it, e.g. 'welcome' or SPEC 3's 'time_tracking_issue'. */
export const NotificationKindSchema = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9_]+$/);

/**
 * Where clicking leads: a path of this site only, since the web follows it; an absolute or
 * protocol-relative URL would make every notification a possible phishing link.
 */
export const NotificationActionUrlSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])\S*$/);

/** SPEC 3 notifications, as the owner reads them. */
export const NotificationSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  type: z.string(),
  notificationType: NotificationTypeSchema,
  title: z.string(),
  message: z.string(),
  actionUrl: z.string().nullable(),
  isRead: z.boolean(),
  context: z.string().nullable(),
  /** For type time_tracking_issue: studentId, studentName, studentEmail, issueType (SPEC 3). */
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** `type` filters on notification_type (SPEC 2 tabs); `context` narrows to one space. */
export const ListNotificationsQuerySchema = z.object({
  type: NotificationFilterSchema.default('all'),
  context: NotificationContextSchema.optional(),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuerySchema>;
export const NotificationListSchema = z.object({ items: z.array(NotificationSchema) });

export const UnreadNotificationsQuerySchema = z.object({ context: NotificationContextSchema.optional() });
export type UnreadNotificationsQuery = z.infer<typeof UnreadNotificationsQuerySchema>;
export const UnreadNotificationsCountSchema = z.object({ count: z.number().int().nonnegative() });

/** SPEC 4: mark every unread one read, optionally only one notification_type and one context. */
export const MarkAllNotificationsReadInputSchema = z.object({
  notificationType: NotificationTypeSchema.optional(),
  context: NotificationContextSchema.optional(),
});
export type MarkAllNotificationsReadInput = z.infer<typeof MarkAllNotificationsReadInputSchema>;
export const MarkAllNotificationsReadResultSchema = z.object({ updated: z.number().int().nonnegative() });

/**
 * A notification as another module raises it (jobs, services); not a route body: notifications are
 * written by the server for someone, never by that someone.
 */
export const NewNotificationSchema = z.object({
  type: NotificationKindSchema,
  notificationType: NotificationTypeSchema.default('general'),
  title: text(200),
  message: text(2000),
  actionUrl: NotificationActionUrlSchema.optional(),
  context: NotificationContextSchema.optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type NewNotification = z.input<typeof NewNotificationSchema>;

export const notificationRoutes = {
  /** Newest first, at most 50 (SPEC 7). */
  list: {
    method: 'GET',
    path: '/api/notifications',
    access: SIGNED_IN_OWN_DATA,
    query: ListNotificationsQuerySchema,
    response: NotificationListSchema,
  },
  unreadCount: {
    method: 'GET',
    path: '/api/notifications/unread-count',
    access: SIGNED_IN_OWN_DATA,
    query: UnreadNotificationsQuerySchema,
    response: UnreadNotificationsCountSchema,
  },
  /** One's own only: another person's id answers 404, like an unknown one. */
  markRead: {
    method: 'POST',
    path: '/api/notifications/:id/read',
    access: SIGNED_IN_OWN_DATA,
    params: IdParamsSchema,
    response: OkSchema,
  },
  markAllRead: {
    method: 'POST',
    path: '/api/notifications/read-all',
    access: SIGNED_IN_OWN_DATA,
    body: MarkAllNotificationsReadInputSchema,
    response: MarkAllNotificationsReadResultSchema,
  },
} as const satisfies Record<string, RouteContract>;
