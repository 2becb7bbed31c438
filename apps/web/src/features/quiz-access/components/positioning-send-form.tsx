import {
  type Language,
  POSITIONING_MAX_RECIPIENTS,
  POSITIONING_VALIDITY_DAYS,
  type SendPositioningResult,
} from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { useCourseChoices, useQuizChoices } from '../api/get-choices';
import { useSendPositioning } from '../api/send-positioning';
import { ChoiceSelect } from './choice-select';

const STATUS_VARIANTS: Record<SendPositioningResult['results'][number]['status'], BadgeVariant> = {
  sent: 'success',
  replaced: 'info',
  invalid: 'danger',
  duplicate: 'warning',
  empty: 'neutral',
};

/**
 * Bulk send of positioning invitations (Qualiopi indicator 8): addresses typed or pasted from a
 * spreadsheet, one per line; each line gets its outcome.
 */
export function PositioningSendForm() {
  const { t, i18n } = useTranslation('quizAccess');
  const courses = useCourseChoices();
  const quizzes = useQuizChoices();
  const send = useSendPositioning();
  const [courseId, setCourseId] = useState('');
  const [quizId, setQuizId] = useState('');
  const [text, setText] = useState('');
  const [validityDays, setValidityDays] = useState(String(POSITIONING_VALIDITY_DAYS.default));
  const [language, setLanguage] = useState<Language>(i18n.language === 'en' ? 'en' : 'fr');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const lines = text.split(/\r?\n/);
  // Trailing blank lines of a paste are not recipients.
  while (lines.length > 0 && !lines[lines.length - 1]!.trim()) lines.pop();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const days = Number(validityDays);
    const next = {
      courseId: courseId ? undefined : t('send.courseRequired'),
      quizId: quizId ? undefined : t('send.quizRequired'),
      lines:
        lines.length === 0
          ? t('send.linesRequired')
          : lines.length > POSITIONING_MAX_RECIPIENTS
            ? t('send.tooManyLines', { max: POSITIONING_MAX_RECIPIENTS })
            : undefined,
      validityDays:
        Number.isInteger(days) &&
        days >= POSITIONING_VALIDITY_DAYS.min &&
        days <= POSITIONING_VALIDITY_DAYS.max
          ? undefined
          : t('send.validityRange', {
              min: POSITIONING_VALIDITY_DAYS.min,
              max: POSITIONING_VALIDITY_DAYS.max,
            }),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    send.mutate({ courseId, quizId, lines, validityDays: days, language });
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={handleSubmit} className="grid gap-4 md:grid-cols-2" noValidate>
        <ChoiceSelect
          label={t('send.course')}
          value={courseId}
          onChange={setCourseId}
          isLoading={courses.isPending}
          options={courses.data?.items.map((course) => ({ id: course.id, label: course.title }))}
          error={errors.courseId}
        />
        <ChoiceSelect
          label={t('send.quiz')}
          value={quizId}
          onChange={setQuizId}
          isLoading={quizzes.isPending}
          options={quizzes.data?.items.map((quiz) => ({ id: quiz.id, label: quiz.title }))}
          error={errors.quizId}
        />
        <div className="md:col-span-2">
          <Field
            label={t('send.lines')}
            description={t('send.linesHint', { max: POSITIONING_MAX_RECIPIENTS })}
            error={errors.lines}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={6}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label={t('send.validityDays')} error={errors.validityDays}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={POSITIONING_VALIDITY_DAYS.min}
              max={POSITIONING_VALIDITY_DAYS.max}
              value={validityDays}
              onChange={(event) => setValidityDays(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('send.language')}>
          {(control) => (
            <Select
              {...control}
              value={language}
              onChange={(event) => setLanguage(event.target.value as Language)}
            >
              <option value="fr">{t('send.languages.fr')}</option>
              <option value="en">{t('send.languages.en')}</option>
            </Select>
          )}
        </Field>
        {send.error ? (
          <div className="md:col-span-2">
            <Alert variant="error">{getErrorMessage(send.error)}</Alert>
          </div>
        ) : null}
        <div className="md:col-span-2">
          <Button type="submit" disabled={send.isPending}>
            {send.isPending
              ? t('send.sending')
              : // No recipient yet: 'Send 0 invitations' read as if sending did nothing.
                lines.length === 0
                ? t('send.submitNone')
                : t('send.submit', { count: lines.length })}
          </Button>
        </div>
      </form>
      {send.data && (
        <section aria-labelledby="positioning-send-results" className="flex flex-col gap-3">
          <h2 id="positioning-send-results" className="text-base font-semibold text-foreground">
            {t('send.resultsTitle')}
          </h2>
          <Alert variant={send.data.sentCount > 0 ? 'success' : 'warning'}>
            {t('send.sentCount', { count: send.data.sentCount })}
          </Alert>
          <ul className="flex flex-col gap-1 text-sm">
            {send.data.results.map((result) => (
              <li key={result.line} className="flex flex-wrap items-center gap-2">
                <span className="text-muted-foreground">{t('send.lineNumber', { line: result.line })}</span>
                <span className="break-all text-foreground">{result.email ?? (result.input || '—')}</span>
                <Badge variant={STATUS_VARIANTS[result.status]}>{t(`send.status.${result.status}`)}</Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
