import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { TabList } from '@/components/ui/tab-list';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ForumDiscussions } from '@/features/forum/components/forum-discussions';
import { QuestionsHub } from '@/features/questions/components/questions-hub';
import { useTabs } from '@/hooks/use-tabs';
import { cn } from '@/lib/cn';

const TABS = ['questions', 'discussions'] as const;
type Tab = (typeof TABS)[number];

/**
 * The organisation's staff space (issue 14 point 3): learners' questions and the trainers'
 * discussions. `/trainer/forum/:orgId` names the organisation: a trainer's own only (any other is
 * not found, as the server answers), any for an admin. `?question=` opens the questions tab on that
 * question, `?thread=` the discussions on that thread, `?tab=` keeps the tab chosen.
 */
export default function TrainerForumRoute() {
  const { t } = useTranslation('forum');
  const { orgId } = useParams();
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const threadId = searchParams.get('thread');
  const questionId = searchParams.get('question');
  const selected: Tab = questionId
    ? 'questions'
    : threadId || searchParams.get('tab') === 'discussions'
      ? 'discussions'
      : 'questions';
  const select = (tab: Tab) => setSearchParams({ tab });
  const tabs = useTabs(TABS, selected, select);

  const isOtherOrganization = Boolean(orgId) && user?.role !== 'admin' && orgId !== user?.organizationId;
  if (isOtherOrganization) {
    return (
      <>
        <PageHeader title={t('page.title')} />
        <EmptyState
          icon={MessagesSquare}
          title={t('page.notFoundTitle')}
          description={t('page.notFoundDescription')}
        />
      </>
    );
  }
  const organizationId = orgId ?? undefined;

  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <TabList
        label={t('page.tabsLabel')}
        tabs={TABS}
        selected={selected}
        tabsState={tabs}
        getTabLabel={(tab) => t(`page.tabs.${tab}`)}
        className="flex-wrap"
      />
      {TABS.map((tab) => (
        <div
          key={tab}
          {...tabs.getPanelProps(tab)}
          hidden={selected !== tab}
          className={cn('mt-6 rounded-lg', FOCUS_RING)}
        >
          {selected === tab &&
            (tab === 'questions' ? (
              <QuestionsHub organizationId={organizationId} isAdmin={user?.role === 'admin'} />
            ) : (
              <ForumDiscussions
                organizationId={organizationId}
                openThreadId={threadId}
                onOpenThread={(id) => setSearchParams(id ? { thread: id } : { tab: 'discussions' })}
              />
            ))}
        </div>
      ))}
    </>
  );
}
