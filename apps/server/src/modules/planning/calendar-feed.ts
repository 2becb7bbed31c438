import type { Language, PlanningFormation, PlanningSession } from '@cursus/contracts';
import ical from 'ical-generator';

const TEXT: Record<
  Language,
  { calendar: string; formation: string; trainer: string; join: string; colon: string }
> = {
  // French sets a space before the colon, English none.
  fr: {
    calendar: 'Planning Cursus',
    formation: 'Formation',
    trainer: 'Formateur',
    join: 'Rejoindre',
    colon: ' : ',
  },
  en: { calendar: 'Cursus planning', formation: 'Training', trainer: 'Trainer', join: 'Join', colon: ': ' },
};

/** The day after a YYYY-MM-DD day, at midnight UTC: an all-day event's end is exclusive (RFC 5545). */
function dayAfter(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/**
 * A person's planning as an iCalendar feed: their sessions at their times (UTC), their formations
 * as all-day spans. Ids are stable per session and formation, so a calendar app that polls the feed
 * updates an event that moved instead of adding another.
 */
export function buildCalendarFeed(input: {
  sessions: PlanningSession[];
  formations: PlanningFormation[];
  ownerName: string;
  organizationName: string | null;
  language: Language;
  isLearner: boolean;
  appUrl: string;
}): string {
  const text = TEXT[input.language];
  const host = new URL(input.appUrl).hostname;
  const calendar = ical({
    name: [text.calendar, input.organizationName ?? input.ownerName].join(' · '),
    prodId: { company: 'Cursus', product: 'Cursus planning' },
    // Calendar apps that honour it poll hourly; others keep their own pace.
    ttl: 60 * 60,
  });
  for (const session of input.sessions) {
    const page = input.isLearner
      ? `/group-sessions/${encodeURIComponent(session.id)}/live`
      : '/trainer/planning';
    const lines = [
      session.courseTitle ? `${text.formation}${text.colon}${session.courseTitle}` : null,
      session.trainerName ? `${text.trainer}${text.colon}${session.trainerName}` : null,
      session.meetingUrl ? `${text.join}${text.colon}${session.meetingUrl}` : null,
    ].filter((line): line is string => line !== null);
    calendar.createEvent({
      id: `group-session-${session.id}@${host}`,
      start: new Date(session.startsAt),
      end: new Date(session.endsAt),
      summary: session.title,
      description: lines.join('\n'),
      location: session.location ?? session.meetingUrl,
      url: new URL(page, input.appUrl).toString(),
    });
  }
  for (const formation of input.formations) {
    calendar.createEvent({
      id: `formation-${formation.id}@${host}`,
      allDay: true,
      start: new Date(`${formation.startsOn}T00:00:00Z`),
      end: dayAfter(formation.endsOn),
      summary: `${text.formation}${text.colon}${formation.title}`,
      url: new URL(
        input.isLearner ? `/formations/${formation.id}` : `/trainer/formation/${formation.id}`,
        input.appUrl,
      ).toString(),
    });
  }
  return calendar.toString();
}
