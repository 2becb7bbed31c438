import type { Answer, AttemptQuestion } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * One question as a learner answers it: radio buttons for a single choice and true/false,
 * checkboxes for a multiple choice, a text box for a short answer. A fieldset named by the question,
 * so screen readers announce it with each option.
 */
export function QuestionView({
  question,
  number,
  answer,
  onAnswer,
  disabled = false,
}: {
  question: AttemptQuestion;
  number: number;
  answer: Answer | undefined;
  onAnswer: (answer: Answer) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('quizzes');
  const chosen = new Set(answer?.optionIds ?? []);
  const legend = (
    <legend className="mb-3 text-base font-medium text-foreground">
      <span className="sr-only">{t('editor.questionNumber', { number })} : </span>
      {question.text}
      <span className="ml-2 text-xs font-normal text-muted-foreground">
        {t('common.points', { count: question.points })}
      </span>
    </legend>
  );
  if (question.type === 'short_answer')
    return (
      <fieldset>
        {legend}
        <Input
          aria-label={t('learner.take.yourAnswer')}
          maxLength={500}
          disabled={disabled}
          value={answer?.text ?? ''}
          onChange={(event) => onAnswer({ text: event.target.value })}
        />
      </fieldset>
    );
  const isMultiple = question.type === 'multiple_choice';
  return (
    <fieldset>
      {legend}
      <div className="flex flex-col gap-2">
        {question.options.map((option) => (
          <label
            key={option.id}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-md border border-border bg-card px-3 py-2 text-sm text-foreground',
              'has-checked:border-primary has-focus-visible:ring-2 has-focus-visible:ring-ring',
              disabled && 'cursor-not-allowed opacity-70',
            )}
          >
            <input
              type={isMultiple ? 'checkbox' : 'radio'}
              name={`question-${question.id}`}
              className="size-4 accent-primary"
              disabled={disabled}
              checked={chosen.has(option.id)}
              onChange={(event) => {
                if (!isMultiple) onAnswer({ optionIds: [option.id] });
                else
                  onAnswer({
                    optionIds: event.target.checked
                      ? [...chosen, option.id]
                      : [...chosen].filter((id) => id !== option.id),
                  });
              }}
            />
            {question.type === 'true_false' ? t(`trueFalse.${option.id as 'true' | 'false'}`) : option.text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
