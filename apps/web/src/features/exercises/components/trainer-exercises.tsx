import {
  CreateExerciseInputSchema,
  EXERCISE_SUBMISSION_TYPES,
  type ExerciseSubmissionType,
  REVIEW_STATUSES,
  type Submission,
  type TrainerExercise,
  UpdateExerciseInputSchema,
} from '@cursus/contracts';
import { ClipboardList, FileText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  useCourseModules,
  useCourseOptions,
  useCreateExercise,
  useDeleteExercise,
  useExerciseSubmissions,
  useReviewSubmission,
  useTrainerExercises,
  useUpdateExercise,
} from '../api/trainer-exercises';
import { checkForm } from '../lib/field-errors';
import { ACCEPTS_KEYS, DueDate, ExercisePlace, formatDateTime, StatusBadge } from './exercise-labels';

const EMPTY_FORM = {
  courseId: '',
  moduleId: '',
  title: '',
  instructions: '',
  dueAt: '',
  submissionType: 'text_or_file' as ExerciseSubmissionType,
};

/** An instant as the `datetime-local` picker shows it: the browser's local time, to the minute. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function formOf(exercise: TrainerExercise | undefined): typeof EMPTY_FORM {
  if (!exercise) return EMPTY_FORM;
  return {
    courseId: exercise.courseId,
    moduleId: exercise.moduleId ?? '',
    title: exercise.title,
    instructions: exercise.instructions,
    dueAt: toLocalInput(exercise.dueAt),
    submissionType: exercise.submissionType,
  };
}

/** Sets new work, or edits `exercise` (its formation stays: submissions belong to it). */
function ExerciseForm({
  id,
  exercise,
  onDone,
}: {
  id: string;
  exercise?: TrainerExercise;
  onDone: () => void;
}) {
  const { t } = useTranslation('exercises');
  const courses = useCourseOptions();
  const createExercise = useCreateExercise();
  const updateExercise = useUpdateExercise();
  const mutation = exercise ? updateExercise : createExercise;
  const [values, setValues] = useState(() => formOf(exercise));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const titleId = useId();
  const modules = useCourseModules(values.courseId || null);
  const set = <K extends keyof typeof EMPTY_FORM>(key: K, value: (typeof EMPTY_FORM)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...values,
      moduleId: values.moduleId || null,
      // The picker gives local time without a zone; the server stores the instant.
      dueAt: values.dueAt ? new Date(values.dueAt).toISOString() : null,
    };
    if (exercise) {
      const { courseId: _formationStays, ...changes } = input;
      const checked = checkForm(UpdateExerciseInputSchema, changes);
      setErrors(checked.errors ?? {});
      if (!checked.data) return;
      updateExercise.mutate(
        { id: exercise.id, changes: checked.data },
        {
          onSuccess: () => {
            notify.success(t('trainer.form.updated'));
            onDone();
          },
        },
      );
      return;
    }
    const checked = checkForm(CreateExerciseInputSchema, {
      ...input,
      courseId: values.courseId || undefined,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    createExercise.mutate(checked.data, {
      onSuccess: () => {
        notify.success(t('trainer.form.created'));
        setValues((current) => ({ ...EMPTY_FORM, courseId: current.courseId }));
        onDone();
      },
    });
  };

  const courseItems = courses.data?.items ?? [];
  return (
    <Card as="section" id={id} aria-labelledby={titleId}>
      <CardTitle id={titleId}>
        {exercise ? t('trainer.form.editTitle', { title: exercise.title }) : t('trainer.form.title')}
      </CardTitle>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        {mutation.isError && (
          <div className="sm:col-span-2">
            <Alert variant="error">{getErrorMessage(mutation.error)}</Alert>
          </div>
        )}
        <Field
          label={t('trainer.form.course')}
          error={errors.courseId}
          description={
            exercise
              ? t('trainer.form.courseFixed')
              : courses.isSuccess && courseItems.length === 0
                ? t('trainer.form.noCourse')
                : undefined
          }
        >
          {(control) => (
            <Select
              {...control}
              value={values.courseId}
              disabled={Boolean(exercise)}
              onChange={(e) =>
                setValues((current) => ({ ...current, courseId: e.target.value, moduleId: '' }))
              }
            >
              <option value="">{t('trainer.form.chooseCourse')}</option>
              {courseItems.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('trainer.form.module')} error={errors.moduleId}>
          {(control) => (
            <Select
              {...control}
              value={values.moduleId}
              disabled={!values.courseId}
              onChange={(e) => set('moduleId', e.target.value)}
            >
              <option value="">{t('trainer.form.wholeCourse')}</option>
              {(modules.data ?? []).map((module) => (
                <option key={module.id} value={module.id}>
                  {module.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('trainer.form.exerciseTitle')} error={errors.title}>
          {(control) => (
            <Input
              {...control}
              value={values.title}
              maxLength={200}
              onChange={(e) => set('title', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('trainer.form.dueAt')} error={errors.dueAt}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={values.dueAt}
              onChange={(e) => set('dueAt', e.target.value)}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field label={t('trainer.form.instructions')} error={errors.instructions}>
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                maxLength={10_000}
                value={values.instructions}
                onChange={(e) => set('instructions', e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label={t('trainer.form.submissionType')} error={errors.submissionType}>
          {(control) => (
            <Select
              {...control}
              value={values.submissionType}
              onChange={(e) => set('submissionType', e.target.value as ExerciseSubmissionType)}
            >
              {EXERCISE_SUBMISSION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(ACCEPTS_KEYS[type])}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" isLoading={mutation.isPending}>
            {exercise ? t('trainer.form.save') : t('trainer.form.submit')}
          </Button>
          {exercise && (
            <Button variant="secondary" onClick={onDone}>
              {t('trainer.form.cancel')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function ReviewForm({ submission }: { submission: Submission }) {
  const { t } = useTranslation('exercises');
  const review = useReviewSubmission();
  const [status, setStatus] = useState<(typeof REVIEW_STATUSES)[number]>(
    submission.status === 'to_redo' ? 'to_redo' : 'reviewed',
  );
  const [feedback, setFeedback] = useState(submission.feedback ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    review.mutate(
      { id: submission.id, review: { status, feedback } },
      { onSuccess: () => notify.success(t('trainer.submissions.saved')) },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      {review.isError && <Alert variant="error">{getErrorMessage(review.error)}</Alert>}
      <Field label={t('trainer.submissions.status')}>
        {(control) => (
          <Select
            {...control}
            value={status}
            onChange={(e) => setStatus(e.target.value as (typeof REVIEW_STATUSES)[number])}
          >
            {REVIEW_STATUSES.map((option) => (
              <option key={option} value={option}>
                {t(`status.${option}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('trainer.submissions.feedback')}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={5000}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
          />
        )}
      </Field>
      <div>
        <Button type="submit" size="sm" isLoading={review.isPending}>
          {t('trainer.submissions.save')}
        </Button>
      </div>
    </form>
  );
}

function SubmissionsPanel({ exerciseId, id }: { exerciseId: string; id: string }) {
  const { t } = useTranslation('exercises');
  const submissions = useExerciseSubmissions(exerciseId);
  return (
    <section id={id} aria-label={t('trainer.submissions.title')} className="flex flex-col gap-3">
      {submissions.isPending && <Spinner label={t('trainer.submissions.loading')} />}
      {submissions.isError && (
        <LoadErrorAlert
          error={submissions.error}
          title={t('trainer.submissions.error')}
          retryLabel={t('trainer.retry')}
          onRetry={() => submissions.refetch()}
        />
      )}
      {submissions.data?.items.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('trainer.submissions.empty')}</p>
      )}
      {submissions.data && submissions.data.items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {submissions.data.items.map((submission) => (
            <li key={submission.id} className="flex flex-col gap-2 rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 className="text-sm font-semibold text-foreground">{submission.studentName}</h4>
                <StatusBadge status={submission.status} />
              </div>
              <p className="text-xs text-muted-foreground">
                {formatDateTime(submission.submittedAt)}
                {submission.reviewedAt &&
                  ` · ${t('trainer.submissions.reviewedOn', { date: formatDateTime(submission.reviewedAt) })}`}
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
                  {t('trainer.submissions.openFile', { name: submission.file.name })}
                </a>
              )}
              <ReviewForm submission={submission} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TrainerExerciseCard({
  exercise,
  isInitiallyOpen,
  onDelete,
  now,
}: {
  exercise: TrainerExercise;
  isInitiallyOpen: boolean;
  onDelete: (exercise: TrainerExercise) => void;
  now: Date;
}) {
  const { t } = useTranslation('exercises');
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const [isEditing, setIsEditing] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const formId = useId();
  return (
    <Card as="li" padding="p-4 sm:p-6" aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-base font-semibold text-foreground">
            {exercise.title}
          </h2>
          <ExercisePlace exercise={exercise} />
          <DueDate exercise={exercise} isDone now={now} />
          <p className="text-xs text-muted-foreground">{t(ACCEPTS_KEYS[exercise.submissionType])}</p>
        </div>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={isEditing}
            aria-controls={isEditing ? formId : undefined}
            onClick={() => setIsEditing(!isEditing)}
          >
            {t('trainer.edit')}
            <span className="sr-only"> {exercise.title}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onDelete(exercise)}>
            {t('trainer.delete')}
            <span className="sr-only"> {exercise.title}</span>
          </Button>
        </div>
      </div>
      {isEditing && <ExerciseForm id={formId} exercise={exercise} onDone={() => setIsEditing(false)} />}
      <p className="text-sm whitespace-pre-line text-foreground">{exercise.instructions}</p>
      <p className="text-sm text-muted-foreground">
        {[
          t('trainer.counts.submitted', { count: exercise.submissionCounts.submitted }),
          t('trainer.counts.toRedo', { count: exercise.submissionCounts.toRedo }),
          t('trainer.counts.reviewed', { count: exercise.submissionCounts.reviewed }),
        ].join(' · ')}
      </p>
      <div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen(!isOpen)}
        >
          {isOpen ? t('trainer.hideSubmissions') : t('trainer.showSubmissions')}
        </Button>
      </div>
      {isOpen && <SubmissionsPanel exerciseId={exercise.id} id={panelId} />}
    </Card>
  );
}

/** The trainer's exercises screen: set work on a formation or module, review what comes back. */
export function TrainerExercises({ openExerciseId }: { openExerciseId: string | null }) {
  const { t } = useTranslation('exercises');
  const [page, setPage] = useState(1);
  const [isCreating, setIsCreating] = useState(false);
  const formId = useId();
  const [courseId, setCourseId] = useState('');
  const courses = useCourseOptions();
  const exercises = useTrainerExercises({ page, pageSize: 10, courseId: courseId || undefined });
  const deleteExercise = useDeleteExercise();
  const [deleting, setDeleting] = useState<TrainerExercise | null>(null);
  const now = new Date();

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button
          variant={isCreating ? 'secondary' : 'primary'}
          aria-expanded={isCreating}
          aria-controls={isCreating ? formId : undefined}
          onClick={() => setIsCreating(!isCreating)}
        >
          {t('trainer.newExercise')}
        </Button>
      </div>
      {isCreating && <ExerciseForm id={formId} onDone={() => setIsCreating(false)} />}
      <div className="max-w-sm">
        <Field label={t('trainer.filterCourse')}>
          {(control) => (
            <Select
              {...control}
              value={courseId}
              onChange={(e) => {
                setCourseId(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{t('trainer.allCourses')}</option>
              {(courses.data?.items ?? []).map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {exercises.isPending && (
        <SkeletonCards label={t('trainer.loading')} count={2} bars={['w-1/3', 'w-2/3']} />
      )}
      {exercises.isError && (
        <LoadErrorAlert
          error={exercises.error}
          title={t('trainer.error')}
          retryLabel={t('trainer.retry')}
          onRetry={() => exercises.refetch()}
        />
      )}
      {exercises.data?.total === 0 && (
        <EmptyState
          icon={ClipboardList}
          title={t('trainer.emptyTitle')}
          description={t('trainer.emptyDescription')}
        />
      )}
      {exercises.data && exercises.data.total > 0 && (
        <PagedList
          query={exercises}
          label={t('trainer.listLabel')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('trainer.summary', { count: exercises.data.total })}
            </p>
          }
          pagesLabel={t('trainer.pages')}
          onPageChange={setPage}
        >
          {exercises.data.items.map((exercise) => (
            <TrainerExerciseCard
              key={exercise.id}
              exercise={exercise}
              isInitiallyOpen={exercise.id === openExerciseId}
              onDelete={setDeleting}
              now={now}
            />
          ))}
        </PagedList>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('trainer.deleteTitle', { title: deleting.title })}
          description={t('trainer.deleteDescription')}
          confirmLabel={t('trainer.delete')}
          isPending={deleteExercise.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            deleteExercise.mutate(deleting.id, {
              onSuccess: () => {
                notify.success(t('trainer.deleted'));
                setDeleting(null);
              },
              onError: (error) => notify.error(getErrorMessage(error)),
            })
          }
        />
      )}
    </div>
  );
}
