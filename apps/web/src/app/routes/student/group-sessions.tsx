import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { MyGroupSessions } from '@/features/group-sessions/components/my-group-sessions';
import { CalendarFeedCard } from '@/features/planning/components/calendar-feed-card';

export default function StudentGroupSessionsRoute() {
  const { t } = useTranslation('groupSessions');
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={t('learner.title')} description={t('learner.description')} />
      <div className="flex flex-col gap-6">
        <MyGroupSessions />
        {/* Issue 16 point 7: the learner's sessions and formations in their own calendar app. */}
        {user?.organizationId && <CalendarFeedCard />}
      </div>
    </>
  );
}
