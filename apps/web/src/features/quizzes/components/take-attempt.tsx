import type { Answer, Attempt, AttemptQuestion } from '@cursus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { saveAnswer, useAttempt, useStartAttempt, useSubmitAttempt } from '../api/learner-quizzes';
import { quizKeys } from '../api/quiz-query-keys';
import { formatCountdown } from '../lib/format';
import { QuestionView } from './question-view';

type SaveState = 'saving' | 'saved' | 'failed';
/** Typing is saved once the learner pauses, not on every key. */
const TEXT_SAVE_DELAY_MS = 600;
const RETRY_DELAY_MS = 3_000;

const isAnswered = (answer: Answer | undefined) =>
  answer !== undefined && ((answer.optionIds?.length ?? 0) > 0 || (answer.text ?? '').trim() !== '');

/** The server's clock, read through the offset measured when the attempt arrived. */
function useRemaining(attempt: Attempt) {
  const [offset] = useState(() => new Date(attempt.serverNow).getTime() - Date.now());
  const deadline = attempt.deadlineAt ? new Date(attempt.deadlineAt).getTime() : null;
  const [remaining, setRemaining] = useState(() =>
    deadline === null ? null : deadline - (Date.now() + offset),
  );
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setRemaining(deadline - (Date.now() + offset)), 1000);
    return () => clearInterval(timer);
  }, [deadline, offset]);
  return remaining;
}

function AttemptForm({ attempt }: { attempt: Attempt }) {
  const { t } = useTranslation('quizzes');
  const queryClient = useQueryClient();
  const submit = useSubmitAttempt();
  const [answers, setAnswers] = useState<Record<string, Answer>>(attempt.answers);
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [current, setCurrent] = useState(() => {
    const firstOpen = attempt.questions.findIndex((question) => !isAnswered(attempt.answers[question.id]));
    return firstOpen === -1 ? 0 : firstOpen;
  });
  const [isConfirming, setIsConfirming] = useState(false);
  const [isTimeUp, setIsTimeUp] = useState(false);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Map<string, Promise<unknown>>());
  const remaining = useRemaining(attempt);

  /** Closed on the server (time over, or submitted in another tab): show what it says now. */
  const reloadAttempt = useCallback(
    () => queryClient.invalidateQueries({ queryKey: quizKeys.attempt(attempt.id) }),
    [queryClient, attempt.id],
  );

  const send = useCallback(
    (questionId: string, answer: Answer) => {
      setStates((currentStates) => ({ ...currentStates, [questionId]: 'saving' }));
      const request = saveAnswer(attempt.id, questionId, answer).then(
        () => setStates((currentStates) => ({ ...currentStates, [questionId]: 'saved' })),
        (error: unknown) => {
          if (isApiError(error, 'QUIZ_TIME_OVER') || isApiError(error, 'QUIZ_ALREADY_SUBMITTED')) {
            setIsTimeUp(isApiError(error, 'QUIZ_TIME_OVER'));
            return reloadAttempt();
          }
          setStates((currentStates) => ({ ...currentStates, [questionId]: 'failed' }));
          // A lost connection: the answer stays on screen and is sent again until it is saved.
          timers.current.set(
            questionId,
            setTimeout(() => send(questionId, answer), RETRY_DELAY_MS),
          );
        },
      );
      inFlight.current.set(questionId, request);
      return request;
    },
    [attempt.id, reloadAttempt],
  );

  const onAnswer = (question: AttemptQuestion, answer: Answer) => {
    setAnswers((currentAnswers) => ({ ...currentAnswers, [question.id]: answer }));
    clearTimeout(timers.current.get(question.id));
    if (question.type === 'short_answer')
      timers.current.set(
        question.id,
        setTimeout(() => send(question.id, answer), TEXT_SAVE_DELAY_MS),
      );
    else send(question.id, answer);
  };

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  /** Typed answers still waiting for their pause go out first, then the attempt is submitted. */
  const flushAndSubmit = useCallback(async () => {
    for (const [questionId, timer] of timers.current) {
      clearTimeout(timer);
      const answer = answers[questionId];
      if (answer) await send(questionId, answer);
    }
    timers.current.clear();
    await Promise.allSettled(inFlight.current.values());
    submit.mutate(attempt.id);
  }, [answers, attempt.id, send, submit]);

  const isOver = remaining !== null && remaining <= 0;
  const hasSubmittedForTime = useRef(false);
  useEffect(() => {
    // The server refuses answers past the deadline anyway: this only shows the result at once.
    if (isOver && !hasSubmittedForTime.current) {
      hasSubmittedForTime.current = true;
      setIsTimeUp(true);
      submit.mutate(attempt.id);
    }
  }, [isOver, submit, attempt.id]);

  const question = attempt.questions[current]!;
  const total = attempt.questions.length;
  const answeredCount = attempt.questions.filter((item) => isAnswered(answers[item.id])).length;
  const unanswered = total - answeredCount;
  const state = states[question.id];

  return (
    <Card as="section" aria-labelledby="attempt-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CardTitle id="attempt-title">{attempt.quizTitle}</CardTitle>
        {remaining !== null && (
          <p
            className={cn(
              'flex items-center gap-2 rounded-md border px-3 py-1 text-sm font-medium',
              remaining < 60_000 ? 'border-danger-border text-danger' : 'border-border text-foreground',
            )}
          >
            <Clock aria-hidden="true" className="size-4" />
            {t('learner.take.remaining', { time: formatCountdown(remaining) })}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-col gap-2">
        <ProgressBar
          value={Math.round((answeredCount / Math.max(total, 1)) * 100)}
          label={t('learner.take.progress', { current: current + 1, total })}
          valueText={t('learner.take.answered', { count: answeredCount, total })}
        />
      </div>
      {isTimeUp && (
        <div className="mt-4">
          <Alert variant="warning">{t('learner.take.timeUp')}</Alert>
        </div>
      )}
      {submit.isError && (
        <div className="mt-4">
          <Alert variant="error">{getErrorMessage(submit.error)}</Alert>
        </div>
      )}
      <nav aria-label={t('learner.take.questionsNav')} className="mt-4">
        <ol className="flex flex-wrap gap-2">
          {attempt.questions.map((item, index) => (
            <li key={item.id}>
              <Button
                size="sm"
                variant={index === current ? 'primary' : 'secondary'}
                aria-current={index === current ? 'step' : undefined}
                aria-label={t('learner.take.goTo', {
                  number: index + 1,
                  state: isAnswered(answers[item.id]) ? t('learner.take.answeredMark') : '',
                })}
                className={cn(isAnswered(answers[item.id]) && index !== current && 'border-primary')}
                onClick={() => setCurrent(index)}
              >
                {index + 1}
              </Button>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-6">
        <QuestionView
          key={question.id}
          question={question}
          number={current + 1}
          answer={answers[question.id]}
          disabled={isOver || submit.isPending}
          onAnswer={(answer) => onAnswer(question, answer)}
        />
        <p aria-live="polite" className="mt-2 min-h-5 text-xs text-muted-foreground">
          {state === 'saving' && t('learner.take.saving')}
          {state === 'saved' && t('learner.take.saved')}
          {state === 'failed' && <span className="text-danger">{t('learner.take.saveFailed')}</span>}
        </p>
      </div>
      <div className="mt-4 flex flex-wrap justify-between gap-2">
        <div className="flex gap-2">
          <Button variant="secondary" disabled={current === 0} onClick={() => setCurrent(current - 1)}>
            {t('learner.take.previous')}
          </Button>
          <Button
            variant="secondary"
            disabled={current === total - 1}
            onClick={() => setCurrent(current + 1)}
          >
            {t('learner.take.next')}
          </Button>
        </div>
        <Button isLoading={submit.isPending} disabled={isOver} onClick={() => setIsConfirming(true)}>
          {t('learner.take.submit')}
        </Button>
      </div>
      {isConfirming && (
        <ConfirmDialog
          title={t('learner.take.confirmTitle')}
          description={t('learner.take.confirmDescription')}
          confirmLabel={t('learner.take.submit')}
          isDanger={false}
          isPending={submit.isPending}
          onClose={() => setIsConfirming(false)}
          onConfirm={() => {
            setIsConfirming(false);
            void flushAndSubmit();
          }}
        >
          {unanswered > 0 && (
            <Alert variant="warning">{t('learner.take.unanswered', { count: unanswered })}</Alert>
          )}
        </ConfirmDialog>
      )}
    </Card>
  );
}

function describeAnswer(
  question: AttemptQuestion,
  answer: Answer | undefined,
  translateTrueFalse: (id: string) => string,
) {
  if (!answer) return null;
  if (question.type === 'short_answer') return answer.text?.trim() || null;
  const names = question.options
    .filter((option) => answer.optionIds?.includes(option.id))
    .map((option) => (question.type === 'true_false' ? translateTrueFalse(option.id) : option.text));
  return names.length > 0 ? names.join(', ') : null;
}

function AttemptResultView({
  attempt,
  onOpen,
}: {
  attempt: Attempt;
  onOpen: (attemptId: string | null) => void;
}) {
  const { t } = useTranslation('quizzes');
  const start = useStartAttempt();
  const result = attempt.result!;
  const trueFalse = (id: string) => t(`trueFalse.${id as 'true' | 'false'}`);
  return (
    <Card as="section" aria-labelledby="result-title">
      <CardTitle id="result-title">
        {t('learner.result.title')} · {attempt.quizTitle}
      </CardTitle>
      <div className="mt-4 flex flex-col gap-2">
        <p className="flex items-center gap-2 text-lg font-semibold text-foreground">
          {result.passed ? (
            <CircleCheck aria-hidden="true" className="size-6 text-success" />
          ) : (
            <CircleX aria-hidden="true" className="size-6 text-danger" />
          )}
          {result.passed ? t('learner.result.passed') : t('learner.result.failed')}
        </p>
        <p className="text-sm text-foreground">
          {t('learner.result.score', {
            score: result.scorePercent,
            points: result.scorePoints,
            max: result.maxPoints,
          })}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('learner.result.threshold', { score: result.passingScore })}
        </p>
      </div>
      {!result.showsCorrectAnswers && (
        <div className="mt-4">
          <Alert variant="info">{t('learner.result.hidden')}</Alert>
        </div>
      )}
      <ol className="mt-4 flex flex-col gap-3">
        {attempt.questions.map((question, index) => {
          const outcome = result.questions.find((item) => item.questionId === question.id);
          const given = describeAnswer(question, attempt.answers[question.id], trueFalse);
          const correctNames = question.options
            .filter((option) => outcome?.correctOptionIds?.includes(option.id))
            .map((option) => (question.type === 'true_false' ? trueFalse(option.id) : option.text));
          return (
            <li key={question.id} className="flex flex-col gap-1 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium text-foreground">
                  {index + 1}. {question.text}
                </span>
                <Badge variant={outcome?.isCorrect ? 'success' : 'danger'}>
                  {outcome?.isCorrect ? t('learner.result.correct') : t('learner.result.incorrect')}
                </Badge>
              </div>
              <span className="text-sm text-muted-foreground">
                {given ? t('learner.result.yourAnswer', { answer: given }) : t('learner.result.noAnswer')}
              </span>
              {!outcome?.isCorrect && correctNames.length > 0 && (
                <span className="text-sm text-foreground">
                  {t('learner.result.correctAnswer', {
                    count: correctNames.length,
                    answers: correctNames.join(', '),
                  })}
                </span>
              )}
              {!outcome?.isCorrect && (outcome?.acceptedAnswers?.length ?? 0) > 0 && (
                <span className="text-sm text-foreground">
                  {t('learner.result.accepted', { answers: outcome!.acceptedAnswers!.join(', ') })}
                </span>
              )}
              {outcome?.explanation && (
                <span className="text-sm text-muted-foreground">{outcome.explanation}</span>
              )}
            </li>
          );
        })}
      </ol>
      {start.isError && (
        <div className="mt-4">
          <Alert variant="error">{getErrorMessage(start.error)}</Alert>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {attempt.canRetake && (
          <Button
            isLoading={start.isPending}
            onClick={() => start.mutate(attempt.quizId, { onSuccess: (next) => onOpen(next.id) })}
          >
            {t('learner.result.retake')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => onOpen(null)}>
          {t('learner.result.backToQuiz')}
        </Button>
      </div>
    </Card>
  );
}

/** An attempt: answered question by question with autosave and the server's countdown, then its result. */
export function TakeAttempt({
  attemptId,
  onOpen,
}: {
  attemptId: string;
  onOpen: (attemptId: string | null) => void;
}) {
  const { t } = useTranslation('quizzes');
  const { t: tCommon } = useTranslation('common');
  const attempt = useAttempt(attemptId);
  if (attempt.isPending) return <Spinner label={tCommon('loading')} />;
  if (attempt.isError)
    return (
      <LoadErrorAlert
        error={attempt.error}
        retryLabel={t('common.retry')}
        onRetry={() => attempt.refetch()}
      />
    );
  return attempt.data.status === 'submitted' ? (
    <AttemptResultView attempt={attempt.data} onOpen={onOpen} />
  ) : (
    <AttemptForm key={attempt.data.id} attempt={attempt.data} />
  );
}
