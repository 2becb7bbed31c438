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
export const WEEKLY_GOAL_HOURS = 20;
export const MAX_SESSION_SECONDS = 28800;
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
