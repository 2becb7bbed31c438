/** SPEC 9 business constants and limits. */
export const SUPPORT_HOURS = { days: 'monday-friday', opens: '09:00', closes: '18:00' } as const;
export const ROLE_CACHE_MS = 5 * 60 * 1000;
export const SMART_REDIRECT_WAIT_MS = 3000;
export const SIGN_UP_REDIRECT_DELAY_MS = 1500;
export const MOBILE_BREAKPOINT_PX = 768;
export const QUERY_CACHE = { staleTimeMs: 5 * 60 * 1000, gcTimeMs: 10 * 60 * 1000, retry: 1 } as const;
export const TOASTS = {
  defaultMs: 4000,
  errorMs: 4000,
  successMs: 2000,
  infoMs: 3000,
  maxVisible: 3,
  maxInList: 5,
  widthPx: 356,
  dedupeWindowMs: 3000,
} as const;
/** SPEC 9: the weekly learning goal when the organisation sets none. */
export const WEEKLY_GOAL_HOURS = 20;
/** SPEC 9: a tracked session never exceeds 8 h. */
export const MAX_SESSION_SECONDS = 28800;
/**
 * SPEC 5 and 9 time tracking. The server applies the integrity thresholds; the learner's client
 * the timers (idle dialog, tab-hidden pause, cross-tab election, offline store).
 */
export const TIME_TRACKING = {
  /** A gap over 30 s between the client's and the server's count is inconsistent (SPEC 5). */
  toleranceSeconds: 30,
  /** A gap over 300 s also raises a system alert. */
  alertThresholdSeconds: 300,
  /** More than 1 open session is invalid; more than 3 raises a system alert. */
  maxOpenSessions: 1,
  duplicateAlertThreshold: 3,
  /** total_time_seconds may differ from hours*3600+minutes*60 by 60 s (the dropped seconds). */
  corruptionToleranceSeconds: 60,
  integrityCheckIntervalMs: 60 * 60 * 1000,
  localSaveIntervalMs: 30_000,
  tabHiddenGraceMs: 120_000,
  /** Idle timeout: 1 h plus a random part of up to 1 h, drawn again after each confirmation. */
  idleTimeoutMinMs: 60 * 60 * 1000,
  idleTimeoutMaxMs: 2 * 60 * 60 * 1000,
  idleCountdownSeconds: 300,
  crossTabHeartbeatMs: 5000,
  crossTabForgetMs: 15_000,
  sessionVerifyIntervalMs: 10_000,
  leaderCheckIntervalMs: 10_000,
  cleanupDelayMs: 2000,
  authCheckDelayMs: 5000,
  offlinePurgeAfterMs: 7 * 24 * 60 * 60 * 1000,
  offlineCleanupIntervalMs: 24 * 60 * 60 * 1000,
} as const;
/**
 * SPEC 4 and 9 top bar: expanded under 50 px of scroll, hidden beyond 200 px scrolling down,
 * collapsed scrolling up; on desktop it collapses after 30 s without activity, and activity
 * re-expands it once the collapse is 2 s old (the grace keeps the move that follows it from undoing it).
 */
export const TOP_BAR = {
  expandedBelowPx: 50,
  hiddenBeyondPx: 200,
  autoCollapseMs: 30_000,
  reExpandGraceMs: 2000,
} as const;
