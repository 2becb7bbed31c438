import { useTranslation } from 'react-i18next';
import { TabList } from '@/components/ui/tab-list';
import { useTabs } from '@/hooks/use-tabs';
import { PositioningInvitations } from './positioning-invitations';
import { PositioningCourseReport, PositioningStudentReport } from './positioning-reports';
import { PositioningSendForm } from './positioning-send-form';
import { PublicLinks } from './public-links';

export const QUIZ_ACCESS_TABS = [
  'send',
  'invitations',
  'courseReport',
  'studentReport',
  'publicLinks',
] as const;
export type QuizAccessTab = (typeof QUIZ_ACCESS_TABS)[number];

export interface TrainerQuizAccessProps {
  tab: QuizAccessTab;
  onTabChange: (tab: QuizAccessTab) => void;
  /** The learner whose report opens first (`?student=`). */
  studentId?: string;
}

/** The trainer's positioning and public links: send, follow, read the reports (issue 13 points 3, 4). */
export function TrainerQuizAccess({ tab, onTabChange, studentId }: TrainerQuizAccessProps) {
  const { t } = useTranslation('quizAccess');
  const tabs = useTabs(QUIZ_ACCESS_TABS, tab, onTabChange);
  return (
    <div className="flex flex-col gap-6">
      <TabList
        label={t('trainer.tabsLabel')}
        tabs={QUIZ_ACCESS_TABS}
        selected={tab}
        tabsState={tabs}
        getTabLabel={(value) => t(`trainer.tabs.${value}`)}
        className="flex-wrap"
      />
      <div {...tabs.getPanelProps(tab)}>
        {tab === 'send' && <PositioningSendForm />}
        {tab === 'invitations' && <PositioningInvitations />}
        {tab === 'courseReport' && <PositioningCourseReport />}
        {tab === 'studentReport' && <PositioningStudentReport initialStudentId={studentId} />}
        {tab === 'publicLinks' && <PublicLinks />}
      </div>
    </div>
  );
}
