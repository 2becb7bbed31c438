import {
  type CourseDetail,
  type CreateLessonInput,
  LESSON_TYPES,
  type Lesson,
  MAX_LESSON_MINUTES,
  parseVideoUrl,
} from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Eye, MoveRight, Trash2, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { notify } from '@/lib/toast';
import { useCreateLesson } from '../api/create-lesson';
import { useDeleteLesson } from '../api/delete-lesson';
import { useLesson } from '../api/get-lesson';
import { useMoveLesson } from '../api/move-lesson';
import { useUpdateLesson } from '../api/update-lesson';
import {
  LessonFormSchema,
  type LessonFormValues,
  newLessonValues,
  toLessonFieldError,
  toLessonValues,
} from '../lib/lesson-form';
import { FileUploadField } from './file-upload-field';

// TipTap and ProseMirror load only when a text lesson is edited: the rest of the app never pays for them.
const RichTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

const VIDEO_PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo', dailymotion: 'Dailymotion' } as const;

export type LessonEditorTarget = { kind: 'edit'; lessonId: string } | { kind: 'create'; moduleId: string };

export interface LessonEditorProps {
  course: CourseDetail;
  target: LessonEditorTarget;
  onCreated: (lessonId: string) => void;
  onClose: () => void;
  onDeleted: () => void;
  onPreview: (lessonId: string) => void;
  /** Tells the outline whether leaving this lesson would lose changes. */
  onDirtyChange: (isDirty: boolean) => void;
}

interface LessonFormProps extends Omit<LessonEditorProps, 'target'> {
  lesson: Lesson | null;
  moduleId: string;
}

function MoveToModule({ course, lesson }: { course: CourseDetail; lesson: Lesson }) {
  const { t } = useTranslation('courses');
  const id = useId();
  const others = course.modules.filter((module) => module.id !== lesson.moduleId);
  const [moduleId, setModuleId] = useState(others[0]?.id ?? '');
  const moveLesson = useMoveLesson(course.id);
  if (others.length === 0) return null;

  const onMove = async () => {
    const target = others.find((module) => module.id === moduleId);
    if (!target) return;
    try {
      await moveLesson.mutateAsync({ lessonId: lesson.id, input: { moduleId } });
      notify.success(t('lesson.moved', { title: lesson.title, module: target.title }));
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-border pt-4">
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>{t('lesson.moveTo')}</Label>
        <Select id={id} value={moduleId} onChange={(event) => setModuleId(event.target.value)}>
          {others.map((module) => (
            <option key={module.id} value={module.id}>
              {module.title}
            </option>
          ))}
        </Select>
      </div>
      <Button variant="secondary" isLoading={moveLesson.isPending} onClick={onMove}>
        <MoveRight aria-hidden="true" className="size-4" />
        {t('lesson.move')}
      </Button>
    </div>
  );
}

function EditorFallback() {
  const { t } = useTranslation('courses');
  return (
    <div className="flex min-h-56 items-center justify-center rounded-md border border-input">
      <Spinner label={t('editor.loading')} />
    </div>
  );
}

function LessonForm({
  course,
  lesson,
  moduleId,
  onCreated,
  onClose,
  onDeleted,
  onPreview,
  onDirtyChange,
}: LessonFormProps) {
  const { t } = useTranslation('courses');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const contentLabelId = useId();
  const [error, setError] = useState<unknown>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const createLesson = useCreateLesson(course.id);
  const updateLesson = useUpdateLesson(course.id);
  const deleteLesson = useDeleteLesson(course.id);
  const form = useForm<LessonFormValues, unknown, CreateLessonInput>({
    resolver: zodResolver(LessonFormSchema, zodFormOptions),
    defaultValues: lesson ? toLessonValues(lesson) : newLessonValues(),
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const videoSource = useWatch({ control: form.control, name: 'videoSource' });
  const videoUrl = useWatch({ control: form.control, name: 'videoUrl' });
  const moduleTitle = course.modules.find((module) => module.id === moduleId)?.title ?? '';
  const recognisedVideo = videoUrl ? parseVideoUrl(videoUrl) : null;

  // Whoever selected this lesson (often from the outline, on a small screen far above) lands here.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  useEffect(() => {
    onDirtyChange(isDirty);
  }, [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      if (lesson) {
        const saved = await updateLesson.mutateAsync({ lessonId: lesson.id, input });
        // The server's copy: sanitised HTML, resolved video, so the form shows what learners get.
        form.reset(toLessonValues(saved));
        notify.success(t('lesson.saved'));
      } else {
        const created = await createLesson.mutateAsync({ moduleId, input });
        form.reset(toLessonValues(created));
        notify.success(t('lesson.created', { title: created.title }));
        onCreated(created.id);
      }
    } catch (caught) {
      let isOnFields = false;
      if (isApiError(caught)) {
        for (const fieldError of caught.fields) {
          const target = toLessonFieldError(fieldError.path, fieldError.message, form.getValues());
          if (!target) continue;
          form.setError(
            target.field,
            { type: 'server', message: target.message },
            { shouldFocus: !isOnFields },
          );
          isOnFields = true;
        }
      }
      if (!isOnFields) setError(caught);
    }
  });

  const onDelete = async () => {
    if (!lesson) return;
    try {
      await deleteLesson.mutateAsync(lesson.id);
      notify.success(t('lesson.deleted', { title: lesson.title }));
      setIsConfirmingDelete(false);
      onDeleted();
    } catch (caught) {
      notify.error(getErrorMessage(caught));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold break-words text-foreground focus:outline-none"
          >
            {lesson ? t('lesson.editTitle') : t('lesson.createTitle')}
          </h2>
          <p className="text-sm break-words text-muted-foreground">
            {t('lesson.inModule', { module: moduleTitle })}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('lesson.close')}
          title={t('lesson.close')}
          onClick={onClose}
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}

      <Field label={t('lesson.fields.title')} error={translateFieldError(errors.title?.message)}>
        {(control) => (
          <Input {...control} aria-required="true" autoComplete="off" {...form.register('title')} />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('lesson.fields.type')} description={lesson ? t('lesson.hints.type') : undefined}>
          {(control) => (
            <Select {...control} {...form.register('type')}>
              {LESSON_TYPES.map((lessonType) => (
                <option key={lessonType} value={lessonType}>
                  {t(`lessonTypes.${lessonType}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('lesson.fields.estimatedMinutes')}
          description={t('lesson.hints.estimatedMinutes', { max: MAX_LESSON_MINUTES })}
          error={translateFieldError(errors.estimatedMinutes?.message)}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...form.register('estimatedMinutes')}
            />
          )}
        </Field>
      </div>

      {type === 'text' && (
        <div className="flex flex-col gap-1.5">
          <span id={contentLabelId} className="text-sm font-medium text-foreground">
            {t('lesson.fields.html')}
          </span>
          <Controller
            control={form.control}
            name="html"
            render={({ field }) => (
              <Suspense fallback={<EditorFallback />}>
                <RichTextEditor
                  value={field.value}
                  onChange={field.onChange}
                  labelledBy={contentLabelId}
                  describedBy={errors.html ? `${contentLabelId}-error` : undefined}
                  isInvalid={Boolean(errors.html)}
                />
              </Suspense>
            )}
          />
          {errors.html && (
            <p id={`${contentLabelId}-error`} className="text-sm text-danger">
              {translateFieldError(errors.html.message)}
            </p>
          )}
        </div>
      )}

      {type === 'video' && (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-medium text-foreground">
            {t('lesson.fields.videoSource')}
          </legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(['upload', 'embed'] as const).map((source) => (
              <label key={source} className="flex cursor-pointer items-center gap-2 text-sm text-foreground">
                <input
                  type="radio"
                  value={source}
                  className="size-4 accent-primary"
                  {...form.register('videoSource')}
                />
                {t(`lesson.videoSources.${source}`)}
              </label>
            ))}
          </div>
          {videoSource === 'upload' ? (
            <Controller
              control={form.control}
              name="videoFile"
              render={({ field }) => (
                <FileUploadField
                  purpose="video"
                  courseId={course.id}
                  label={t('lesson.fields.videoFile')}
                  file={field.value}
                  onChange={field.onChange}
                  error={translateFieldError(errors.videoFile?.message)}
                />
              )}
            />
          ) : (
            <Field
              label={t('lesson.fields.videoUrl')}
              description={
                recognisedVideo ? (
                  <span className="inline-flex items-center gap-1 text-success-foreground">
                    <CircleCheck aria-hidden="true" className="size-3.5" />
                    {t('lesson.videoRecognised', {
                      provider: VIDEO_PROVIDER_NAMES[recognisedVideo.provider],
                    })}
                  </span>
                ) : (
                  t('lesson.hints.videoUrl')
                )
              }
              error={translateFieldError(errors.videoUrl?.message)}
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  placeholder="https://www.youtube.com/watch?v=…"
                  autoComplete="off"
                  {...form.register('videoUrl')}
                />
              )}
            </Field>
          )}
        </fieldset>
      )}

      {type === 'document' && (
        <Controller
          control={form.control}
          name="documentFile"
          render={({ field }) => (
            <FileUploadField
              purpose="document"
              courseId={course.id}
              label={t('lesson.fields.documentFile')}
              file={field.value}
              onChange={field.onChange}
              error={translateFieldError(errors.documentFile?.message)}
            />
          )}
        />
      )}

      {type === 'link' && (
        <Field
          label={t('lesson.fields.linkUrl')}
          description={t('lesson.hints.linkUrl')}
          error={translateFieldError(errors.linkUrl?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="off"
              {...form.register('linkUrl')}
            />
          )}
        </Field>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" isLoading={isSubmitting}>
          {lesson ? t('actions.save') : t('lesson.create')}
        </Button>
        {lesson ? (
          <>
            <Button variant="secondary" onClick={() => onPreview(lesson.id)}>
              <Eye aria-hidden="true" className="size-4" />
              {t('lesson.preview')}
            </Button>
            <Button variant="ghost" className="text-danger!" onClick={() => setIsConfirmingDelete(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('lesson.delete')}
            </Button>
          </>
        ) : (
          <Button variant="ghost" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
        )}
        {isDirty && (
          <p className="text-sm text-muted-foreground" role="status">
            {t('lesson.unsaved')}
          </p>
        )}
      </div>

      {lesson && <MoveToModule key={lesson.moduleId} course={course} lesson={lesson} />}

      {isConfirmingDelete && lesson && (
        <ConfirmDialog
          title={t('lesson.deleteTitle')}
          description={t('lesson.deleteDescription', { title: lesson.title })}
          confirmLabel={t('actions.delete')}
          isPending={deleteLesson.isPending}
          onConfirm={onDelete}
          onClose={() => setIsConfirmingDelete(false)}
        />
      )}
    </form>
  );
}

/** The right-hand panel of the outline: one lesson's title, duration, type and content. */
export function LessonEditor({ target, ...props }: LessonEditorProps) {
  const { t } = useTranslation('courses');
  const lessonId = target.kind === 'edit' ? target.lessonId : null;
  const lesson = useLesson(props.course.id, lessonId);

  if (target.kind === 'create')
    return <LessonForm key={`new-${target.moduleId}`} {...props} lesson={null} moduleId={target.moduleId} />;
  if (lesson.isPending) return <Spinner label={t('lesson.loading')} />;
  if (lesson.isError)
    return (
      <Alert
        variant="error"
        action={
          <Button variant="secondary" size="sm" className="self-start" onClick={() => lesson.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      >
        {getErrorMessage(lesson.error)}
      </Alert>
    );
  return <LessonForm key={lesson.data.id} {...props} lesson={lesson.data} moduleId={lesson.data.moduleId} />;
}
