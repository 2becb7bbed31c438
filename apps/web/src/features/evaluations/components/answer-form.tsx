import type { EvaluationAnswerValue, EvaluationForm, EvaluationQuestion } from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';

type Answers = Record<string, EvaluationAnswerValue | undefined>;

/** Whether a question has an answer worth sending (an empty text or no option is none). */
function isAnswered(value: EvaluationAnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The required questions left unanswered: checked here first, and again by the server. */
export function missingRequired(questions: EvaluationQuestion[], answers: Answers): string[] {
  return questions
    .filter((question) => question.required && !isAnswered(answers[question.id]))
    .map((q) => q.id);
}

function QuestionInput(props: {
  question: EvaluationQuestion;
  value: EvaluationAnswerValue | undefined;
  onChange: (value: EvaluationAnswerValue | undefined) => void;
  labelId: string;
  errorId?: string;
}) {
  const { t } = useTranslation('evaluations');
  const { question, value, onChange, labelId, errorId } = props;
  const name = `question-${question.id}`;
  const radios = (options: { value: EvaluationAnswerValue; label: string }[], inline: boolean) => (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={errorId}
      aria-required={question.required}
      className={inline ? 'flex flex-wrap gap-2' : 'flex flex-col gap-2'}
    >
      {options.map((option) => (
        <label
          key={String(option.value)}
          className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
        >
          <input
            type="radio"
            name={name}
            className="accent-primary"
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
  switch (question.type) {
    case 'rating':
      return radios(
        ([1, 2, 3, 4, 5] as const).map((rating) => ({ value: rating, label: t(`answer.rating.${rating}`) })),
        true,
      );
    case 'yesno':
      return radios(
        [
          { value: true, label: t('answer.yes') },
          { value: false, label: t('answer.no') },
        ],
        true,
      );
    case 'single':
      return radios(
        question.options.map((option) => ({ value: option, label: option })),
        false,
      );
    case 'multiple': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset aria-labelledby={labelId} aria-describedby={errorId} className="flex flex-col gap-2">
          {question.options.map((option) => (
            <Checkbox
              key={option}
              label={option}
              checked={chosen.includes(option)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? question.options.filter((item) => item === option || chosen.includes(item))
                    : chosen.filter((item) => item !== option),
                )
              }
            />
          ))}
        </fieldset>
      );
    }
    case 'text':
      return (
        <Textarea
          aria-labelledby={labelId}
          aria-describedby={errorId}
          aria-required={question.required}
          rows={4}
          maxLength={5000}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/**
 * A questionnaire to answer, one question after another. Required questions are marked and checked
 * before sending; the server checks every answer again and names the question it refuses.
 */
export function AnswerForm(props: {
  form: EvaluationForm;
  onSubmit: (answers: Record<string, EvaluationAnswerValue>) => Promise<unknown>;
  isPending: boolean;
}) {
  const { t } = useTranslation('evaluations');
  const { form } = props;
  const [answers, setAnswers] = useState<Answers>({});
  const [invalid, setInvalid] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingRequired(form.questions, answers);
    setInvalid(missing);
    if (missing.length > 0) {
      setError(t('answer.missing', { count: missing.length }));
      document.getElementById(`question-${missing[0]}-label`)?.scrollIntoView({ block: 'center' });
      return;
    }
    setError(null);
    const sent: Record<string, EvaluationAnswerValue> = {};
    for (const [id, value] of Object.entries(answers))
      if (value !== undefined && isAnswered(value)) sent[id] = value;
    try {
      await props.onSubmit(sent);
    } catch (submitError) {
      if (isApiError(submitError, 'VALIDATION_ERROR')) {
        const fields = submitError.fields;
        setInvalid(fields.map((field) => field.path.replace(/^answers\./, '')));
        setError(t('answer.refused'));
      } else {
        setError(getErrorMessage(submitError));
      }
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">{t('answer.requiredHint')}</p>
      <ol className="flex flex-col gap-6">
        {form.questions.map((question, index) => {
          const labelId = `question-${question.id}-label`;
          const isInvalid = invalid.includes(question.id);
          const errorId = isInvalid ? `question-${question.id}-error` : undefined;
          return (
            <li key={question.id} className="flex flex-col gap-2">
              <p id={labelId} className="text-sm font-medium text-foreground">
                {t('answer.number', { number: index + 1 })} {question.label}
                {question.required && (
                  <>
                    <span aria-hidden="true" className="text-danger">
                      {' '}
                      *
                    </span>
                    <span className="sr-only"> ({t('answer.required')})</span>
                  </>
                )}
              </p>
              <QuestionInput
                question={question}
                value={answers[question.id]}
                labelId={labelId}
                errorId={errorId}
                onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
              />
              {isInvalid && (
                <p id={errorId} className="text-sm text-danger">
                  {t('answer.fieldError')}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {error && <Alert variant="error">{error}</Alert>}
      <Button type="submit" isLoading={props.isPending} className="self-start">
        {t('answer.submit')}
      </Button>
    </form>
  );
}
