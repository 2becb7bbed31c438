import { isEmbeddableMeeting } from '@cursus/contracts';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMyGroupSession } from '../api/my-group-sessions';
import { SessionFacts, TimingBadge } from './session-labels';

/**
 * A session's live page: the meeting embedded when its provider allows framing, else a button
 * that opens it in a new tab; and the formation's materials.
 */
export function LiveGroupSession({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('groupSessions');
  const session = useMyGroupSession(sessionId);
  if (session.isPending) return <Spinner label={t('list.loading')} />;
  if (session.isError) {
    return (
      <LoadErrorAlert
        error={session.error}
        title={t('live.error')}
        retryLabel={t('list.retry')}
        onRetry={() => session.refetch()}
      />
    );
  }
  const { data } = session;
  const embed = data.meetingUrl && data.timing !== 'past' && isEmbeddableMeeting(data.meetingUrl);
  return (
    <div className="flex flex-col gap-6">
      <Card as="section" aria-label={t('live.about')} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-foreground">{data.title}</h2>
          <TimingBadge timing={data.timing} />
        </div>
        <SessionFacts session={data} />
        {data.description && (
          <p className="text-sm whitespace-pre-line text-foreground">{data.description}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {data.meetingUrl && (
            <a
              href={data.meetingUrl}
              target="_blank"
              rel="noreferrer"
              className={buttonClassName(embed ? 'secondary' : 'primary', 'md')}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('live.openInTab')}
            </a>
          )}
          {data.courseId && (
            <Link
              to={paths.student.formation.getHref(data.courseId)}
              className={buttonClassName('secondary', 'md')}
            >
              {t('live.materials', { title: data.courseTitle ?? '' })}
            </Link>
          )}
        </div>
        {data.timing === 'past' && <p className="text-sm text-muted-foreground">{t('live.over')}</p>}
        {!data.meetingUrl && <p className="text-sm text-muted-foreground">{t('live.inPerson')}</p>}
      </Card>
      {embed && data.meetingUrl && (
        <iframe
          title={t('live.frameTitle', { title: data.title })}
          src={data.meetingUrl}
          allow="camera; microphone; fullscreen; display-capture; autoplay"
          referrerPolicy="no-referrer"
          className="aspect-video w-full rounded-xl border border-border bg-muted"
        />
      )}
    </div>
  );
}
