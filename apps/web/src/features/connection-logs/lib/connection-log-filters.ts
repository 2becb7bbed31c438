import {
  CONNECTION_LOG_MAX_RANGE_DAYS,
  type ConnectionLogQuery,
  countDaysInRange,
  DEFAULT_PAGE_SIZE,
  TIME_TRACKING_TIME_ZONE,
  timeTrackingRoutes,
} from '@cursus/contracts';
import { areDatesInOrder } from '@/lib/date-range';
import { dateTimeFormat } from '@/lib/intl';

export interface ConnectionLogFilterValues {
  studentId: string;
  courseId: string;
  /** Days as 'YYYY-MM-DD' (Paris days on the server), '' for none. */
  from: string;
  to: string;
}

export type ConnectionLogPageState = ConnectionLogFilterValues & { page: number };

export const EMPTY_FILTERS: ConnectionLogFilterValues = { studentId: '', courseId: '', from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The screen's state lives in the address, so a filtered view can be bookmarked or shared. */
export function readFilters(search: URLSearchParams): ConnectionLogPageState {
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const page = Number(search.get('page'));
  return {
    studentId: search.get('studentId')?.trim() ?? '',
    courseId: search.get('courseId')?.trim() ?? '',
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function writeFilters(values: ConnectionLogPageState): URLSearchParams {
  const search = filterParams(values);
  if (values.page > 1) search.set('page', String(values.page));
  return search;
}

function filterParams(values: ConnectionLogFilterValues): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of ['studentId', 'courseId', 'from', 'to'] as const) {
    if (values[name]) search.set(name, values[name]);
  }
  return search;
}

export function hasFilters(values: ConnectionLogFilterValues): boolean {
  return Boolean(values.studentId || values.courseId || values.from || values.to);
}

/** Today in Paris as 'YYYY-MM-DD', the day the server ends a period without `to` on. */
export function parisToday(now: Date = new Date()): string {
  return dateTimeFormat('en-CA', { timeZone: TIME_TRACKING_TIME_ZONE }).format(now);
}

/**
 * The server reads at most CONNECTION_LOG_MAX_RANGE_DAYS (a missing `to` is today, a missing
 * `from` the default 31 days): the screen says so before asking.
 */
export function isRangeWithinCap(values: ConnectionLogFilterValues, today: string = parisToday()): boolean {
  if (!values.from) return true;
  const to = values.to || (values.from > today ? values.from : today);
  return countDaysInRange(values.from, to) <= CONNECTION_LOG_MAX_RANGE_DAYS;
}

/**
 * What is wrong with the chosen days, or null: the contract refuses a period that ends before it
 * starts, or one over the cap, and the screen says so before asking.
 */
export function datesProblem(values: ConnectionLogFilterValues): 'datesOutOfOrder' | 'rangeTooLong' | null {
  if (!areDatesInOrder(values)) return 'datesOutOfOrder';
  return isRangeWithinCap(values) ? null : 'rangeTooLong';
}

export function toQuery(values: ConnectionLogPageState): ConnectionLogQuery {
  return {
    page: values.page,
    pageSize: DEFAULT_PAGE_SIZE,
    studentId: values.studentId || undefined,
    courseId: values.courseId || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
  };
}

/** The CSV export of the same filters; the server names the file (Content-Disposition). */
export function getExportHref(values: ConnectionLogFilterValues): string {
  const query = filterParams(values).toString();
  const path = timeTrackingRoutes.exportConnectionLogs.path;
  return query ? `${path}?${query}` : path;
}
