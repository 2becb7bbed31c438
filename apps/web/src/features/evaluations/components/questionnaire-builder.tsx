import {
  DEFAULT_COLD_DELAY_WEEKS,
  EVALUATION_AUDIENCES,
  EVALUATION_KINDS,
  EVALUATION_QUESTION_TYPES,
  type EvaluationAudience,
  type EvaluationKind,
  type EvaluationQuestion,
  type EvaluationQuestionType,
  type SaveQuestionnaireInput,
} from '@cursus/contracts';
import { ArrowDown, ArrowUp, Copy, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { useEvaluationCourseOptions } from '../api/evaluations';

export interface BuilderValues {
  title: string;
  description: string;
  audience: EvaluationAudience;
  kind: EvaluationKind;
  courseId: string;
  coldDelayWeeks: number;
  questions: EvaluationQuestion[];
}

/** A question id the builder makes once; answers stay attached to it while the question is edited. */
export function newQuestionId(): string {
  return `q-${crypto.randomUUID().slice(0, 8)}`;
}

export function newQuestion(type: EvaluationQuestionType = 'rating'): EvaluationQuestion {
  return {
    id: newQuestionId(),
    type,
    label: '',
    required: true,
    options: type === 'single' || type === 'multiple' ? ['', ''] : [],
  };
}

/** Moves the question at `index` by `step` (−1 up, +1 down). */
export function moveQuestion(
  questions: EvaluationQuestion[],
  index: number,
  step: -1 | 1,
): EvaluationQuestion[] {
  const target = index + step;
  if (target < 0 || target >= questions.length) return questions;
  const next = [...questions];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** What the server is sent: options only for choices, trimmed and without blank lines. */
export function toSaveInput(values: BuilderValues): SaveQuestionnaireInput {
  return {
    title: values.title,
    description: values.description,
    audience: values.kind === 'survey' ? values.audience : 'learners',
    kind: values.kind,
    courseId: values.courseId || null,
    coldDelayWeeks: values.coldDelayWeeks,
    questions: values.questions.map((question) => ({
      ...question,
      options:
        question.type === 'single' || question.type === 'multiple'
          ? question.options.map((option) => option.trim()).filter(Boolean)
          : [],
    })),
  };
}

export function QuestionnaireBuilder(props: {
  initial: BuilderValues;
  isPending: boolean;
  onSave: (input: SaveQuestionnaireInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('evaluations');
  const courses = useEvaluationCourseOptions();
  const [values, setValues] = useState<BuilderValues>(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<string[]>([]);
  const set = (patch: Partial<BuilderValues>) => setValues((current) => ({ ...current, ...patch }));
  const setQuestion = (index: number, patch: Partial<EvaluationQuestion>) =>
    set({
      questions: values.questions.map((question, at) =>
        at === index ? { ...question, ...patch } : question,
      ),
    });
  const hasError = (path: string) =>
    fieldErrors.some((field) => field === path || field.startsWith(`${path}.`));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors([]);
    try {
      await props.onSave(toSaveInput(values));
    } catch (saveError) {
      if (isApiError(saveError, 'VALIDATION_ERROR')) {
        setFieldErrors(saveError.fields.map((field) => field.path.replace(/^body\./, '')));
        setError(t('builder.invalid'));
      } else setError(getErrorMessage(saveError));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('builder.title')} error={hasError('title') ? t('builder.titleError') : undefined}>
          {(control) => (
            <Input
              {...control}
              value={values.title}
              maxLength={200}
              onChange={(e) => set({ title: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('builder.kind')}>
          {(control) => (
            <Select
              {...control}
              value={values.kind}
              onChange={(e) => set({ kind: e.target.value as EvaluationKind })}
            >
              {EVALUATION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kind.${kind}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('builder.audience')}
          description={values.kind !== 'survey' ? t('builder.audienceLearners') : undefined}
        >
          {(control) => (
            <Select
              {...control}
              value={values.kind === 'survey' ? values.audience : 'learners'}
              disabled={values.kind !== 'survey'}
              onChange={(e) => set({ audience: e.target.value as EvaluationAudience })}
            >
              {EVALUATION_AUDIENCES.map((audience) => (
                <option key={audience} value={audience}>
                  {t(`audience.${audience}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('builder.course')}
          description={values.kind !== 'survey' ? t('builder.courseHint') : undefined}
        >
          {(control) => (
            <Select {...control} value={values.courseId} onChange={(e) => set({ courseId: e.target.value })}>
              <option value="">
                {values.kind === 'survey' ? t('builder.noCourse') : t('builder.anyCourse')}
              </option>
              {(courses.data?.items ?? []).map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {values.kind === 'cold' && (
          <Field label={t('builder.coldDelay')} description={t('builder.coldDelayHint')}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={1}
                max={104}
                value={values.coldDelayWeeks}
                onChange={(e) => set({ coldDelayWeeks: Number(e.target.value) || DEFAULT_COLD_DELAY_WEEKS })}
              />
            )}
          </Field>
        )}
        <div className="sm:col-span-2">
          <Field label={t('builder.description')}>
            {(control) => (
              <Textarea
                {...control}
                value={values.description}
                maxLength={2000}
                onChange={(e) => set({ description: e.target.value })}
              />
            )}
          </Field>
        </div>
      </div>

      <section aria-labelledby="builder-questions" className="flex flex-col gap-4">
        <h3 id="builder-questions" className="text-base font-semibold text-foreground">
          {t('builder.questions', { count: values.questions.length })}
        </h3>
        <ol className="flex flex-col gap-4">
          {values.questions.map((question, index) => {
            const position = { number: index + 1 };
            return (
              <li key={question.id} className="flex flex-col gap-3 rounded-lg border border-border p-4">
                <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
                  <Field
                    label={t('builder.questionLabel', position)}
                    error={hasError(`questions.${index}.label`) ? t('builder.labelError') : undefined}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        value={question.label}
                        maxLength={500}
                        onChange={(e) => setQuestion(index, { label: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label={t('builder.questionType', position)}>
                    {(control) => (
                      <Select
                        {...control}
                        value={question.type}
                        onChange={(e) => {
                          const type = e.target.value as EvaluationQuestionType;
                          const isChoice = type === 'single' || type === 'multiple';
                          setQuestion(index, {
                            type,
                            options: isChoice ? (question.options.length ? question.options : ['', '']) : [],
                          });
                        }}
                      >
                        {EVALUATION_QUESTION_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {t(`questionType.${type}`)}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                </div>
                {(question.type === 'single' || question.type === 'multiple') && (
                  <Field
                    label={t('builder.options', position)}
                    description={t('builder.optionsHint')}
                    error={hasError(`questions.${index}.options`) ? t('builder.optionsError') : undefined}
                  >
                    {(control) => (
                      <Textarea
                        {...control}
                        rows={4}
                        value={question.options.join('\n')}
                        onChange={(e) => setQuestion(index, { options: e.target.value.split('\n') })}
                      />
                    )}
                  </Field>
                )}
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Checkbox
                    label={t('builder.required')}
                    checked={question.required}
                    onChange={(e) => setQuestion(index, { required: e.target.checked })}
                  />
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('builder.moveUp', position)}
                      disabled={index === 0}
                      onClick={() => set({ questions: moveQuestion(values.questions, index, -1) })}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('builder.moveDown', position)}
                      disabled={index === values.questions.length - 1}
                      onClick={() => set({ questions: moveQuestion(values.questions, index, 1) })}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('builder.duplicateQuestion', position)}
                      onClick={() => {
                        const next = [...values.questions];
                        next.splice(index + 1, 0, { ...question, id: newQuestionId() });
                        set({ questions: next });
                      }}
                    >
                      <Copy aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('builder.removeQuestion', position)}
                      disabled={values.questions.length === 1}
                      onClick={() => set({ questions: values.questions.filter((_, at) => at !== index) })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          disabled={values.questions.length >= 50}
          onClick={() => set({ questions: [...values.questions, newQuestion()] })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('builder.addQuestion')}
        </Button>
      </section>
      {error && <Alert variant="error">{error}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isLoading={props.isPending}>
          {t('builder.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={props.onCancel}>
          {t('builder.cancel')}
        </Button>
      </div>
    </form>
  );
}
