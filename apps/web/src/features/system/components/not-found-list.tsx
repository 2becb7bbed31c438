import { LOG_PERIODS, type LogPeriod } from '@cursus/contracts';
import { FileQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { useSettledSearch } from '@/hooks/use-settled-search';
import { cn } from '@/lib/cn';
import { useNotFoundErrors } from '../api/get-system-logs';
import { useSystemFormat } from './format';

const PAGE_SIZE = 20;

/** The visits of unknown pages (not_found_errors), in the monitoring screen's second tab. */
export function NotFoundList() {
  const { t } = useTranslation('system');
  const format = useSystemFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const periodParam = searchParams.get('period');
  const period: LogPeriod = LOG_PERIODS.includes(periodParam as LogPeriod)
    ? (periodParam as LogPeriod)
    : '24h';
  const pageParam = Number(searchParams.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const [searchText, setSearchText] = useState(search);
  const visits = useNotFoundErrors({ page, pageSize: PAGE_SIZE, period, search: search.trim() || undefined });
  const ids = { search: useId(), period: useId() };

  const write = (changes: { q?: string; period?: LogPeriod; page?: number }) => {
    const next = { q: search, period, page: 1, ...changes };
    const params = new URLSearchParams({ tab: 'not-found' });
    if (next.q.trim()) params.set('q', next.q.trim());
    if (next.period !== '24h') params.set('period', next.period);
    if (next.page > 1) params.set('page', String(next.page));
    setSearchParams(params, { replace: true });
  };
  useSettledSearch(searchText, search, (q) => write({ q }));

  const renderList = () => {
    if (visits.isPending)
      return <SkeletonCards label={t('notFound.loading')} count={3} bars={['w-1/4', 'w-2/3']} />;
    if (visits.isError)
      return (
        <LoadErrorAlert
          error={visits.error}
          title={t('notFound.error')}
          retryLabel={t('retry')}
          onRetry={() => visits.refetch()}
        />
      );
    const { items, total, pageSize } = visits.data;
    if (total === 0)
      return search ? (
        <NoMatchState
          title={t('notFound.noMatchTitle')}
          description={t('notFound.noMatchDescription')}
          resetLabel={t('monitoring.reset')}
          onReset={() => {
            setSearchText('');
            write({ q: '' });
          }}
        />
      ) : (
        <EmptyState
          icon={FileQuestion}
          title={t('notFound.emptyTitle')}
          description={t('notFound.emptyDescription')}
        />
      );
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('notFound.summary', { count: total, formatted: format.number(total) })}
        </p>
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, keyboard users must be able to scroll the table sideways on narrow screens.
          tabIndex={0}
          aria-label={t('notFound.caption')}
          className={cn('overflow-x-auto rounded-xl border border-border bg-card', FOCUS_RING)}
        >
          <table
            aria-busy={visits.isFetching || undefined}
            className={cn(
              'w-full border-collapse text-left text-sm',
              visits.isPlaceholderData && 'opacity-70',
            )}
          >
            <caption className="sr-only">{t('notFound.caption')}</caption>
            <thead className="bg-muted text-xs text-muted-foreground">
              <tr>
                {(['date', 'path', 'referrer', 'role'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {t(`notFound.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((visit) => (
                <tr key={visit.id} className="border-t border-border align-top">
                  <td className="px-3 py-3 whitespace-nowrap tabular-nums">
                    <time dateTime={visit.createdAt}>{format.dateTime(visit.createdAt)}</time>
                  </td>
                  <th scope="row" className="px-3 py-3 font-mono text-xs font-normal break-all">
                    {visit.path}
                  </th>
                  <td className="px-3 py-3 text-xs break-all text-muted-foreground">
                    {visit.referrer ?? t('none')}
                  </td>
                  <td className="px-3 py-3">{visit.userRole ?? t('visitor')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <Pagination
          page={page}
          pageSize={pageSize}
          total={total}
          label={t('notFound.pages')}
          onPageChange={(next) => write({ page: next })}
        />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <FilterBar label={t('notFound.filters')} className="lg:grid-cols-[2fr_1fr]">
        <FilterField label={t('notFound.search')} htmlFor={ids.search}>
          <Input
            id={ids.search}
            type="search"
            value={searchText}
            maxLength={100}
            placeholder={t('notFound.searchPlaceholder')}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </FilterField>
        <FilterField label={t('monitoring.period')} htmlFor={ids.period}>
          <Select
            id={ids.period}
            value={period}
            onChange={(event) => write({ period: event.target.value as LogPeriod })}
          >
            {LOG_PERIODS.map((each) => (
              <option key={each} value={each}>
                {t(`periods.${each}`)}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      {renderList()}
    </div>
  );
}
