import { createHash } from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { UserEmailData } from './templates/render.tsx';

/**
 * The iCalendar file a meeting invitation carries, so the reader adds it to their calendar in one
 * step. PUBLISH, not REQUEST: Cursus collects no calendar replies. The event's id derives from the
 * meeting's page, so a second invitation to the same meeting updates the calendar entry instead of
 * adding another.
 */
export function meetingInvitationIcs(data: UserEmailData['meeting-invitation'], appUrl: string): string {
  const url = new URL(data.path, appUrl);
  const start = new Date(data.startsAt);
  const calendar = ical({
    prodId: { company: 'Cursus', product: 'Cursus' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `${createHash('sha256').update(url.toString()).digest('hex').slice(0, 32)}@${url.hostname}`,
    start,
    end: new Date(start.getTime() + data.durationMinutes * 60_000),
    summary: data.title,
    description: data.meetingUrl ? `${data.organizerName}\n${data.meetingUrl}` : data.organizerName,
    // A room when there is one, else the meeting link, where calendars look for where to go.
    location: data.location ?? data.meetingUrl,
    url: data.meetingUrl ?? url.toString(),
  });
  return calendar.toString();
}
