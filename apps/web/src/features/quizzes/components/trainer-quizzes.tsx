import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { TabList } from '@/components/ui/tab-list';
import { useTabs } from '@/hooks/use-tabs';
import { useQuiz } from '../api/trainer-quizzes';
import { QuestionBank } from './question-bank';
import { QuizEditor } from './quiz-editor';
import { QuizList } from './quiz-list';

const TABS = ['quizzes', 'bank'] as const;
type Tab = (typeof TABS)[number];

function EditQuiz({ quizId, onClose, extras }: { quizId: string; onClose: () => void; extras?: ReactNode }) {
  const { t } = useTranslation('quizzes');
  const quiz = useQuiz(quizId);
  if (quiz.isPending) return <Spinner label={t('editor.editTitle')} />;
  if (quiz.isError)
    return (
      <LoadErrorAlert error={quiz.error} retryLabel={t('common.retry')} onRetry={() => quiz.refetch()} />
    );
  return (
    <div className="flex flex-col gap-4">
      <QuizEditor quiz={quiz.data} onClose={onClose} />
      {extras}
    </div>
  );
}

/**
 * `/trainer/quizzes`: the quizzes and the question bank as tabs; `?quiz=new` or `?quiz=<id>` opens
 * the editor, so Back returns to the list.
 */
export function TrainerQuizzes({
  renderQuizExtras,
}: {
  /** What other features add under a saved quiz's editor (its public link, positioning invitations). */
  renderQuizExtras?: (quizId: string) => ReactNode;
}) {
  const { t } = useTranslation('quizzes');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'bank' ? 'bank' : 'quizzes';
  const editing = searchParams.get('quiz');
  const select = (next: Tab) => setSearchParams(next === 'bank' ? { tab: 'bank' } : {});
  const tabs = useTabs(TABS, tab, select);
  const closeEditor = () => setSearchParams({});
  if (editing)
    return editing === 'new' ? (
      <QuizEditor quiz={null} onClose={closeEditor} />
    ) : (
      <EditQuiz quizId={editing} onClose={closeEditor} extras={renderQuizExtras?.(editing)} />
    );
  return (
    <div className="flex flex-col gap-4">
      <TabList
        label={t('trainer.tabs.label')}
        tabs={TABS}
        selected={tab}
        tabsState={tabs}
        getTabLabel={(item) => t(`trainer.tabs.${item}`)}
      />
      <div {...tabs.getPanelProps(tab)}>
        {tab === 'quizzes' ? (
          <QuizList
            onCreate={() => setSearchParams({ quiz: 'new' })}
            onEdit={(quizId) => setSearchParams({ quiz: quizId })}
          />
        ) : (
          <QuestionBank />
        )}
      </div>
    </div>
  );
}
