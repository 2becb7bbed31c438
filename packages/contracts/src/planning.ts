import { z } from 'zod';
import {
  hasNoNul,
  IdParamsSchema,
  NO_NUL,
  OkSchema,
  ORGANIZATION_STAFF,
  type RouteContract,
  SIGNED_IN_OWN_DATA,
} from './common.ts';
import {
  GROUP_SESSION_DURATION_MAX,
  GROUP_SESSION_DURATION_MIN,
  GroupSessionTimingSchema,
} from './group-sessions.ts';

/**
 * The longest period one calendar request covers: a month view shows six weeks, and a few days
 * more keep the agenda of a long month in one answer.
 */
export const PLANNING_MAX_RANGE_DAYS = 62;

/**
 * Why the calendar will not move a session by dragging it (issue 16 point 7): a signed attendance
 * sheet is evidence of when it took place, and a session that has begun is history.
 */
export const PLANNING_SESSION_LOCKS = ['signed', 'started'] as const;
export const PlanningSessionLockSchema = z.enum(PLANNING_SESSION_LOCKS);
export type PlanningSessionLock = z.infer<typeof PlanningSessionLockSchema>;

const PersonIdSchema = z.string().trim().min(1).max(100).refine(hasNoNul, NO_NUL);

const DAY_MS = 24 * 60 * 60 * 1000;

export const PlanningCalendarQuerySchema = z
  .object({
    /** The first instant shown (the view's start, with its offset). */
    from: z.iso.datetime({ offset: true }),
    /** The instant after the last one shown. */
    to: z.iso.datetime({ offset: true }),
    courseId: z.uuid().optional(),
    /** The trainer who runs the sessions (and created the formations). */
    trainerId: PersonIdSchema.optional(),
  })
  .refine((value) => Date.parse(value.from) < Date.parse(value.to), {
    message: 'from must be before to',
    path: ['to'],
  })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) <= PLANNING_MAX_RANGE_DAYS * DAY_MS, {
    message: 'DATE_RANGE_TOO_LONG',
    path: ['from'],
  });
export type PlanningCalendarQuery = z.input<typeof PlanningCalendarQuerySchema>;

/** A group session as the calendar shows it. */
export const PlanningSessionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  durationMinutes: z.number().int().min(1),
  location: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  trainerId: z.string().nullable(),
  trainerName: z.string().nullable(),
  participantCount: z.number().int().min(0),
  timing: GroupSessionTimingSchema,
  /** Set when the session cannot be rescheduled from the calendar, and why. */
  lock: PlanningSessionLockSchema.nullable(),
});
export type PlanningSession = z.infer<typeof PlanningSessionSchema>;

/** A formation's dates, shown as an all-day span (both days included). */
export const PlanningFormationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  startsOn: z.iso.date(),
  endsOn: z.iso.date(),
  status: z.enum(['published', 'draft']),
});
export type PlanningFormation = z.infer<typeof PlanningFormationSchema>;

export const PlanningCalendarSchema = z.object({
  sessions: z.array(PlanningSessionSchema),
  formations: z.array(PlanningFormationSchema),
});
export type PlanningCalendar = z.infer<typeof PlanningCalendarSchema>;

/** What the calendar's filters offer: the organisation's formations and trainers. */
export const PlanningFiltersSchema = z.object({
  courses: z.array(z.object({ id: z.uuid(), title: z.string() })),
  trainers: z.array(z.object({ id: z.string(), fullName: z.string() })),
});
export type PlanningFilters = z.infer<typeof PlanningFiltersSchema>;

/** A new start and length for a session: dragged, resized or typed in. */
export const RescheduleSessionInputSchema = z.object({
  meetingDate: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int().min(GROUP_SESSION_DURATION_MIN).max(GROUP_SESSION_DURATION_MAX),
});
export type RescheduleSessionInput = z.infer<typeof RescheduleSessionInputSchema>;

/**
 * The caller's private calendar subscription: `url` is null until they create one. The token in it
 * is a secret (whoever holds the URL reads the calendar); resetting it makes the old URL stop working.
 */
export const CalendarFeedSchema = z.object({
  url: z.string().nullable(),
  createdAt: z.iso.datetime().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** Feed tokens: 32 bytes in base64url. */
export const CALENDAR_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const CalendarFeedParamsSchema = z.object({
  token: z.string().regex(CALENDAR_FEED_TOKEN_PATTERN, { message: 'invalid token' }),
});

export const planningRoutes = {
  calendar: {
    method: 'GET',
    path: '/api/trainer/planning',
    access: ORGANIZATION_STAFF,
    query: PlanningCalendarQuerySchema,
    response: PlanningCalendarSchema,
  },
  filters: {
    method: 'GET',
    path: '/api/trainer/planning/filters',
    access: ORGANIZATION_STAFF,
    response: PlanningFiltersSchema,
  },
  /**
   * Moves or resizes a session through the group-sessions module (its rules and its emails to the
   * learners apply), refused for a signed or started session and for a start in the past.
   */
  reschedule: {
    method: 'PATCH',
    path: '/api/trainer/planning/sessions/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: RescheduleSessionInputSchema,
    response: PlanningSessionSchema,
  },
  getFeed: {
    method: 'GET',
    path: '/api/planning/feed',
    access: SIGNED_IN_OWN_DATA,
    response: CalendarFeedSchema,
  },
  /** Creates the subscription URL, or replaces it: the previous one stops working at once. */
  resetFeed: {
    method: 'POST',
    path: '/api/planning/feed',
    access: SIGNED_IN_OWN_DATA,
    response: CalendarFeedSchema,
  },
  removeFeed: {
    method: 'DELETE',
    path: '/api/planning/feed',
    access: SIGNED_IN_OWN_DATA,
    response: OkSchema,
  },
} as const satisfies Record<string, RouteContract>;

/**
 * The iCalendar feed calendar apps subscribe to: public, the token in the path is the secret
 * (rate limited per IP and per token). Answered as text/calendar, outside the JSON contracts.
 */
export const calendarFeedIcsRoute = {
  method: 'GET',
  path: '/api/planning/feed/:token.ics',
  access: 'public',
  params: CalendarFeedParamsSchema,
} as const;
