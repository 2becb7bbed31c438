import { z } from 'zod';
import { AchievementNotificationMetadataSchema } from './achievements.ts';
import { CertificateKindSchema } from './certificates.ts';
import { IdParamsSchema, OkSchema, type RouteContract, SIGNED_IN_OWN_DATA } from './common.ts';
import { SUBMISSION_STATUSES } from './exercises.ts';
import { TimeTrackingIssueTypeSchema } from './time-tracking.ts';

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

/**
 * Where clicking leads: a path of this site only, since the web follows it; an absolute or
 * protocol-relative URL would make every notification a possible phishing link.
 */
export const NotificationActionUrlSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])\S*$/);

const name = z.string().max(200);
const title = z.string().max(300);

/**
 * What raised a notification and the data its text is written from. Notifications are stored as a
 * kind plus data and written in the reader's current language when they are read (issue 14): a
 * text stored at creation would stay in the language of whoever raised it.
 */
export const NOTIFICATION_KINDS = {
  /** A new organisation's staff: their space is ready. */
  welcome: z.object({ organizationName: name }),
  /** SPEC 3: staff hear about a student's time-tracking problem. */
  time_tracking_issue: z.object({
    studentId: z.string(),
    studentName: name,
    studentEmail: z.string().max(254),
    issueType: TimeTrackingIssueTypeSchema,
  }),
  achievement: AchievementNotificationMetadataSchema,
  exercise_submitted: z.object({ exerciseId: z.uuid(), exerciseTitle: title, studentName: name }),
  exercise_reviewed: z.object({
    exerciseId: z.uuid(),
    exerciseTitle: title,
    status: z.enum(SUBMISSION_STATUSES),
  }),
  /** To the organisation's trainers: a learner asked a question. */
  question_created: z.object({ questionId: z.uuid(), subject: title, studentName: name }),
  /** To the learner: a trainer replied to their question. */
  question_replied: z.object({ questionId: z.uuid(), subject: title, responderName: name }),
  /** To the trainer in charge: the learner added a reply to their own question. */
  student_reply_received: z.object({ questionId: z.uuid(), subject: title, studentName: name }),
  /** To a trainer: a question was assigned to them by someone else. */
  question_assigned: z.object({ questionId: z.uuid(), subject: title, assignedByName: name }),
  /** To a trainer named with @ in a forum post. */
  forum_mention: z.object({ threadId: z.uuid(), threadTitle: title, authorName: name }),
  /** To the author of a forum thread: someone replied. */
  forum_reply: z.object({ threadId: z.uuid(), threadTitle: title, authorName: name }),
  /** To the other side of a conversation: a new message. */
  message_received: z.object({ conversationId: z.uuid(), senderName: name }),
  /** To the learner: a certificate of theirs was issued (issue 15). */
  certificate_issued: z.object({ certificateId: z.uuid(), courseTitle: title, kind: CertificateKindSchema }),
  /** To a learner invited to a group session (issue 15). */
  group_session_scheduled: z.object({
    sessionId: z.uuid(),
    title,
    startsAt: z.iso.datetime({ offset: true }),
  }),
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** One (type, metadata) pair per kind, checked together. */
const kindVariants = NOTIFICATION_KIND_NAMES.map((kind) =>
  z.object({ type: z.literal(kind), metadata: NOTIFICATION_KINDS[kind] }),
) as unknown as [
  z.ZodObject<{ type: z.ZodLiteral<NotificationKind>; metadata: z.ZodType }>,
  ...z.ZodObject<{ type: z.ZodLiteral<NotificationKind>; metadata: z.ZodType }>[],
];
export type NotificationPayload = {
  [K in NotificationKind]: { type: K; metadata: z.infer<(typeof NOTIFICATION_KINDS)[K]> };
}[NotificationKind];
// Built from the table above, so zod cannot infer the pairs: the type says them.
export const NotificationPayloadSchema = z.discriminatedUnion(
  'type',
  kindVariants,
) as unknown as z.ZodType<NotificationPayload>;

/** The tab a kind shows under (SPEC 2): badges under achievements, everything else general. */
export const notificationTypeOf = (kind: NotificationKind): NotificationType =>
  kind === 'achievement' ? 'achievement' : 'general';

/** What every notification carries besides its kind's pair. */
const NotificationFieldsSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  notificationType: NotificationTypeSchema,
  actionUrl: z.string().nullable(),
  isRead: z.boolean(),
  context: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/**
 * SPEC 3 notifications, as the owner reads them; the web writes title and message from the kind.
 * One object per kind, its fields and its pair together: zod picks it by `type`, where the fields
 * intersected with the pairs' union checked each notification twice and merged the halves (issue
 * 12: a list of 20 took the server 130 µs to check and write, 75 µs this way).
 */
export const NotificationSchema = z.discriminatedUnion(
  'type',
  kindVariants.map((variant) =>
    NotificationFieldsSchema.extend(variant.shape),
  ) as unknown as typeof kindVariants,
) as unknown as z.ZodType<Notification>;
export type Notification = {
  id: string;
  userId: string;
  notificationType: NotificationType;
  actionUrl: string | null;
  isRead: boolean;
  context: string | null;
  createdAt: string;
} & NotificationPayload;

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
export type NewNotification = NotificationPayload & {
  actionUrl?: string;
  context?: string;
};

/**
 * The live stream (Server-Sent Events): a signed-in person's tabs hear `notification` events, each
 * naming the kind of a notification just written for them (`LiveNotificationEvent`), and fetch the
 * rest through the API. Not a RouteContract: its answer is a stream, not a JSON body.
 */
export const LIVE_STREAM = { method: 'GET', path: '/api/live', access: SIGNED_IN_OWN_DATA } as const;
export const LIVE_NOTIFICATION_EVENT = 'notification';
export const LiveNotificationEventSchema = z.object({
  type: z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]),
});
export type LiveNotificationEvent = z.infer<typeof LiveNotificationEventSchema>;

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
