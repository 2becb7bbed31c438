const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * For the demo seeds: `days` from `now`'s day at `hour`:`minute` UTC, so that what the demo dates
 * falls at a believable hour in Paris (office hours, an evening's study) rather than at the seed's
 * own time of day.
 */
export function demoTime(now: Date, days: number, hour: number, minute = 0): Date {
  const day = new Date(now.getTime() + days * DAY_MS);
  day.setUTCHours(hour, minute, 0, 0);
  return day;
}
