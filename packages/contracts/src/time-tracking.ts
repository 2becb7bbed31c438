import { z } from 'zod';
import { OkSchema, ORGANIZATION_STAFF, type RouteContract, STUDENT_OWN_DATA, text } from './common.ts';
import { MAX_SESSION_SECONDS, WEEKLY_GOAL_HOURS } from './constants.ts';
import { UserIdSchema } from './courses.ts';
import { PaginationQuerySchema, paginated } from './pagination.ts';

// ---------------------------------------------------------------------------------------------
// Time tracking (SPEC 3 user_time_tracking and user_total_time, SPEC 4, 5, 8, 9). How client and
// server counts are reconciled is written in docs/time-tracking.md: the client counts active
// seconds, the server bounds every increase by its own clock, totals grow only when a session closes.
// ---------------------------------------------------------------------------------------------

/** Weeks and days of the learner's totals are those of France (Monday to Sunday). */
export const TIME_TRACKING_TIME_ZONE = 'Europe/Paris';

/** SPEC 3: the learner's browser database for sessions that could not be saved. */
export const TIME_TRACKING_OFFLINE_DB = {
  name: 'time-tracking-offline',
  version: 1,
  stores: { localTime: 'localTime', pendingSessions: 'pendingSessions' },
} as const;

/** SPEC 8 time-tracking issue types: each is logged, notified to the organisation's staff, and alerted where SPEC 9 says. */
export const TIME_TRACKING_ISSUE_TYPES = [
  'session_creation_failed',
  'sync_error',
  'session_stuck',
  'session_end_failed',
  'update_failed',
  'time_mismatch',
  'duplicate_tracking',
] as const;
export const TimeTrackingIssueTypeSchema = z.enum(TIME_TRACKING_ISSUE_TYPES);
export type TimeTrackingIssueType = z.infer<typeof TimeTrackingIssueTypeSchema>;

/** The notification type staff receive (SPEC 3), with metadata studentId, studentName, studentEmail, issueType. */
export const TIME_TRACKING_NOTIFICATION_TYPE = 'time_tracking_issue';

/** Seconds of tracked time: whole, never negative, never beyond the maximum session (SPEC 9). */
export const SessionSecondsSchema = z.number().int().min(0).max(MAX_SESSION_SECONDS);
const seconds = () => z.number().int().min(0);
const isoDateTime = () => z.iso.datetime({ offset: true });

/** SPEC 3 user_time_tracking, as its learner and their trainers read it. */
export const TimeSessionSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  /** The formation open while the time was tracked, when the client said so. */
  courseId: z.uuid().nullable(),
  sessionStart: z.iso.datetime(),
  /** Null while the session is open. */
  sessionEnd: z.iso.datetime().nullable(),
  durationSeconds: SessionSecondsSchema,
  /** The server's time of the last heartbeat: a dead tab's session is closed here, not at "now". */
  lastActivityAt: z.iso.datetime(),
});
export type TimeSession = z.infer<typeof TimeSessionSchema>;

/** SPEC 3 user_total_time: closed sessions only; hours and the minutes left over. */
export const TotalTimeSchema = z.object({
  totalTimeSeconds: seconds(),
  totalHours: seconds(),
  remainingMinutes: z.number().int().min(0).max(59),
  updatedAt: z.iso.datetime().nullable(),
});
export type TotalTime = z.infer<typeof TotalTimeSchema>;

export const StartTimeSessionInputSchema = z.object({ courseId: z.uuid().optional() });
export type StartTimeSessionInput = z.infer<typeof StartTimeSessionInputSchema>;

// ---------------------------------------------------------------------------------------------
// Offline time (issue 11). Time the server did not see is credited only inside what it knew: a
// lease it issued while the learner was online, a bounded window after it, never before the
// enrolment, never over time already counted, and at most a daily ceiling. docs/time-tracking.md.
// ---------------------------------------------------------------------------------------------

/**
 * How long after its issue a lease covers offline time: a whole day without a connection (a day
 * of travel, or of training on a site without coverage) and the night before the next one. A
 * browser out of contact for longer cannot show when its time was spent. A lease also ends when
 * the next one is issued or the session is ended online: the learner was seen then.
 */
export const OFFLINE_LEASE_WINDOW_SECONDS = 24 * 3600;

/**
 * The most offline time credited to a learner per Paris day (sessions counted on the day they
 * start). Half the 8 h maximum session (SPEC 9) and more than a half training day (3.5 h): the
 * unplugged stretch of a real day fits; a day made of invented time does not. A session that would
 * pass it is refused whole and alerted, so staff look at it rather than the ledger trimming it.
 */
export const OFFLINE_DAILY_LIMIT_SECONDS = 4 * 3600;

/**
 * Issued by `sessions/start` while the learner is online: offline sessions must name it. Bound to
 * the learner (and their organisation) and to the formation the session was started on, if any.
 * It covers `issuedAt` to `expiresAt`; time it credited cannot be credited again under it.
 */
export const OfflineLeaseSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid().nullable(),
  issuedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type OfflineLease = z.infer<typeof OfflineLeaseSchema>;

/** Where a session's time comes from: seen by the server while online, or declared after an offline stretch. */
export const TIME_SESSION_SOURCES = ['online', 'offline'] as const;
export const TimeSessionSourceSchema = z.enum(TIME_SESSION_SOURCES);
export type TimeSessionSource = z.infer<typeof TimeSessionSourceSchema>;

/**
 * SPEC 4 start: the newest open session under the maximum age is resumed (`resumed`); older open
 * sessions are closed at their last activity, and extra ones as duplicates (`closedSessionIds`).
 * Every start issues a fresh offline lease and ends the learner's earlier ones.
 */
export const StartTimeSessionResultSchema = z.object({
  session: TimeSessionSchema,
  resumed: z.boolean(),
  closedSessionIds: z.array(z.uuid()),
  offlineLease: OfflineLeaseSchema,
});
export type StartTimeSessionResult = z.infer<typeof StartTimeSessionResultSchema>;

/** What the client counted in this session (active seconds, pauses excluded). */
export const HeartbeatInputSchema = z.object({
  elapsedSeconds: SessionSecondsSchema,
  courseId: z.uuid().nullable().optional(),
});
export type HeartbeatInput = z.infer<typeof HeartbeatInputSchema>;

/**
 * `isOpen` false: the session was closed meanwhile (reset, ended in another tab, closed by the
 * integrity job) and nothing was recorded; the client starts a new one. `maxReached`: the session
 * hit 28,800 s and was closed by this call (SPEC 4: it stops by itself).
 */
export const HeartbeatResultSchema = z.object({
  id: z.uuid(),
  durationSeconds: SessionSecondsSchema,
  lastActivityAt: z.iso.datetime(),
  isOpen: z.boolean(),
  maxReached: z.boolean(),
});
export type HeartbeatResult = z.infer<typeof HeartbeatResultSchema>;

export const EndTimeSessionInputSchema = z.object({ elapsedSeconds: SessionSecondsSchema });
export type EndTimeSessionInput = z.infer<typeof EndTimeSessionInputSchema>;

/** Ending twice is harmless: `alreadyEnded` and the totals unchanged. */
export const EndTimeSessionResultSchema = z.object({
  session: TimeSessionSchema,
  alreadyEnded: z.boolean(),
  totals: TotalTimeSchema,
});
export type EndTimeSessionResult = z.infer<typeof EndTimeSessionResultSchema>;

export const TimeSessionListSchema = z.object({ items: z.array(TimeSessionSchema) });

/**
 * SPEC 3 pendingSessions entry as sent to the server: its client id makes a replay harmless. The
 * id of a session the server opened (that could not be ended while offline) closes that session at
 * its last activity; any other id is offline time, credited only under `leaseId`.
 */
export const PendingSessionSchema = z.object({
  id: z.uuid(),
  sessionStart: isoDateTime(),
  sessionEnd: isoDateTime(),
  durationSeconds: SessionSecondsSchema,
  courseId: z.uuid().optional(),
  /** The offline lease held when the time was counted; required for a session the server never saw. */
  leaseId: z.uuid().optional(),
});
export type PendingSession = z.infer<typeof PendingSessionSchema>;

export const SYNC_BATCH_MAX = 100;
export const SyncPendingSessionsInputSchema = z.object({
  sessions: z.array(PendingSessionSchema).min(1).max(SYNC_BATCH_MAX),
});
export type SyncPendingSessionsInput = z.infer<typeof SyncPendingSessionsInputSchema>;

/**
 * Why an offline session was refused (nothing of it is counted, and the client drops it):
 * - `overlapping` another recorded session (its time would count twice);
 * - `invalid`: ends before it starts, ends in the future, or lasts longer than its span or 28,800 s;
 * - `id_conflict`: the id belongs to someone else's session;
 * - `no_lease`: names no lease, or one that is not this learner's, or one issued for another formation;
 * - `outside_lease`: not inside its lease's window, or before time the lease already credited;
 * - `before_enrollment`: starts before the learner's enrolment in its formation;
 * - `daily_limit`: would take the learner's offline time that Paris day past OFFLINE_DAILY_LIMIT_SECONDS;
 * - `unseen_time`: a session the server opened claims more than it recorded by its last activity;
 *   it is closed there with what was recorded, and the rest must come as offline time.
 */
export const SYNC_REJECTIONS = [
  'overlapping',
  'invalid',
  'id_conflict',
  'no_lease',
  'outside_lease',
  'before_enrollment',
  'daily_limit',
  'unseen_time',
] as const;
export const SyncRejectionSchema = z.enum(SYNC_REJECTIONS);
export type SyncRejection = z.infer<typeof SyncRejectionSchema>;

/**
 * Per entry: `synced` (counted now), `duplicate` (already counted), `rejected` (with its reason).
 * The client marks every answered entry synced: a refusal would be refused again.
 */
export const SyncPendingSessionsResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.uuid(),
      status: z.enum(['synced', 'duplicate', 'rejected']),
      reason: SyncRejectionSchema.optional(),
    }),
  ),
  totals: TotalTimeSchema,
});
export type SyncPendingSessionsResult = z.infer<typeof SyncPendingSessionsResultSchema>;

/** Today and this week in Europe/Paris (weeks start on Monday), each session counted on the day it started. */
export const MyTimeSchema = z.object({
  todaySeconds: seconds(),
  weekSeconds: seconds(),
  /** Closed sessions (user_total_time) plus what the open session has recorded so far. */
  totalSeconds: seconds(),
  openSessionSeconds: seconds(),
  weekStartsAt: z.iso.datetime(),
  timeZone: z.literal(TIME_TRACKING_TIME_ZONE),
});
export type MyTime = z.infer<typeof MyTimeSchema>;

/** SPEC 5 check: the client's local count of its session against the server's. */
export const TimeCheckInputSchema = z.object({
  sessionId: z.uuid(),
  localElapsedSeconds: SessionSecondsSchema,
});
export type TimeCheckInput = z.infer<typeof TimeCheckInputSchema>;

export const TimeCheckResultSchema = z.object({
  serverSeconds: SessionSecondsSchema,
  differenceSeconds: seconds(),
  /** Gap of 30 s or less. */
  isConsistent: z.boolean(),
  openSessionCount: seconds(),
  /** More than one open session (SPEC 5: invalid). */
  hasDuplicateSessions: z.boolean(),
  /** total_time_seconds off hours*3600+minutes*60 by more than 60 s; the totals were repaired. */
  isTotalCorrupted: z.boolean(),
  issues: z.array(TimeTrackingIssueTypeSchema),
});
export type TimeCheckResult = z.infer<typeof TimeCheckResultSchema>;

/** A failure the learner's client met (e.g. its start request failed while offline), reported once it can. */
export const ReportTimeIssueInputSchema = z.object({
  issueType: TimeTrackingIssueTypeSchema,
  message: text(500).optional(),
  sessionId: z.uuid().optional(),
});
export type ReportTimeIssueInput = z.infer<typeof ReportTimeIssueInputSchema>;

export const StudentParamsSchema = z.object({ userId: UserIdSchema });

/** SPEC 4 reset of the current session: open sessions closed with duration 0. */
export const ResetSessionResultSchema = z.object({ closedSessionCount: seconds() });
/** SPEC 4 and 7 update-total-time with action reset: totals to 0, session rows deleted. */
export const ResetTotalResultSchema = z.object({
  success: z.literal(true),
  deletedSessionCount: seconds(),
  totals: TotalTimeSchema,
});

// ---------------------------------------------------------------------------------------------
// Weekly goal, set per organisation
// ---------------------------------------------------------------------------------------------

export const WEEKLY_GOAL_MAX_HOURS = 80;
export const TimeTrackingSettingsSchema = z.object({
  organizationId: z.uuid(),
  /** SPEC 9: 20 h unless the organisation set another goal. */
  weeklyGoalHours: z.number().int().min(1).max(WEEKLY_GOAL_MAX_HOURS),
});
export type TimeTrackingSettings = z.infer<typeof TimeTrackingSettingsSchema>;
export const DEFAULT_TIME_TRACKING_SETTINGS = { weeklyGoalHours: WEEKLY_GOAL_HOURS } as const;

/** Admins name the organisation; trainers get their own. */
export const TimeTrackingSettingsQuerySchema = z.object({ organizationId: z.uuid().optional() });
export const UpdateTimeTrackingSettingsInputSchema = z.object({
  weeklyGoalHours: z.number().int().min(1).max(WEEKLY_GOAL_MAX_HOURS),
  organizationId: z.uuid().optional(),
});
export type UpdateTimeTrackingSettingsInput = z.infer<typeof UpdateTimeTrackingSettingsInputSchema>;

// ---------------------------------------------------------------------------------------------
// 'Mon Suivi' (/dashboard)
// ---------------------------------------------------------------------------------------------

/** Days without activity after which an unfinished formation is a high-priority recommendation. */
export const UNTOUCHED_FORMATION_DAYS = 7;
/** Progress from which an unfinished formation is 'almost complete'. */
export const ALMOST_COMPLETE_PROGRESS = 80;

export const RECOMMENDATION_PRIORITIES = ['high', 'medium', 'low'] as const;
export const RecommendationPrioritySchema = z.enum(RECOMMENDATION_PRIORITIES);

/**
 * The rules, documented in docs/time-tracking.md: high `formation_untouched` (unfinished, no
 * activity for 7 days); medium `weekly_goal_behind` (less time this week than the goal's share of
 * the days already past) and `formation_not_started` (enrolled under 7 days ago, no lesson done);
 * low `formation_almost_complete` (80 % or more, not finished).
 */
export const RECOMMENDATION_RULES = [
  'formation_untouched',
  'weekly_goal_behind',
  'formation_not_started',
  'formation_almost_complete',
] as const;
export const RecommendationRuleSchema = z.enum(RECOMMENDATION_RULES);
export type RecommendationRule = z.infer<typeof RecommendationRuleSchema>;

export const RecommendationSchema = z.object({
  rule: RecommendationRuleSchema,
  priority: RecommendationPrioritySchema,
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  /** Days since the formation's last activity (formation_untouched), seconds behind (weekly_goal_behind). */
  value: z.number().int().min(0).nullable(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

export const DashboardCourseSchema = z.object({
  courseId: z.uuid(),
  title: z.string(),
  progress: z.number().int().min(0).max(100),
  completedLessons: seconds(),
  totalLessons: seconds(),
  /** Latest lesson completed or time tracked on it; null when nothing happened yet. */
  lastActivityAt: z.iso.datetime().nullable(),
});
export type DashboardCourse = z.infer<typeof DashboardCourseSchema>;

export const MyDashboardSchema = z.object({
  time: MyTimeSchema,
  weeklyGoal: z.object({
    goalHours: z.number().int().min(1),
    goalSeconds: seconds(),
    doneSeconds: seconds(),
    /** Share of the goal done this week, 0 to 100 (capped). */
    progressPercent: z.number().int().min(0).max(100),
    /** The goal's share of the days of the week already past (Monday: 0). */
    expectedSecondsByNow: seconds(),
  }),
  /** Mean progress of every formation of the learner (active and completed), 0 without any. */
  progressionScore: z.number().int().min(0).max(100),
  activeCourses: z.array(DashboardCourseSchema),
  completedCourses: z.array(DashboardCourseSchema),
  /** High first, then medium, then low. */
  recommendations: z.array(RecommendationSchema),
});
export type MyDashboard = z.infer<typeof MyDashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Connection logs (/trainer/connection-logs)
// ---------------------------------------------------------------------------------------------

/** The newest sign-ins and sessions shown for a learner whose details are opened (the CSV export holds them all). */
export const CONNECTION_LOG_ENTRIES_PER_STUDENT = 100;

/**
 * The longest period one request reads, in days, bounds included: a year covers a training
 * programme and a funder's yearly control, and keeps one answer (an admin's, over every
 * organisation) to a bounded slice of the ledger; longer audits export year by year.
 */
export const CONNECTION_LOG_MAX_RANGE_DAYS = 366;
/** Without `from`, the period is the last 31 days up to `to` (today, without `to`). */
export const CONNECTION_LOG_DEFAULT_RANGE_DAYS = 31;

/** Days from `from` to `to`, both counted ('YYYY-MM-DD'; calendar days, so time zones do not matter). */
export function countDaysInRange(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

/**
 * Filters: a learner, a formation (sessions tracked on it, and only learners who have some), and
 * days `from`/`to` (inclusive, Europe/Paris; at most CONNECTION_LOG_MAX_RANGE_DAYS, the last 31
 * days when left out). Admins may narrow to one organisation; trainers always get their own.
 */
const connectionLogFilterFields = {
  studentId: UserIdSchema.optional(),
  courseId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  organizationId: z.uuid().optional(),
};
type DateRefinement = [
  (value: { from?: string; to?: string }) => boolean,
  { message: string; path: string[] },
];
const datesInOrder: DateRefinement = [
  (value) => !value.from || !value.to || value.from <= value.to,
  { message: 'from must not be after to', path: ['to'] },
];
const rangeWithinCap: DateRefinement = [
  (value) =>
    !value.from || !value.to || countDaysInRange(value.from, value.to) <= CONNECTION_LOG_MAX_RANGE_DAYS,
  { message: 'DATE_RANGE_TOO_LONG', path: ['from'] },
];
export const ConnectionLogFiltersSchema = z
  .object(connectionLogFilterFields)
  .refine(...datesInOrder)
  .refine(...rangeWithinCap);
export type ConnectionLogFilters = z.infer<typeof ConnectionLogFiltersSchema>;
export const ConnectionLogQuerySchema = PaginationQuerySchema.extend(connectionLogFilterFields)
  .refine(...datesInOrder)
  .refine(...rangeWithinCap);
export type ConnectionLogQuery = z.input<typeof ConnectionLogQuerySchema>;
/** One learner's entries: the same filters, the learner in the path. */
export const ConnectionLogEntriesQuerySchema = z
  .object({ ...connectionLogFilterFields, studentId: z.undefined().optional() })
  .refine(...datesInOrder)
  .refine(...rangeWithinCap);
export type ConnectionLogEntriesQuery = z.input<typeof ConnectionLogEntriesQuerySchema>;

export const SignInEntrySchema = z.object({
  at: z.iso.datetime(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const TrackedSessionEntrySchema = z.object({
  id: z.uuid(),
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  sessionStart: z.iso.datetime(),
  sessionEnd: z.iso.datetime().nullable(),
  durationSeconds: SessionSecondsSchema,
  /** 'offline': declared by the browser after an offline stretch, under a lease; not seen live. */
  source: TimeSessionSourceSchema,
});

export const StudentConnectionLogSchema = z.object({
  studentId: z.string(),
  fullName: z.string(),
  email: z.string(),
  signInCount: seconds(),
  sessionCount: seconds(),
  totalSeconds: seconds(),
});
export type StudentConnectionLog = z.infer<typeof StudentConnectionLogSchema>;

/**
 * A learner's newest sign-ins and sessions of the period, newest first, at most
 * CONNECTION_LOG_ENTRIES_PER_STUDENT of each: read when their details are opened, so the list
 * itself carries counts only (issue 12: a page of twenty learners was over 100 KB).
 */
export const StudentConnectionLogEntriesSchema = z.object({
  signIns: z.array(SignInEntrySchema),
  sessions: z.array(TrackedSessionEntrySchema),
  /** A session of theirs is open now, whatever the period: what a reset of the session would close. */
  hasOpenSession: z.boolean(),
});
export type StudentConnectionLogEntries = z.infer<typeof StudentConnectionLogEntriesSchema>;

export const ConnectionLogsSchema = paginated(StudentConnectionLogSchema).extend({
  /** The days read, bounds included: the filters', or the defaults put in their place. */
  period: z.object({ from: z.iso.date(), to: z.iso.date() }),
  totals: z.object({
    studentCount: seconds(),
    signInCount: seconds(),
    sessionCount: seconds(),
    totalSeconds: seconds(),
  }),
});
export type ConnectionLogs = z.infer<typeof ConnectionLogsSchema>;

// ---------------------------------------------------------------------------------------------
// Routes. Learner routes are for students (admins pass every guard) of an organisation
// (NO_ORGANIZATION otherwise); a session of someone else answers 404 like an unknown one.
// ---------------------------------------------------------------------------------------------

export const timeTrackingRoutes = {
  start: {
    method: 'POST',
    path: '/api/time-tracking/sessions/start',
    access: STUDENT_OWN_DATA,
    body: StartTimeSessionInputSchema,
    response: StartTimeSessionResultSchema,
  },
  /** SPEC 7 'select open sessions by user'. */
  listOpen: {
    method: 'GET',
    path: '/api/time-tracking/sessions/open',
    access: STUDENT_OWN_DATA,
    response: TimeSessionListSchema,
  },
  heartbeat: {
    method: 'POST',
    path: '/api/time-tracking/sessions/:id/heartbeat',
    access: STUDENT_OWN_DATA,
    params: z.object({ id: z.uuid() }),
    body: HeartbeatInputSchema,
    response: HeartbeatResultSchema,
  },
  /** Closes the session and adds its duration to user_total_time in one transaction (update-total-time). */
  end: {
    method: 'POST',
    path: '/api/time-tracking/sessions/:id/end',
    access: STUDENT_OWN_DATA,
    params: z.object({ id: z.uuid() }),
    body: EndTimeSessionInputSchema,
    response: EndTimeSessionResultSchema,
  },
  sync: {
    method: 'POST',
    path: '/api/time-tracking/sessions/sync',
    access: STUDENT_OWN_DATA,
    body: SyncPendingSessionsInputSchema,
    response: SyncPendingSessionsResultSchema,
  },
  myTime: {
    method: 'GET',
    path: '/api/time-tracking/me',
    access: STUDENT_OWN_DATA,
    response: MyTimeSchema,
  },
  dashboard: {
    method: 'GET',
    path: '/api/time-tracking/dashboard',
    access: STUDENT_OWN_DATA,
    response: MyDashboardSchema,
  },
  check: {
    method: 'POST',
    path: '/api/time-tracking/check',
    access: STUDENT_OWN_DATA,
    body: TimeCheckInputSchema,
    response: TimeCheckResultSchema,
  },
  reportIssue: {
    method: 'POST',
    path: '/api/time-tracking/issues',
    access: STUDENT_OWN_DATA,
    body: ReportTimeIssueInputSchema,
    response: OkSchema,
  },
  /** Trainers (of the learner's organisation) and admins; gate 'manage:time-tracking'. */
  resetSession: {
    method: 'POST',
    path: '/api/time-tracking/students/:userId/reset-session',
    access: ORGANIZATION_STAFF,
    params: StudentParamsSchema,
    response: ResetSessionResultSchema,
  },
  /** Admins only; gate 'reset:time-tracking' (SPEC 6: 'reset:' is never a trainer's). */
  resetTotal: {
    method: 'POST',
    path: '/api/time-tracking/students/:userId/reset-total',
    access: { roles: ['admin'], scope: 'organization' },
    params: StudentParamsSchema,
    response: ResetTotalResultSchema,
  },
  getSettings: {
    method: 'GET',
    path: '/api/time-tracking/settings',
    access: ORGANIZATION_STAFF,
    query: TimeTrackingSettingsQuerySchema,
    response: TimeTrackingSettingsSchema,
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/time-tracking/settings',
    access: ORGANIZATION_STAFF,
    body: UpdateTimeTrackingSettingsInputSchema,
    response: TimeTrackingSettingsSchema,
  },
  /** Trainers and admins; gate 'view:connection-logs'. */
  connectionLogs: {
    method: 'GET',
    path: '/api/time-tracking/connection-logs',
    access: ORGANIZATION_STAFF,
    query: ConnectionLogQuerySchema,
    response: ConnectionLogsSchema,
  },
  /** One learner of the list's scope (USER_NOT_FOUND otherwise); gate 'view:connection-logs'. */
  connectionLogEntries: {
    method: 'GET',
    path: '/api/time-tracking/connection-logs/learners/:studentId',
    access: ORGANIZATION_STAFF,
    params: z.object({ studentId: UserIdSchema }),
    query: ConnectionLogEntriesQuerySchema,
    response: StudentConnectionLogEntriesSchema,
  },
  /**
   * The same filters as a CSV file for auditors: UTF-8 with a byte-order mark, ';' separators
   * (French Excel), headers in the requester's language, durations as hh:mm:ss, times in Paris,
   * offline sessions labelled as such. Streamed, learners read in batches.
   */
  exportConnectionLogs: {
    method: 'GET',
    path: '/api/time-tracking/connection-logs/export',
    access: ORGANIZATION_STAFF,
    query: ConnectionLogFiltersSchema,
    response: z.string(),
  },
} as const satisfies Record<string, RouteContract>;
