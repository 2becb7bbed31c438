import type { AnalyticsGranularity, AnalyticsQuerySchema } from '@cursus/contracts';
import type { z } from 'zod';

const DAY_MS = 86_400_000;

/** A period as Paris calendar days: the first day, and the day after the last (exclusive). */
export interface AnalyticsPeriodDays {
  fromDay: string;
  toDay: string;
  granularity: AnalyticsGranularity;
}

const parisDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Paris, as YYYY-MM-DD: the organisations' days are French days. */
export function parisToday(at: Date): string {
  return parisDate.format(at);
}

/** Calendar arithmetic on a YYYY-MM-DD day (no time zone involved: days, not instants). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function firstOfMonthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
}

/** Day points up to two months, weekly up to half a year, monthly beyond: charts of 10 to 60 points. */
function granularityOf(days: number): AnalyticsGranularity {
  if (days <= 62) return 'day';
  if (days <= 186) return 'week';
  return 'month';
}

/**
 * The days a period covers, ending today (Paris) for the preset ones: 30 and 90 days including
 * today, and 12 months from the first day of the month eleven months ago, so each month is whole.
 */
export function resolvePeriod(query: z.output<typeof AnalyticsQuerySchema>, at: Date): AnalyticsPeriodDays {
  const today = parisToday(at);
  const tomorrow = addDays(today, 1);
  switch (query.period) {
    case '30d':
      return { fromDay: addDays(today, -29), toDay: tomorrow, granularity: 'day' };
    case '90d':
      return { fromDay: addDays(today, -89), toDay: tomorrow, granularity: 'week' };
    case '12m':
      return { fromDay: firstOfMonthsBefore(today, 11), toDay: tomorrow, granularity: 'month' };
    case 'custom': {
      // The schema requires both days, in order, for a custom period.
      const fromDay = query.from!;
      const toDay = addDays(query.to!, 1);
      const days = (Date.parse(toDay) - Date.parse(fromDay)) / DAY_MS;
      return { fromDay, toDay, granularity: granularityOf(days) };
    }
  }
}
