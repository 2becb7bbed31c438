import {
  QUESTION_CATEGORIES,
  QUESTION_MESSAGE_MAX,
  QUESTION_SUBJECT_MAX,
  type QuestionCategory,
  type QuestionWithReplies,
} from '@cursus/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useAskQuestion } from '../api/ask-question';
import type { QuestionContext } from '../lib/question-context';

export interface AskQuestionFormProps {
  /** SPEC 5: without an organisation, nobody can answer: the form gives way to an alert. */
  hasOrganization: boolean;
  /** The formation (and lesson) of the page the learner is on, attached unless they untick it. */
  context?: QuestionContext | null;
  onSubmitted?: (question: QuestionWithReplies) => void;
  onCancel?: () => void;
}

/** The SPEC 5 missing-organisation alert, with its way to /assign-organization. */
export function MissingOrganizationAlert() {
  const { t } = useTranslation('questions');
  return (
    <Alert
      variant="warning"
      title={t('ask.noOrganization')}
      action={
        <Link
          to={paths.assignOrganization.getHref()}
          className={buttonClassName('secondary', 'sm', 'self-start')}
        >
          {t('ask.assignOrganization')}
        </Link>
      }
    />
  );
}

/** SPEC 5 ask-question form: subject and message required once trimmed, send disabled otherwise. */
export function AskQuestionForm({
  hasOrganization,
  context = null,
  onSubmitted,
  onCancel,
}: AskQuestionFormProps) {
  const { t } = useTranslation('questions');
  const ask = useAskQuestion();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [category, setCategory] = useState<QuestionCategory>('general');
  const [isContextAttached, setIsContextAttached] = useState(true);
  const [isRefusedForOrganization, setIsRefusedForOrganization] = useState(false);
  const hintId = useId();

  if (!hasOrganization || isRefusedForOrganization) return <MissingOrganizationAlert />;

  const isMissingFields = subject.trim() === '' || message.trim() === '';
  const attached = context && isContextAttached ? context : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isMissingFields) return;
    ask.mutate(
      {
        subject,
        message,
        category,
        courseId: attached?.courseId ?? null,
        lessonId: attached?.lessonId ?? null,
      },
      {
        onSuccess: (question) => {
          notify.success(t('toasts.questionSubmitted'));
          setSubject('');
          setMessage('');
          setCategory('general');
          onSubmitted?.(question);
        },
        onError: (error) => {
          if (isApiError(error, 'NO_ORGANIZATION')) return setIsRefusedForOrganization(true);
          // SPEC 8: the request never reached the server (send) or was refused there (create).
          const isUnsent = isApiError(error) && error.status === 0;
          notify.error(t(isUnsent ? 'toasts.errorSendingQuestion' : 'toasts.errorSubmittingQuestion'));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('ask.subject')}>
        {(control) => (
          <Input
            {...control}
            value={subject}
            maxLength={QUESTION_SUBJECT_MAX}
            required
            onChange={(event) => setSubject(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('ask.message')}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            value={message}
            maxLength={QUESTION_MESSAGE_MAX}
            required
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('ask.category')}>
        {(control) => (
          <Select
            {...control}
            value={category}
            onChange={(event) => setCategory(event.target.value as QuestionCategory)}
          >
            {QUESTION_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {t(`category.${option}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {context && (
        <Checkbox
          checked={isContextAttached}
          onChange={(event) => setIsContextAttached(event.target.checked)}
          label={t('ask.attachContext')}
          hint={context.lessonId ? t('ask.aboutLesson') : t('ask.aboutCourse')}
        />
      )}
      {isMissingFields && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('ask.missingFields')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('ask.cancel')}
          </Button>
        )}
        <Button
          type="submit"
          disabled={isMissingFields}
          isLoading={ask.isPending}
          aria-describedby={isMissingFields ? hintId : undefined}
        >
          {t('ask.submit')}
        </Button>
      </div>
    </form>
  );
}
