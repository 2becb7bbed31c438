import type { EvaluationQuestion, FieldError } from '@cursus/contracts';
import { EVALUATION_LIMITS } from '@cursus/contracts';
import { AppError } from '../../lib/app-error.ts';

/** A stored answer, as validated: what each question type keeps. */
export type StoredAnswer = number | boolean | string | string[];

/** The value kept for one question, or an error message; undefined when not answered. */
function checkAnswer(
  question: EvaluationQuestion,
  value: unknown,
): StoredAnswer | undefined | { error: string } {
  if (value === undefined || value === null) return undefined;
  switch (question.type) {
    case 'rating':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5
        ? (value as number)
        : { error: 'a rating from 1 to 5' };
    case 'yesno':
      return typeof value === 'boolean' ? value : { error: 'yes or no' };
    case 'single':
      return typeof value === 'string' && question.options.includes(value)
        ? value
        : { error: 'one of the options' };
    case 'multiple': {
      if (!Array.isArray(value) || !value.every((option) => question.options.includes(option))) {
        return { error: 'options of the question' };
      }
      if (new Set(value).size !== value.length) return { error: 'duplicate option' };
      return value.length === 0 ? undefined : (value as string[]);
    }
    case 'text': {
      if (typeof value !== 'string') return { error: 'text' };
      const trimmed = value.trim();
      if (trimmed.length > EVALUATION_LIMITS.textAnswer) return { error: 'too long' };
      return trimmed === '' ? undefined : trimmed;
    }
  }
}

/**
 * The answers as they will be stored, checked against each question's type and options: a rating
 * is a whole number from 1 to 5, a choice one of the question's options, a required question is
 * answered. Any wrong or unknown answer is a 400 naming `answers.<question id>`.
 */
export function validateAnswers(
  questions: EvaluationQuestion[],
  answers: Record<string, unknown>,
): Record<string, StoredAnswer> {
  const fields: FieldError[] = [];
  const stored: Record<string, StoredAnswer> = {};
  const known = new Set(questions.map((question) => question.id));
  for (const id of Object.keys(answers)) {
    if (!known.has(id)) fields.push({ path: `answers.${id}`, message: 'unknown question' });
  }
  for (const question of questions) {
    const checked = checkAnswer(question, answers[question.id]);
    if (checked && typeof checked === 'object' && 'error' in checked) {
      fields.push({ path: `answers.${question.id}`, message: checked.error });
    } else if (checked === undefined) {
      if (question.required) fields.push({ path: `answers.${question.id}`, message: 'required' });
    } else {
      stored[question.id] = checked;
    }
  }
  if (fields.length > 0) throw new AppError('VALIDATION_ERROR', { fields });
  return stored;
}
