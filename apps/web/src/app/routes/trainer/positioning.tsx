import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import {
  QUIZ_ACCESS_TABS,
  type QuizAccessTab,
  TrainerQuizAccess,
} from '@/features/quiz-access/components/trainer-quiz-access';

/** Positioning and public links; `?tab=` keeps the open tab in the address, `?student=` a learner's report. */
export default function TrainerPositioningRoute() {
  const { t } = useTranslation('quizAccess');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: QuizAccessTab = QUIZ_ACCESS_TABS.includes(requested as QuizAccessTab)
    ? (requested as QuizAccessTab)
    : 'send';
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <TrainerQuizAccess
        tab={tab}
        studentId={searchParams.get('student') ?? undefined}
        onTabChange={(next) => setSearchParams({ tab: next }, { replace: true })}
      />
    </>
  );
}
