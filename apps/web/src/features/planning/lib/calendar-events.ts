import {
  GROUP_SESSION_DURATION_MAX,
  GROUP_SESSION_DURATION_MIN,
  type PlanningCalendar,
  type PlanningSession,
  type RescheduleSessionInput,
} from '@cursus/contracts';
import { fromParisInput, toParisInput } from '@/lib/paris-time';

/**
 * The calendar runs in UTC and is handed Paris wall-clock times: the organisers' clock (SPEC), the
 * same for everyone whatever their device's zone, without a time-zone library in the bundle. These
 * convert between an instant and that wall clock.
 */
export const toCalendarTime = (iso: string) => `${toParisInput(iso)}:00`;
export function fromCalendarTime(date: Date): string {
  const instant = fromParisInput(date.toISOString().slice(0, 16));
  if (!instant) throw new Error('not a calendar date');
  return instant;
}
/** Today's Paris wall clock, for the calendar's "now". */
export const calendarNow = () => toCalendarTime(new Date().toISOString());

function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  /** Only sessions the server would move are draggable and resizable. */
  editable: boolean;
  classNames: string[];
  extendedProps: { kind: 'session'; session: PlanningSession } | { kind: 'formation'; courseId: string };
}

/** The calendar's events: formations as all-day spans (the last day included), sessions at their times. */
export function toCalendarEvents(calendar: PlanningCalendar): CalendarEvent[] {
  return [
    ...calendar.formations.map(
      (formation): CalendarEvent => ({
        id: `formation-${formation.id}`,
        title: formation.title,
        start: formation.startsOn,
        // The calendar's end is exclusive.
        end: dayAfter(formation.endsOn),
        allDay: true,
        editable: false,
        classNames: ['planning-formation', formation.status === 'draft' ? 'planning-draft' : ''].filter(
          Boolean,
        ),
        extendedProps: { kind: 'formation', courseId: formation.id },
      }),
    ),
    ...calendar.sessions.map(
      (session): CalendarEvent => ({
        id: session.id,
        title: session.title,
        start: toCalendarTime(session.startsAt),
        end: toCalendarTime(session.endsAt),
        allDay: false,
        editable: session.lock === null,
        classNames: ['planning-session', session.lock ? 'planning-locked' : ''].filter(Boolean),
        extendedProps: { kind: 'session', session },
      }),
    ),
  ];
}

export type MoveCheck =
  | { ok: true; input: RescheduleSessionInput }
  | { ok: false; reason: 'allDay' | 'tooShort' | 'tooLong' | 'inPast' };

/**
 * What a drop or a resize asks the server for, or why it is refused before asking: a session dropped
 * on the all-day row, shorter or longer than a session may be, or starting in the past. The server
 * checks again (and more: signatures, a session under way).
 */
export function checkMove(
  change: { start: Date | null; end: Date | null; allDay: boolean },
  now: Date,
): MoveCheck {
  if (change.allDay || !change.start || !change.end) return { ok: false, reason: 'allDay' };
  const meetingDate = fromCalendarTime(change.start);
  const durationMinutes = Math.round((change.end.getTime() - change.start.getTime()) / 60_000);
  if (durationMinutes < GROUP_SESSION_DURATION_MIN) return { ok: false, reason: 'tooShort' };
  if (durationMinutes > GROUP_SESSION_DURATION_MAX) return { ok: false, reason: 'tooLong' };
  if (new Date(meetingDate) <= now) return { ok: false, reason: 'inPast' };
  return { ok: true, input: { meetingDate, durationMinutes } };
}
