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

/**
 * As demoTime, on a working day: what a training organisation holds (a session, a class, a
 * deadline) moves off a weekend, to the Monday after for what is to come, to the Friday before for
 * what is past, so a seed run on a Sunday does not hold a workshop that day.
 */
export function demoWorkday(now: Date, days: number, hour: number, minute = 0): Date {
  const at = demoTime(now, days, hour, minute);
  const weekday = at.getUTCDay();
  if (weekday !== 0 && weekday !== 6) return at;
  const shift = days >= 0 ? (weekday === 6 ? 2 : 1) : weekday === 6 ? -1 : -2;
  return new Date(at.getTime() + shift * DAY_MS);
}
