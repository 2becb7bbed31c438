import { LOG_PERIODS, type LogPeriod } from '@cursus/contracts';
import { FileQuestion } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { ListStates } from '@/components/ui/list-states';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { oneOf, pageFrom, useAddressFilters } from '@/hooks/use-address-filters';
import { cn } from '@/lib/cn';
import { useNotFoundErrors } from '../api/get-system-logs';
import { useSystemFormat } from './format';

const PAGE_SIZE = 20;

interface Filters {
  search: string;
  period: LogPeriod;
  page: number;
}

function readFilters(search: URLSearchParams): Filters {
  return {
    search: search.get('q') ?? '',
    period: oneOf(LOG_PERIODS, search.get('period')) || '24h',
    page: pageFrom(search),
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const search = new URLSearchParams({ tab: 'not-found' });
  if (filters.search.trim()) search.set('q', filters.search.trim());
  if (filters.period !== '24h') search.set('period', filters.period);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The visits of unknown pages (not_found_errors), in the monitoring screen's second tab. */
export function NotFoundList() {
  const { t } = useTranslation('system');
  const format = useSystemFormat();
  const { filters, searchText, setSearchText, update, replace, reset } = useAddressFilters(
    readFilters,
    writeFilters,
  );
  const { search, period, page } = filters;
  const visits = useNotFoundErrors({ page, pageSize: PAGE_SIZE, period, search: search.trim() || undefined });
  const ids = { search: useId(), period: useId() };

  const renderList = () => (
    <ListStates
      query={visits}
      loading={{ label: t('notFound.loading'), bars: ['w-1/4', 'w-2/3'] }}
      error={{ title: t('notFound.error'), retryLabel: t('retry') }}
      isFiltered={search !== ''}
      noMatch={{
        title: t('notFound.noMatchTitle'),
        description: t('notFound.noMatchDescription'),
        resetLabel: t('monitoring.reset'),
        onReset: () => reset({ ...filters, search: '', page: 1 }),
      }}
      empty={
        <EmptyState
          icon={FileQuestion}
          title={t('notFound.emptyTitle')}
          description={t('notFound.emptyDescription')}
        />
      }
    >
      {({ data: { items, total, pageSize }, isFetching, isPlaceholderData }) => (
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
              aria-busy={isFetching || undefined}
              className={cn('w-full border-collapse text-left text-sm', isPlaceholderData && 'opacity-70')}
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
            onPageChange={(next) => replace({ ...filters, page: next })}
          />
        </div>
      )}
    </ListStates>
  );

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
            onChange={(event) => update({ period: event.target.value as LogPeriod })}
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
