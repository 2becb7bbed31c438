import { DEFAULT_PAGE_SIZE, type QuizSummary } from '@cursus/contracts';
import { ListChecks, PlusCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { PagedList } from '@/components/ui/paged-list';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useDeleteQuiz, useDuplicateQuiz, useQuiz, useQuizzes } from '../api/trainer-quizzes';
import { formatDateTime } from '../lib/format';
import { QuizPreview } from './quiz-preview';
import { QuizResults } from './quiz-results';

function QuizFacts({ quiz, isAdmin }: { quiz: QuizSummary; isAdmin: boolean }) {
  const { t } = useTranslation('quizzes');
  // A quiz may belong to a formation, to a group session, or to both.
  const places = [
    quiz.courseTitle &&
      (quiz.moduleTitle
        ? t('trainer.list.attachedToModule', { course: quiz.courseTitle, module: quiz.moduleTitle })
        : t('trainer.list.attachedTo', { course: quiz.courseTitle })),
    quiz.groupSessionTitle && t('trainer.list.attachedToSession', { session: quiz.groupSessionTitle }),
  ].filter(Boolean);
  return (
    <div className="flex flex-col gap-1 text-sm text-muted-foreground">
      {isAdmin && <span>{t('trainer.admin.organization', { name: quiz.organizationName })}</span>}
      <span>{places.length > 0 ? places.join(' · ') : t('trainer.list.unattached')}</span>
      <span className="flex flex-wrap gap-x-3">
        <span>{t('common.questions', { count: quiz.questionCount })}</span>
        <span>{t('common.passingScore', { score: quiz.passingScore })}</span>
        <span>
          {quiz.timeLimitMinutes
            ? t('common.timeLimit', { count: quiz.timeLimitMinutes })
            : t('common.noTimeLimit')}
        </span>
        <span>{t('trainer.list.attemptCount', { count: quiz.attemptCount })}</span>
        {quiz.dueAt && <span>{t('common.due', { date: formatDateTime(quiz.dueAt) })}</span>}
      </span>
    </div>
  );
}

/** Opens a quiz's detail for its preview (the list holds only its summary). */
function PreviewLoader({ quizId, onClose }: { quizId: string; onClose: () => void }) {
  const quiz = useQuiz(quizId);
  return quiz.data ? <QuizPreview quiz={quiz.data} onClose={onClose} /> : null;
}

/**
 * `/trainer/quizzes` (with each quiz's actions) and `/admin/quizzes` (every organisation's, read
 * only): search and server-side pages.
 */
export function QuizList({
  isAdmin = false,
  onEdit,
  onCreate,
}: {
  isAdmin?: boolean;
  onEdit?: (quizId: string) => void;
  onCreate?: () => void;
}) {
  const { t } = useTranslation('quizzes');
  const { t: tCommon } = useTranslation('common');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const quizzes = useQuizzes({ search: search.trim() || undefined, page, pageSize: DEFAULT_PAGE_SIZE });
  const duplicateQuiz = useDuplicateQuiz();
  const deleteQuiz = useDeleteQuiz();
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [resultsOf, setResultsOf] = useState<QuizSummary | null>(null);
  const [deleting, setDeleting] = useState<QuizSummary | null>(null);

  return (
    <section className="flex flex-col gap-4" aria-label={t('trainer.list.label')}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Input
          type="search"
          className="max-w-sm"
          aria-label={t('trainer.list.search')}
          placeholder={t('trainer.list.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        {onCreate && (
          <Button onClick={onCreate}>
            <PlusCircle aria-hidden="true" className="size-4" />
            {t('trainer.list.new')}
          </Button>
        )}
      </div>
      {quizzes.isPending && (
        <SkeletonCards
          label={tCommon('loading')}
          count={3}
          className="flex flex-col gap-3"
          bars={['h-5 w-1/3 rounded', 'h-4 w-2/3 rounded']}
        />
      )}
      {quizzes.isError && (
        <LoadErrorAlert
          error={quizzes.error}
          title={t('common.loadError')}
          retryLabel={t('common.retry')}
          onRetry={() => quizzes.refetch()}
        />
      )}
      {quizzes.isSuccess && quizzes.data.total === 0 && !search.trim() && (
        <EmptyState
          icon={ListChecks}
          title={t('trainer.list.emptyTitle')}
          description={t('trainer.list.emptyDescription')}
        />
      )}
      {quizzes.isSuccess && quizzes.data.total === 0 && search.trim() && (
        <NoMatchState
          title={t('trainer.list.noMatchTitle')}
          description={t('trainer.list.noMatchDescription')}
          resetLabel={t('common.back')}
          onReset={() => setSearch('')}
        />
      )}
      {quizzes.isSuccess && quizzes.data.total > 0 && (
        <PagedList
          query={{ ...quizzes, data: quizzes.data }}
          label={t('trainer.list.label')}
          pagesLabel={t('trainer.list.pages')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('trainer.list.count', { count: quizzes.data.total })}
            </p>
          }
          onPageChange={setPage}
        >
          {quizzes.data.items.map((quiz) => (
            <li key={quiz.id} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-base font-semibold text-foreground">{quiz.title}</h3>
                <Badge variant={quiz.isActive ? 'success' : 'neutral'}>
                  {quiz.isActive ? t('trainer.list.active') : t('trainer.list.inactive')}
                </Badge>
              </div>
              <QuizFacts quiz={quiz} isAdmin={isAdmin} />
              <fieldset className="flex flex-wrap gap-2">
                <legend className="sr-only">{t('trainer.list.actionsFor', { title: quiz.title })}</legend>
                {onEdit && (
                  <Button size="sm" onClick={() => onEdit(quiz.id)}>
                    {t('trainer.list.edit')}
                  </Button>
                )}
                <Button size="sm" variant="secondary" onClick={() => setPreviewId(quiz.id)}>
                  {t('trainer.list.preview')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setResultsOf(quiz)}>
                  {t('trainer.list.results')}
                </Button>
                {!isAdmin && (
                  <Button
                    size="sm"
                    variant="secondary"
                    isLoading={duplicateQuiz.isPending && duplicateQuiz.variables === quiz.id}
                    onClick={() =>
                      duplicateQuiz.mutate(quiz.id, {
                        onSuccess: () => notify.success(t('trainer.list.duplicated')),
                        onError: (error) => notify.error(getErrorMessage(error)),
                      })
                    }
                  >
                    {t('trainer.list.duplicate')}
                  </Button>
                )}
                {!isAdmin && (
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(quiz)}>
                    {t('trainer.list.delete')}
                  </Button>
                )}
              </fieldset>
            </li>
          ))}
        </PagedList>
      )}
      {previewId && <PreviewLoader quizId={previewId} onClose={() => setPreviewId(null)} />}
      {resultsOf && <QuizResults quiz={resultsOf} onClose={() => setResultsOf(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('trainer.list.deleteTitle')}
          description={t('trainer.list.deleteDescription', { title: deleting.title })}
          confirmLabel={t('trainer.list.deleteConfirm')}
          isPending={deleteQuiz.isPending}
          onClose={() => {
            deleteQuiz.reset();
            setDeleting(null);
          }}
          onConfirm={() =>
            deleteQuiz.mutate(deleting.id, {
              onSuccess: () => {
                notify.success(t('trainer.list.deleted'));
                setDeleting(null);
              },
            })
          }
        >
          {deleteQuiz.isError && <Alert variant="error">{getErrorMessage(deleteQuiz.error)}</Alert>}
        </ConfirmDialog>
      )}
    </section>
  );
}
