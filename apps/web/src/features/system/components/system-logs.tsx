import {
  LOG_PERIODS,
  LOG_SEVERITIES,
  type LogPeriod,
  type LogSeverity,
  type SystemLog,
  type SystemLogListQuery,
  type SystemLogSummary,
} from '@cursus/contracts';
import { ScrollText } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { ListStates } from '@/components/ui/list-states';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedTable } from '@/components/ui/paged-table';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { TabList } from '@/components/ui/tab-list';
import { oneOf, pageFrom, useAddressFilters } from '@/hooks/use-address-filters';
import { useTabs } from '@/hooks/use-tabs';
import { useSystemLogSummary, useSystemLogs } from '../api/get-system-logs';
import { type SystemFormat, useSystemFormat } from './format';
import { LogDetailDialog } from './log-detail-dialog';
import { NotFoundList } from './not-found-list';
import { SeverityBadge } from './severity-badge';
import { SeverityFilter } from './severity-filter';

// recharts is most of this screen's weight: the list shows at once, the chart follows.
const ErrorsChart = lazy(() => import('./errors-chart').then((module) => ({ default: module.ErrorsChart })));

const PAGE_SIZE = 20;
const TABS = ['logs', 'notFound'] as const;
type Tab = (typeof TABS)[number];

interface Filters {
  search: string;
  severity: LogSeverity | '';
  category: string;
  organizationId: string;
  period: LogPeriod;
  page: number;
}

function readFilters(search: URLSearchParams): Filters {
  return {
    search: search.get('q') ?? '',
    severity: oneOf(LOG_SEVERITIES, search.get('severity')),
    category: search.get('category') ?? '',
    organizationId: search.get('organization') ?? '',
    period: oneOf(LOG_PERIODS, search.get('period')) || '24h',
    page: pageFrom(search),
  };
}

/** The filters live in the address, so a filtered view can be shared and survives a reload. */
function writeFilters(filters: Filters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.search.trim()) search.set('q', filters.search.trim());
  if (filters.severity) search.set('severity', filters.severity);
  if (filters.category) search.set('category', filters.category);
  if (filters.organizationId) search.set('organization', filters.organizationId);
  if (filters.period !== '24h') search.set('period', filters.period);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

function toQuery(filters: Filters): SystemLogListQuery {
  return {
    page: filters.page,
    pageSize: PAGE_SIZE,
    period: filters.period,
    severity: filters.severity || undefined,
    category: filters.category || undefined,
    organizationId: filters.organizationId || undefined,
    search: filters.search.trim() || undefined,
  };
}

function ChartPanel({ summary, format }: { summary: SystemLogSummary | undefined; format: SystemFormat }) {
  const { t } = useTranslation('system');
  const headingId = useId();
  const errors = summary?.hours.reduce((total, hour) => total + hour.errors, 0) ?? 0;
  const peak = summary?.hours.reduce((most, hour) => Math.max(most, hour.errors), 0) ?? 0;
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-base font-semibold text-foreground">
        {t('monitoring.chart.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('monitoring.chart.description')}</p>
      {summary ? (
        <>
          <p className="text-sm text-foreground" aria-live="polite">
            {t('monitoring.chart.summary', {
              count: errors,
              formatted: format.number(errors),
              peak: format.number(peak),
            })}
          </p>
          <Suspense
            fallback={
              <SkeletonCards label={t('monitoring.chart.loading')} count={1} bars={['h-48 w-full rounded']} />
            }
          >
            <ErrorsChart hours={summary.hours} format={format} />
          </Suspense>
        </>
      ) : (
        <SkeletonCards label={t('monitoring.chart.loading')} count={1} bars={['h-48 w-full rounded']} />
      )}
    </Card>
  );
}

function LogsPanel() {
  const { t } = useTranslation('system');
  const format = useSystemFormat();
  const { filters, searchText, setSearchText, update, replace, reset } = useAddressFilters(
    readFilters,
    writeFilters,
  );
  const [opened, setOpened] = useState<SystemLog | null>(null);
  const query = toQuery(filters);
  const logs = useSystemLogs(query);
  const summary = useSystemLogSummary({
    period: query.period,
    category: query.category,
    organizationId: query.organizationId,
    search: query.search,
  });
  const ids = {
    search: useId(),
    category: useId(),
    organization: useId(),
    period: useId(),
  };
  const hasFilters =
    filters.search !== '' ||
    filters.severity !== '' ||
    filters.category !== '' ||
    filters.organizationId !== '';

  const renderList = () => (
    <ListStates
      query={logs}
      loading={{ label: t('monitoring.loading'), bars: ['w-1/4', 'w-2/3'] }}
      error={{ title: t('monitoring.error'), retryLabel: t('retry') }}
      isFiltered={hasFilters}
      noMatch={{
        title: t('monitoring.noMatchTitle'),
        description: t('monitoring.noMatchDescription'),
        resetLabel: t('monitoring.reset'),
        // The period is not a filter of what exists: it stays.
        onReset: () =>
          reset({ ...filters, search: '', severity: '', category: '', organizationId: '', page: 1 }),
      }}
      empty={
        <EmptyState
          icon={ScrollText}
          title={t('monitoring.emptyTitle')}
          description={t('monitoring.emptyDescription')}
        />
      }
    >
      {(list) => (
        <PagedTable
          query={list}
          caption={t('monitoring.caption')}
          columns={(['date', 'severity', 'category', 'message', 'organization'] as const).map((column) => ({
            key: column,
            header: t(`monitoring.columns.${column}`),
          }))}
          summary={t('monitoring.summary', {
            count: list.data.total,
            formatted: format.number(list.data.total),
          })}
          pagesLabel={t('monitoring.pages')}
          onPageChange={(page) => replace({ ...filters, page })}
        >
          {list.data.items.map((log) => (
            <tr key={log.id} className="border-t border-border align-top">
              <td className="px-3 py-3 whitespace-nowrap tabular-nums">
                <time dateTime={log.createdAt}>{format.dateTime(log.createdAt)}</time>
              </td>
              <td className="px-3 py-3">
                <SeverityBadge severity={log.severity} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">{log.category}</td>
              <th scope="row" className="max-w-md px-3 py-3 text-left font-normal">
                <Button
                  variant="link"
                  className="h-auto p-0 text-left break-words whitespace-normal"
                  aria-label={t('monitoring.open', { message: log.message })}
                  onClick={() => setOpened(log)}
                >
                  {log.message}
                </Button>
              </th>
              <td className="px-3 py-3">{log.organizationName ?? t('platform')}</td>
            </tr>
          ))}
        </PagedTable>
      )}
    </ListStates>
  );

  return (
    <div className="flex flex-col gap-6">
      <FilterBar label={t('monitoring.filters')} className="lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
        <FilterField label={t('monitoring.search')} htmlFor={ids.search}>
          <Input
            id={ids.search}
            type="search"
            value={searchText}
            maxLength={100}
            placeholder={t('monitoring.searchPlaceholder')}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </FilterField>
        <SeverityFilter value={filters.severity} onChange={(severity) => update({ severity })} />
        <FilterField label={t('monitoring.category')} htmlFor={ids.category}>
          <Select
            id={ids.category}
            value={filters.category}
            onChange={(event) => update({ category: event.target.value })}
          >
            <option value="">{t('monitoring.allCategories')}</option>
            {/* The one chosen stays offered, even once the period holds none. */}
            {[
              ...new Set([
                ...(summary.data?.categories ?? []),
                ...(filters.category ? [filters.category] : []),
              ]),
            ].map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('monitoring.organization')} htmlFor={ids.organization}>
          <Select
            id={ids.organization}
            value={filters.organizationId}
            onChange={(event) => update({ organizationId: event.target.value })}
          >
            <option value="">{t('monitoring.allOrganizations')}</option>
            {(summary.data?.organizations ?? []).map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('monitoring.period')} htmlFor={ids.period}>
          <Select
            id={ids.period}
            value={filters.period}
            onChange={(event) => update({ period: event.target.value as LogPeriod })}
          >
            {LOG_PERIODS.map((period) => (
              <option key={period} value={period}>
                {t(`periods.${period}`)}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      {summary.isError ? (
        <LoadErrorAlert
          error={summary.error}
          title={t('monitoring.chart.error')}
          retryLabel={t('retry')}
          onRetry={() => summary.refetch()}
        />
      ) : (
        <ChartPanel summary={summary.data} format={format} />
      )}
      {renderList()}
      {opened && <LogDetailDialog log={opened} format={format} onClose={() => setOpened(null)} />}
    </div>
  );
}

/** `/admin/monitoring`: system_logs with filters, a chart of errors per hour, and the 404s in a tab. */
export function SystemLogs() {
  const { t } = useTranslation('system');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'not-found' ? 'notFound' : 'logs';
  const tabsState = useTabs(TABS, tab, (next) =>
    setSearchParams(next === 'notFound' ? new URLSearchParams({ tab: 'not-found' }) : new URLSearchParams(), {
      replace: true,
    }),
  );
  return (
    <div className="flex flex-col gap-6">
      <TabList
        label={t('monitoring.tabs.label')}
        tabs={TABS}
        selected={tab}
        tabsState={tabsState}
        getTabLabel={(each) => t(`monitoring.tabs.${each}`)}
        className="flex-wrap self-start"
      />
      <div {...tabsState.getPanelProps(tab)} className="flex flex-col gap-6 outline-none">
        {tab === 'logs' ? <LogsPanel /> : <NotFoundList />}
      </div>
    </div>
  );
}
