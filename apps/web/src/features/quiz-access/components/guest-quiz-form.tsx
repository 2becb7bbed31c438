import type { Answer, AttemptQuestion, GuestAttemptStart } from '@cursus/contracts';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';

type Answers = Record<string, Answer>;

/** Answers kept in this tab while the visitor works, so a reload does not lose them. */
function storageKey(attemptId: string) {
  return `quiz-access:answers:${attemptId}`;
}

function readStoredAnswers(attemptId: string): Answers {
  try {
    const raw = sessionStorage.getItem(storageKey(attemptId));
    return raw ? (JSON.parse(raw) as Answers) : {};
  } catch {
    return {};
  }
}

function storeAnswers(attemptId: string, answers: Answers) {
  try {
    sessionStorage.setItem(storageKey(attemptId), JSON.stringify(answers));
  } catch {
    // Without storage the answers still live in the page; only a reload would lose them.
  }
}

export function forgetStoredAnswers(attemptId: string) {
  try {
    sessionStorage.removeItem(storageKey(attemptId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

function isAnswered(question: AttemptQuestion, answer: Answer | undefined) {
  if (!answer) return false;
  return question.type === 'short_answer'
    ? Boolean(answer.text?.trim())
    : (answer.optionIds?.length ?? 0) > 0;
}

/** Seconds left by the server's clock: the offset to the device's clock is taken once, at start. */
function useSecondsLeft(attempt: GuestAttemptStart): number | null {
  const { deadlineAt, serverNow } = attempt;
  const [offset] = useState(() => new Date(serverNow).getTime() - Date.now());
  const compute = useCallback(
    () =>
      deadlineAt
        ? Math.max(0, Math.floor((new Date(deadlineAt).getTime() - (Date.now() + offset)) / 1000))
        : null,
    [deadlineAt, offset],
  );
  const [secondsLeft, setSecondsLeft] = useState(compute);
  useEffect(() => {
    if (!deadlineAt) return;
    const timer = window.setInterval(() => setSecondsLeft(compute()), 1000);
    return () => window.clearInterval(timer);
  }, [deadlineAt, compute]);
  return secondsLeft;
}

function formatClock(seconds: number) {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface GuestQuizFormProps {
  attempt: GuestAttemptStart;
  onSubmit: (answers: Answers) => void;
  isPending: boolean;
  error: unknown;
}

/**
 * The questions of a visitor's attempt and their answers (single choice and true/false as radio
 * buttons, multiple choice as boxes, short answer as text). At the end of the time limit the answers
 * go as they are; the server, not this countdown, decides what counts.
 */
export function GuestQuizForm({ attempt, onSubmit, isPending, error }: GuestQuizFormProps) {
  const { t } = useTranslation('quizAccess');
  const [answers, setAnswers] = useState<Answers>(() => readStoredAnswers(attempt.attemptId));
  const [isConfirming, setIsConfirming] = useState(false);
  const secondsLeft = useSecondsLeft(attempt);
  const hasSentAtDeadline = useRef(false);
  const answeredCount = attempt.questions.filter((question) =>
    isAnswered(question, answers[question.id]),
  ).length;
  const unanswered = attempt.questions.length - answeredCount;

  const update = (questionId: string, answer: Answer) => {
    setAnswers((current) => {
      const next = { ...current, [questionId]: answer };
      storeAnswers(attempt.attemptId, next);
      return next;
    });
  };

  useEffect(() => {
    if (secondsLeft === 0 && !hasSentAtDeadline.current && !isPending) {
      hasSentAtDeadline.current = true;
      onSubmit(answers);
    }
  }, [secondsLeft, answers, isPending, onSubmit]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (unanswered > 0) setIsConfirming(true);
    else onSubmit(answers);
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-6" noValidate>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <p>{t('take.progress', { count: answeredCount, total: attempt.questions.length })}</p>
        {secondsLeft !== null && (
          <p className="font-medium text-foreground">
            {t('take.timeLeft', { time: formatClock(secondsLeft) })}
          </p>
        )}
      </div>
      <ol className="flex flex-col gap-6">
        {attempt.questions.map((question, index) => (
          <li key={question.id}>
            <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
              <legend className="px-1 text-sm font-semibold text-foreground">
                {t('take.questionLabel', { number: index + 1, text: question.text })}
              </legend>
              <QuestionInput
                question={question}
                answer={answers[question.id]}
                onChange={(answer) => update(question.id, answer)}
              />
            </fieldset>
          </li>
        ))}
      </ol>
      {error ? <Alert variant="error">{getErrorMessage(error)}</Alert> : null}
      <Button type="submit" disabled={isPending} className="self-start">
        {isPending ? t('take.submitting') : t('take.submit')}
      </Button>
      {isConfirming && (
        <ConfirmDialog
          title={t('take.confirmTitle')}
          description={t('take.confirmUnanswered', { count: unanswered })}
          confirmLabel={t('take.submit')}
          isDanger={false}
          onClose={() => setIsConfirming(false)}
          onConfirm={() => {
            setIsConfirming(false);
            onSubmit(answers);
          }}
        />
      )}
    </form>
  );
}

function QuestionInput({
  question,
  answer,
  onChange,
}: {
  question: AttemptQuestion;
  answer: Answer | undefined;
  onChange: (answer: Answer) => void;
}) {
  const { t } = useTranslation('quizAccess');
  if (question.type === 'short_answer') {
    return (
      <Input
        aria-label={t('take.shortAnswerLabel')}
        maxLength={500}
        value={answer?.text ?? ''}
        onChange={(event) => onChange({ text: event.target.value })}
      />
    );
  }
  const chosen = new Set(answer?.optionIds ?? []);
  const optionText = (option: { id: string; text: string }) =>
    question.type === 'true_false' ? t(option.id === 'true' ? 'take.true' : 'take.false') : option.text;
  if (question.type === 'multiple_choice') {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-xs text-muted-foreground">{t('take.multipleHint')}</p>
        {question.options.map((option) => (
          <Checkbox
            key={option.id}
            label={optionText(option)}
            checked={chosen.has(option.id)}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(option.id);
              else next.delete(option.id);
              onChange({ optionIds: [...next] });
            }}
          />
        ))}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {question.options.map((option) => (
        <label key={option.id} className="flex cursor-pointer items-start gap-3 text-sm text-foreground">
          <input
            type="radio"
            name={`question-${question.id}`}
            className={cn('mt-0.5 size-4 shrink-0 accent-primary', FOCUS_RING)}
            checked={chosen.has(option.id)}
            onChange={() => onChange({ optionIds: [option.id] })}
          />
          <span className="break-words">{optionText(option)}</span>
        </label>
      ))}
    </div>
  );
}
