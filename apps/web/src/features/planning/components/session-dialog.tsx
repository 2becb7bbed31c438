import {
  GROUP_SESSION_DURATION_MAX,
  GROUP_SESSION_DURATION_MIN,
  GROUP_SESSION_TIME_ZONE,
  type PlanningSession,
} from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';
import { dateTimeFormat } from '@/lib/intl';
import { fromParisInput, toParisInput } from '@/lib/paris-time';
import { notify } from '@/lib/toast';
import { useRescheduleSession } from '../api/planning';

export interface SessionDialogProps {
  session: PlanningSession;
  onClose: () => void;
}

/**
 * A session opened from the calendar (click, or Enter on a focused event): its facts, and its date,
 * time and length to change by keyboard, the same rules as a drag applying.
 */
export function SessionDialog({ session, onClose }: SessionDialogProps) {
  const { t, i18n } = useTranslation(['planning', 'common']);
  const reschedule = useRescheduleSession();
  const [start, setStart] = useState(toParisInput(session.startsAt));
  const [duration, setDuration] = useState(String(session.durationMinutes));
  const [error, setError] = useState<string | null>(null);
  const when = dateTimeFormat(i18n.language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: GROUP_SESSION_TIME_ZONE,
  }).format(new Date(session.startsAt));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const meetingDate = fromParisInput(start);
    const durationMinutes = Number(duration);
    if (!meetingDate) {
      setError(t('planning:session.invalidStart'));
      return;
    }
    if (
      !Number.isInteger(durationMinutes) ||
      durationMinutes < GROUP_SESSION_DURATION_MIN ||
      durationMinutes > GROUP_SESSION_DURATION_MAX
    ) {
      setError(
        t('planning:session.invalidDuration', {
          min: GROUP_SESSION_DURATION_MIN,
          max: GROUP_SESSION_DURATION_MAX,
        }),
      );
      return;
    }
    setError(null);
    try {
      await reschedule.mutateAsync({ id: session.id, meetingDate, durationMinutes });
      notify.success(t('planning:moved'));
      onClose();
    } catch (caught) {
      setError(getErrorMessage(caught));
    }
  };

  const facts: [string, string | null][] = [
    [t('planning:session.when'), when],
    [t('planning:session.duration'), t('planning:session.minutes', { count: session.durationMinutes })],
    [t('planning:session.formation'), session.courseTitle],
    [t('planning:session.trainer'), session.trainerName],
    [t('planning:session.place'), session.location ?? session.meetingUrl],
    [t('planning:session.participants'), t('planning:session.learners', { count: session.participantCount })],
  ];

  return (
    <Dialog
      title={session.title}
      closeLabel={t('common:actions.close')}
      onClose={onClose}
      size="md"
      footer={
        <Link to={paths.trainer.groupSessions.getHref()} className={buttonClassName('link', 'sm')}>
          {t('planning:session.openList')}
        </Link>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts
          .filter((fact): fact is [string, string] => Boolean(fact[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
      </dl>
      {session.lock ? (
        <Alert variant="info" className="mt-4">
          {t(`planning:lock.${session.lock}`)}
        </Alert>
      ) : (
        <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <h3 className="text-sm font-semibold">{t('planning:session.reschedule')}</h3>
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field label={t('planning:session.start')} description={t('planning:session.parisTime')}>
              {(control) => (
                <Input
                  {...control}
                  type="datetime-local"
                  value={start}
                  onChange={(event) => setStart(event.target.value)}
                  required
                />
              )}
            </Field>
            <Field label={t('planning:session.durationMinutes')}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={GROUP_SESSION_DURATION_MIN}
                  max={GROUP_SESSION_DURATION_MAX}
                  step={5}
                  value={duration}
                  onChange={(event) => setDuration(event.target.value)}
                  required
                />
              )}
            </Field>
          </div>
          {error && <Alert variant="error">{error}</Alert>}
          <Button type="submit" className="self-start" disabled={reschedule.isPending}>
            {t('planning:session.save')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
