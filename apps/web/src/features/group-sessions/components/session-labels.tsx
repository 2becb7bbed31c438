import { GROUP_SESSION_TIME_ZONE, type GroupSessionTiming } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

/** A session's start in the reader's language, in Paris time (where sessions are organised). */
export function formatSessionDate(iso: string) {
  return dateTimeFormat(getLanguage(), {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: GROUP_SESSION_TIME_ZONE,
  }).format(new Date(iso));
}

export function formatDuration(minutes: number) {
  const language = getLanguage();
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (value: number, name: 'hour' | 'minute') =>
    numberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  return [hours > 0 ? unit(hours, 'hour') : null, rest > 0 ? unit(rest, 'minute') : null]
    .filter(Boolean)
    .join(' ');
}

const TIMING_VARIANTS: Record<GroupSessionTiming, BadgeVariant> = {
  upcoming: 'info',
  ongoing: 'success',
  past: 'neutral',
};

export function TimingBadge({ timing }: { timing: GroupSessionTiming }) {
  const { t } = useTranslation('groupSessions');
  return <Badge variant={TIMING_VARIANTS[timing]}>{t(`timing.${timing}`)}</Badge>;
}

/** When, how long, and where: the lines every session card starts with. */
export function SessionFacts({
  session,
}: {
  session: {
    meetingDate: string;
    durationMinutes: number;
    location: string | null;
    courseTitle: string | null;
  };
}) {
  const { t } = useTranslation('groupSessions');
  return (
    <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-[auto_1fr] sm:gap-x-3">
      <dt className="font-medium text-foreground">{t('facts.when')}</dt>
      <dd>
        {t('facts.whenValue', {
          date: formatSessionDate(session.meetingDate),
          duration: formatDuration(session.durationMinutes),
        })}
      </dd>
      {session.location && (
        <>
          <dt className="font-medium text-foreground">{t('facts.place')}</dt>
          <dd>{session.location}</dd>
        </>
      )}
      {session.courseTitle && (
        <>
          <dt className="font-medium text-foreground">{t('facts.course')}</dt>
          <dd>{session.courseTitle}</dd>
        </>
      )}
    </dl>
  );
}
