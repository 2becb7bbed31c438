import { QUESTION_TYPES, type QuestionType } from '@cursus/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { translateFieldError } from '@/lib/form-errors';
import { emptyOptions, optionLetter, type QuestionDraft } from '../lib/quiz-form';

/** A problem code of the contract in the editor's words, else the generic field message. */
export function useProblemText() {
  const { t, i18n } = useTranslation('quizzes');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = `editor.problems.${message}`;
    return i18n.exists(`quizzes:${key}`)
      ? t(key as 'editor.problems.QUESTION_REQUIRED')
      : translateFieldError(message);
  };
}

/**
 * A question's fields as a trainer writes it: type, points, category, text, the answers offered
 * (or accepted, for a short answer) and the explanation. `path` prefixes its errors' keys.
 */
export function QuestionFields({
  question,
  path,
  errors,
  categories,
  onChange,
}: {
  question: QuestionDraft;
  path: string;
  errors: Record<string, string>;
  categories: { id: string; name: string }[];
  onChange: (question: QuestionDraft) => void;
}) {
  const { t } = useTranslation('quizzes');
  const problem = useProblemText();
  const set = (change: Partial<QuestionDraft>) => onChange({ ...question, ...change });
  const isSingle = question.type === 'single_choice' || question.type === 'true_false';
  const setCorrect = (optionId: string, isCorrect: boolean) =>
    set({
      options: question.options.map((option) =>
        option.id === optionId
          ? { ...option, isCorrect }
          : isSingle && isCorrect
            ? { ...option, isCorrect: false }
            : option,
      ),
    });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('editor.questionType')}>
          {(control) => (
            <Select
              {...control}
              value={question.type}
              onChange={(event) => {
                const type = event.target.value as QuestionType;
                set({ type, options: emptyOptions(type), acceptedAnswers: '' });
              }}
            >
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('editor.points')} error={problem(errors[`${path}.points`])}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              max={100}
              value={question.points}
              onChange={(event) => set({ points: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('editor.category')}>
          {(control) => (
            <Select
              {...control}
              value={question.categoryId}
              onChange={(event) => set({ categoryId: event.target.value })}
            >
              <option value="">{t('editor.noCategory')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field label={t('editor.questionText')} error={problem(errors[`${path}.text`])}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={2000}
            value={question.text}
            onChange={(event) => set({ text: event.target.value })}
          />
        )}
      </Field>
      {question.type === 'short_answer' ? (
        <Field
          label={t('editor.acceptedAnswers')}
          description={t('editor.acceptedAnswersHint')}
          error={problem(errors[`${path}.acceptedAnswers`])}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={question.acceptedAnswers}
              onChange={(event) => set({ acceptedAnswers: event.target.value })}
            />
          )}
        </Field>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-foreground">{t('editor.options')}</legend>
          {question.options.map((option, index) => {
            const letter = optionLetter(index).toUpperCase();
            return (
              <div key={option.id} className="flex flex-wrap items-center gap-3">
                {question.type === 'true_false' ? (
                  <span className="min-w-24 text-sm text-foreground">
                    {t(`trueFalse.${option.id as 'true' | 'false'}`)}
                  </span>
                ) : (
                  <Input
                    aria-label={t('editor.option', { letter })}
                    className="min-w-48 flex-1"
                    maxLength={500}
                    value={option.text}
                    aria-invalid={errors[`${path}.options.${index}.text`] ? true : undefined}
                    onChange={(event) =>
                      set({
                        options: question.options.map((item) =>
                          item.id === option.id ? { ...item, text: event.target.value } : item,
                        ),
                      })
                    }
                  />
                )}
                <Checkbox
                  label={t('editor.correct')}
                  checked={option.isCorrect}
                  onChange={(event) => setCorrect(option.id, event.target.checked)}
                  aria-label={t('editor.correctFor', {
                    option:
                      question.type === 'true_false'
                        ? t(`trueFalse.${option.id as 'true' | 'false'}`)
                        : t('editor.option', { letter }),
                  })}
                />
                {question.type !== 'true_false' && question.options.length > 2 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('editor.removeOption', { letter })}
                    onClick={() => set({ options: question.options.filter((item) => item.id !== option.id) })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                )}
              </div>
            );
          })}
          {question.type !== 'true_false' && question.options.length < 10 && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => {
                const used = new Set(question.options.map((option) => option.id));
                const id = [...Array(10).keys()].map(optionLetter).find((letter) => !used.has(letter))!;
                set({ options: [...question.options, { id, text: '', isCorrect: false }] });
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('editor.addOption')}
            </Button>
          )}
          {errors[`${path}.options`] && (
            <p className="text-sm text-danger">{problem(errors[`${path}.options`])}</p>
          )}
        </fieldset>
      )}
      <Field label={t('editor.explanation')}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={2000}
            value={question.explanation}
            onChange={(event) => set({ explanation: event.target.value })}
          />
        )}
      </Field>
    </>
  );
}
