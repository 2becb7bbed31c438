import type { StudentExercise } from '@cursus/contracts';
import { Dumbbell, FileText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useMyExercises } from '../api/get-my-exercises';
import { SUBMISSION_ACCEPT, useSubmitExercise } from '../api/submit-exercise';
import { ACCEPTS_KEYS, DueDate, ExercisePlace, formatDateTime, StatusBadge } from './exercise-labels';

function SubmissionForm({ exercise }: { exercise: StudentExercise }) {
  const { t } = useTranslation('exercises');
  const submit = useSubmitExercise();
  const [text, setText] = useState(exercise.submission?.text ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const current = exercise.submission;
  const takesText = exercise.submissionType !== 'file';
  const takesFile = exercise.submissionType !== 'text';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const keptFileId = takesFile ? (current?.file?.id ?? null) : null;
    const answer = takesText ? text.trim() || null : null;
    if (exercise.submissionType === 'file' && !file && !keptFileId)
      return setError(t('submission.fileRequired'));
    if (!answer && !file && !keptFileId) return setError(t('submission.required'));
    setError(undefined);
    submit.mutate(
      { exerciseId: exercise.id, text: answer, file, keptFileId },
      {
        onSuccess: () => {
          setFile(null);
          notify.success(t('submission.submitted'));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      {submit.isError && <Alert variant="error">{getErrorMessage(submit.error)}</Alert>}
      {takesText && (
        <Field label={t('submission.text')} error={exercise.submissionType === 'text' ? error : undefined}>
          {(control) => (
            <Textarea
              {...control}
              rows={5}
              maxLength={20_000}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
      )}
      {takesFile && (
        <Field
          label={t('submission.file')}
          description={t('submission.fileHint')}
          error={exercise.submissionType !== 'text' ? error : undefined}
        >
          {(control) => (
            <FileInput
              {...control}
              accept={SUBMISSION_ACCEPT}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      )}
      <div>
        <Button type="submit" isLoading={submit.isPending}>
          {current ? t('submission.resubmit') : t('submission.submit')}
        </Button>
      </div>
    </form>
  );
}

function ExerciseCard({ exercise, now }: { exercise: StudentExercise; now: Date }) {
  const { t } = useTranslation('exercises');
  const titleId = useId();
  const { submission } = exercise;
  return (
    <Card as="li" padding="p-4 sm:p-6" aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-base font-semibold text-foreground">
            {exercise.title}
          </h2>
          <ExercisePlace exercise={exercise} />
          <DueDate exercise={exercise} isDone={submission !== null} now={now} />
        </div>
        <StatusBadge status={submission?.status ?? 'notSubmitted'} />
      </div>
      <div>
        <h3 className="text-sm font-medium text-foreground">{t('exercise.instructions')}</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-foreground">{exercise.instructions}</p>
        <p className="mt-1 text-xs text-muted-foreground">{t(ACCEPTS_KEYS[exercise.submissionType])}</p>
      </div>
      {submission && (
        <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-3">
          <h3 className="text-sm font-medium text-foreground">{t('submission.title')}</h3>
          <p className="text-xs text-muted-foreground">
            {t('submission.submittedOn', { date: formatDateTime(submission.submittedAt) })}
          </p>
          {submission.text && (
            <p className="text-sm whitespace-pre-line text-foreground">{submission.text}</p>
          )}
          {submission.file && (
            <a
              href={submission.file.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm text-primary underline"
            >
              <FileText aria-hidden="true" className="size-4" />
              {t('submission.currentFile', { name: submission.file.name })}
            </a>
          )}
          {submission.feedback && (
            <div>
              <h4 className="text-sm font-medium text-foreground">{t('submission.feedback')}</h4>
              <p className="text-sm whitespace-pre-line text-foreground">{submission.feedback}</p>
            </div>
          )}
        </div>
      )}
      {submission?.status === 'reviewed' ? (
        <p className="text-sm text-muted-foreground">{t('submission.final')}</p>
      ) : (
        <SubmissionForm exercise={exercise} />
      )}
    </Card>
  );
}

/** `/exercises`: the learner's exercises, their work and their trainer's feedback. */
export function StudentExercises({ hasOrganization }: { hasOrganization: boolean }) {
  const { t } = useTranslation('exercises');
  const [page, setPage] = useState(1);
  const exercises = useMyExercises({ page, pageSize: 10 }, { enabled: hasOrganization });
  const now = new Date();

  if (!hasOrganization) {
    return (
      <Alert variant="warning" title={t('student.noOrganization.title')}>
        {t('student.noOrganization.description')}
      </Alert>
    );
  }
  if (exercises.isPending)
    return <SkeletonCards label={t('student.loading')} count={2} bars={['w-1/3', 'w-2/3']} />;
  if (exercises.isError) {
    return (
      <LoadErrorAlert
        error={exercises.error}
        title={t('student.error')}
        retryLabel={t('student.retry')}
        onRetry={() => exercises.refetch()}
      />
    );
  }
  if (exercises.data.total === 0) {
    return (
      <EmptyState
        icon={Dumbbell}
        title={t('student.emptyTitle')}
        description={t('student.emptyDescription')}
      />
    );
  }
  return (
    <PagedList
      query={exercises}
      label={t('student.listLabel')}
      summary={
        <p className="text-sm text-muted-foreground">
          {t('student.summary', { count: exercises.data.total })}
        </p>
      }
      pagesLabel={t('student.pages')}
      onPageChange={setPage}
    >
      {exercises.data.items.map((exercise) => (
        <ExerciseCard key={exercise.id} exercise={exercise} now={now} />
      ))}
    </PagedList>
  );
}
