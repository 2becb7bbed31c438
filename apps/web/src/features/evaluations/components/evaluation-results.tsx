import type { EvaluationResultsQuery, QuestionResult } from '@cursus/contracts';
import { Download, MessageSquareText } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CHART_TICK, CHART_TOOLTIP } from '@/components/ui/chart-theme';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { numberFormat } from '@/lib/intl';
import { getResultsExportHref, useEvaluationCourseOptions, useEvaluationResults } from '../api/evaluations';

// The theme's colours, so the charts follow the light and dark themes.
const PRIMARY = 'var(--primary)';

function useFormatNumber() {
  const { i18n } = useTranslation();
  return (value: number, digits = 1) =>
    numberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
}

/** The SVG says nothing to a screen reader: the figures are written beside it. */
function ChartFrame({ children }: { children: ReactNode }) {
  return (
    <div aria-hidden="true" className="h-48 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {children as never}
      </ResponsiveContainer>
    </div>
  );
}

/** The bars of a question: ratings 1 to 5, or each option with how many chose it. */
export function questionBars(question: QuestionResult, ratingLabel: (rating: number) => string) {
  if (question.ratingCounts) {
    return question.ratingCounts.map((count, index) => ({ label: ratingLabel(index + 1), count }));
  }
  return (question.optionCounts ?? []).map((entry) => ({ label: entry.option, count: entry.count }));
}

function QuestionCard({ question, index }: { question: QuestionResult; index: number }) {
  const { t } = useTranslation('evaluations');
  const format = useFormatNumber();
  const headingId = useId();
  const bars = questionBars(question, (rating) => String(rating));
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-foreground">
        {t('answer.number', { number: index + 1 })} {question.label}
      </h3>
      <p className="text-sm text-muted-foreground">
        {t('results.answeredCount', { count: question.answered })}
        {question.average !== null && ` · ${t('results.average', { value: format(question.average) })}`}
      </p>
      {question.texts ? (
        question.texts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('results.noText')}</p>
        ) : (
          <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto">
            {question.texts.map((text, at) => (
              // Answers may repeat word for word: the position keeps them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={at} className="flex gap-2 rounded-md bg-muted px-3 py-2 text-sm text-foreground">
                <MessageSquareText
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                />
                <span className="whitespace-pre-line">{text}</span>
              </li>
            ))}
          </ul>
        )
      ) : (
        <>
          <ul className="sr-only">
            {bars.map((bar) => (
              <li key={bar.label}>{t('results.bar', { label: bar.label, count: bar.count })}</li>
            ))}
          </ul>
          <ChartFrame>
            <BarChart
              accessibilityLayer={false}
              data={bars}
              margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis dataKey="label" tick={CHART_TICK} />
              <YAxis allowDecimals={false} tick={CHART_TICK} />
              <Tooltip {...CHART_TOOLTIP} />
              <Bar dataKey="count" name={t('results.responses')} fill={PRIMARY} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ChartFrame>
        </>
      )}
    </Card>
  );
}

/** Response rate, average satisfaction and each question's figures, filtered by formation and period. */
export function EvaluationResults({ questionnaireId }: { questionnaireId: string }) {
  const { t } = useTranslation('evaluations');
  const format = useFormatNumber();
  const courses = useEvaluationCourseOptions();
  const [query, setQuery] = useState<EvaluationResultsQuery>({});
  const results = useEvaluationResults(questionnaireId, query);
  const set = (patch: Partial<EvaluationResultsQuery>) =>
    setQuery((current) => {
      const next = { ...current, ...patch };
      return Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as EvaluationResultsQuery;
    });
  const data = results.data;

  return (
    <div className="flex flex-col gap-4">
      <FilterBar label={t('results.filters')}>
        <FilterField label={t('results.course')} htmlFor="results-course">
          <Select
            id="results-course"
            value={query.courseId ?? ''}
            onChange={(e) => set({ courseId: e.target.value })}
          >
            <option value="">{t('results.allCourses')}</option>
            {(courses.data?.items ?? []).map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('results.from')} htmlFor="results-from">
          <Input
            id="results-from"
            type="date"
            value={query.from ?? ''}
            onChange={(e) => set({ from: e.target.value })}
          />
        </FilterField>
        <FilterField label={t('results.to')} htmlFor="results-to">
          <Input
            id="results-to"
            type="date"
            value={query.to ?? ''}
            onChange={(e) => set({ to: e.target.value })}
          />
        </FilterField>
      </FilterBar>
      {results.isPending ? (
        <SkeletonCards
          count={2}
          label={t('results.loading')}
          bars={['h-4 w-1/3 rounded', 'h-4 w-2/3 rounded']}
        />
      ) : results.isError ? (
        <LoadErrorAlert error={results.error} retryLabel={t('retry')} onRetry={() => results.refetch()} />
      ) : data ? (
        <>
          <Card as="section" aria-label={t('results.summary')} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">{t('results.invited')}</dt>
                  <dd className="text-lg font-semibold text-foreground">{data.invited}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('results.answered')}</dt>
                  <dd className="text-lg font-semibold text-foreground">{data.answered}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('results.averageRating')}</dt>
                  <dd className="text-lg font-semibold text-foreground">
                    {data.averageRating === null
                      ? '—'
                      : t('results.outOfFive', { value: format(data.averageRating) })}
                  </dd>
                </div>
              </dl>
              <a
                href={getResultsExportHref(questionnaireId, query)}
                download
                className={buttonClassName('secondary', 'sm')}
              >
                <Download aria-hidden="true" className="size-4" />
                {t('results.export')}
              </a>
            </div>
            <ProgressBar
              value={(data.responseRate ?? 0) * 100}
              label={t('results.responseRate')}
              valueText={
                data.responseRate === null
                  ? t('results.noInvitation')
                  : t('results.rate', { value: format(data.responseRate * 100, 0) })
              }
            />
          </Card>
          {data.answered === 0 ? (
            <EmptyState
              icon={MessageSquareText}
              title={t('results.emptyTitle')}
              description={t('results.empty')}
            />
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              {data.questions.map((question, index) => (
                <QuestionCard key={question.id} question={question} index={index} />
              ))}
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
