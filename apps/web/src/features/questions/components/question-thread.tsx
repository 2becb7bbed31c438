import { QUESTION_MESSAGE_MAX, type QuestionWithReplies } from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useReplyAsStudent } from '../api/ask-question';
import { useReplyAsTrainer } from '../api/trainer-questions';
import { formatDateTime } from './question-labels';

/** Where the question sits (formation, lesson) and who handles it. */
export function QuestionMeta({ question }: { question: QuestionWithReplies }) {
  const { t } = useTranslation('questions');
  const parts = [
    t(`category.${question.category}`),
    question.courseTitle ? t('thread.course', { title: question.courseTitle }) : null,
    question.lessonTitle ? t('thread.lesson', { title: question.lessonTitle }) : null,
    question.trainerName ? t('thread.assignedTo', { name: question.trainerName }) : t('thread.unassigned'),
  ].filter((part): part is string => part !== null);
  return <p className="text-xs text-muted-foreground">{parts.join(' · ')}</p>;
}

function ReplyForm({ questionId, viewer }: { questionId: string; viewer: 'student' | 'staff' }) {
  const { t } = useTranslation('questions');
  const asStudent = useReplyAsStudent();
  const asTrainer = useReplyAsTrainer();
  const reply = viewer === 'student' ? asStudent : asTrainer;
  const [message, setMessage] = useState('');
  const isEmpty = message.trim() === '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty) return;
    reply.mutate(
      { id: questionId, body: { message } },
      {
        onSuccess: () => {
          setMessage('');
          notify.success(t('toasts.replySent'));
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      {reply.isError && <Alert variant="error">{getErrorMessage(reply.error)}</Alert>}
      <Field label={t('thread.reply')}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={message}
            maxLength={QUESTION_MESSAGE_MAX}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </Field>
      <div>
        <Button type="submit" size="sm" disabled={isEmpty} isLoading={reply.isPending}>
          {t('thread.send')}
        </Button>
      </div>
    </form>
  );
}

/** The question, its replies oldest first, and the form to add one. */
export function QuestionThread({
  question,
  viewer,
}: {
  question: QuestionWithReplies;
  viewer: 'student' | 'staff';
}) {
  const { t } = useTranslation('questions');
  const authorOf = (isFromStudent: boolean, name: string) => {
    if (viewer === 'student') return isFromStudent ? t('thread.you') : `${name} · ${t('thread.trainer')}`;
    return isFromStudent ? `${name} · ${t('thread.student')}` : name;
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm whitespace-pre-line break-words text-foreground">{question.message}</p>
      <section aria-label={t('thread.repliesLabel')} className="flex flex-col gap-2">
        {question.replies.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('thread.noReplies')}</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {question.replies.map((reply) => (
              <li
                key={reply.id}
                className={cn(
                  'flex flex-col gap-1 rounded-lg border border-border p-3',
                  reply.isFromStudent ? 'bg-card' : 'bg-muted/60',
                )}
              >
                <p className="text-xs font-medium text-muted-foreground">
                  {authorOf(reply.isFromStudent, reply.responderName)} · {formatDateTime(reply.createdAt)}
                </p>
                <p className="text-sm whitespace-pre-line break-words text-foreground">{reply.message}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <ReplyForm questionId={question.id} viewer={viewer} />
    </div>
  );
}
