import type { LearnerGroupSession } from '@cursus/contracts';
import { CalendarDays } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { paths } from '@/config/paths';
import { useMyGroupSessions } from '../api/my-group-sessions';
import { SessionFacts, TimingBadge } from './session-labels';

function LearnerSessionCard({ session }: { session: LearnerGroupSession }) {
  const { t } = useTranslation('groupSessions');
  const titleId = useId();
  return (
    <Card as="li" padding="p-4 sm:p-6" aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-foreground">
          {session.title}
        </h3>
        <TimingBadge timing={session.timing} />
      </div>
      <SessionFacts session={session} />
      {session.description && (
        <p className="text-sm whitespace-pre-line text-foreground">{session.description}</p>
      )}
      {session.timing !== 'past' && (
        <div>
          <Link
            to={paths.student.liveGroupSession.getHref(session.id)}
            className={buttonClassName(session.timing === 'ongoing' ? 'primary' : 'secondary', 'sm')}
          >
            {session.meetingUrl ? t('learner.join') : t('learner.open')}
            <span className="sr-only"> {session.title}</span>
          </Link>
        </div>
      )}
    </Card>
  );
}

/** One paged list of the learner's sessions: those to come, or the history. */
export function MySessionList({ when, pageSize = 10 }: { when: 'upcoming' | 'past'; pageSize?: number }) {
  const { t } = useTranslation('groupSessions');
  const [page, setPage] = useState(1);
  const sessions = useMyGroupSessions({ when, page, pageSize });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {t(`learner.${when}`)}
      </h2>
      {sessions.isPending && <SkeletonCards label={t('list.loading')} count={1} bars={['w-1/3', 'w-2/3']} />}
      {sessions.isError && (
        <LoadErrorAlert
          error={sessions.error}
          title={t('list.error')}
          retryLabel={t('list.retry')}
          onRetry={() => sessions.refetch()}
        />
      )}
      {sessions.data?.total === 0 && (
        <EmptyState
          icon={CalendarDays}
          title={t(`learner.${when}EmptyTitle`)}
          description={t(`learner.${when}EmptyDescription`)}
        />
      )}
      {sessions.data && sessions.data.total > 0 && (
        <PagedList
          query={{ ...sessions, data: sessions.data }}
          label={t(`learner.${when}`)}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('list.summary', { count: sessions.data.total })}
            </p>
          }
          pagesLabel={t('list.pages')}
          onPageChange={setPage}
        >
          {sessions.data.items.map((session) => (
            <LearnerSessionCard key={session.id} session={session} />
          ))}
        </PagedList>
      )}
    </section>
  );
}

/** The learner's group sessions: those to come first, then the history. */
export function MyGroupSessions() {
  return (
    <div className="flex flex-col gap-8">
      <MySessionList when="upcoming" />
      <MySessionList when="past" />
    </div>
  );
}
