import {
  FUNDING_EVENT_TYPES,
  WEBHOOK_LOG_STATUSES,
  type WebhookLogQuery,
  type WebhookLogStatus,
} from '@cursus/contracts';
import { Webhook } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { useSettledSearch } from '@/hooks/use-settled-search';
import { cn } from '@/lib/cn';
import { useWebhookLogs, useWebhookOrganizations } from '../api/funding-webhooks';
import { useWebhookFormat, WebhookReason, WebhookStatusBadge } from './webhook-labels';
import { WebhookLogDetail } from './webhook-log-detail';

const PAGE_SIZE = 20;

interface Filters {
  search: string;
  status: WebhookLogStatus | '';
  eventType: string;
  organizationId: string;
  page: number;
  /** The delivery open in the detail dialog. */
  logId: string;
}

function readFilters(search: URLSearchParams): Filters {
  const page = Number(search.get('page'));
  const status = search.get('status') as WebhookLogStatus | null;
  return {
    search: search.get('q') ?? '',
    status: status && WEBHOOK_LOG_STATUSES.includes(status) ? status : '',
    eventType: search.get('event') ?? '',
    organizationId: search.get('org') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    logId: search.get('log') ?? '',
  };
}

/** The list's state lives in the address: a filtered view or an open delivery can be shared. */
function writeFilters(filters: Filters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.search.trim()) search.set('q', filters.search.trim());
  if (filters.status) search.set('status', filters.status);
  if (filters.eventType) search.set('event', filters.eventType);
  if (filters.organizationId) search.set('org', filters.organizationId);
  if (filters.page > 1) search.set('page', String(filters.page));
  if (filters.logId) search.set('log', filters.logId);
  return search;
}

function toQuery(filters: Filters): WebhookLogQuery {
  return {
    page: filters.page,
    pageSize: PAGE_SIZE,
    search: filters.search.trim() || undefined,
    status: filters.status || undefined,
    eventType: filters.eventType || undefined,
    organizationId: filters.organizationId || undefined,
  };
}

/** `/admin/funding-webhooks`: every delivery of every organisation, newest first, filtered and paged. */
export function WebhookLogList() {
  const { t } = useTranslation('fundingWebhooks');
  const format = useWebhookFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [searchText, setSearchText] = useState(filters.search);
  const logs = useWebhookLogs(toQuery(filters));
  const organizations = useWebhookOrganizations();
  const ids = { search: useId(), status: useId(), event: useId(), organization: useId() };

  const update = (changes: Partial<Filters>) =>
    setSearchParams(writeFilters({ ...filters, page: 1, ...changes }), { replace: true });
  useSettledSearch(searchText, filters.search, (search) => update({ search }));

  const hasFilters = Boolean(filters.search || filters.status || filters.eventType || filters.organizationId);
  const resetFilters = () => {
    setSearchText('');
    setSearchParams(new URLSearchParams(), { replace: true });
  };

  const renderBody = () => {
    if (logs.isPending)
      return <SkeletonCards label={t('list.loading')} count={3} bars={['w-1/3', 'w-2/3']} />;
    if (logs.isError)
      return (
        <LoadErrorAlert
          error={logs.error}
          title={t('list.error')}
          retryLabel={t('retry')}
          onRetry={() => logs.refetch()}
        />
      );
    const { items, total, page, pageSize } = logs.data;
    if (total === 0)
      return hasFilters ? (
        <NoMatchState
          title={t('list.noMatchTitle')}
          description={t('list.noMatchDescription')}
          resetLabel={t('list.reset')}
          onReset={resetFilters}
        />
      ) : (
        <EmptyState icon={Webhook} title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
      );
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('list.summary', { count: total, formatted: format.number(total) })}
        </p>
        <div className="overflow-x-auto rounded-xl border border-border bg-card">
          <table
            aria-busy={logs.isFetching || undefined}
            className={cn('w-full border-collapse text-left text-sm', logs.isPlaceholderData && 'opacity-70')}
          >
            <caption className="sr-only">{t('list.caption')}</caption>
            <thead className="bg-muted text-xs text-muted-foreground">
              <tr>
                {(['receivedAt', 'organization', 'event', 'status', 'payload'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {t(`list.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((log) => (
                <tr key={log.id} className="border-t border-border align-top">
                  <th scope="row" className="px-3 py-3 font-medium whitespace-nowrap">
                    <Button
                      variant="link"
                      className="h-auto p-0"
                      aria-label={t('list.openLabel', { date: format.dateTime(log.createdAt) })}
                      onClick={() =>
                        setSearchParams(writeFilters({ ...filters, logId: log.id }), { replace: true })
                      }
                    >
                      <time dateTime={log.createdAt}>{format.dateTime(log.createdAt)}</time>
                    </Button>
                  </th>
                  <td className="px-3 py-3">{log.organizationName ?? '—'}</td>
                  <td className="px-3 py-3 break-all">{log.eventType ?? t('list.unknownEvent')}</td>
                  <td className="px-3 py-3">
                    <WebhookStatusBadge status={log.status} />
                    {(log.errorCode || log.error) && (
                      <p className="mt-1 text-xs text-muted-foreground">
                        <WebhookReason log={log} />
                      </p>
                    )}
                  </td>
                  <td className="max-w-md px-3 py-3">
                    <code className="block text-xs break-all text-muted-foreground">
                      {log.payloadPreview}
                      {log.payloadTruncated && '…'}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={page}
          pageSize={pageSize}
          total={total}
          label={t('list.pages')}
          onPageChange={(next) =>
            setSearchParams(writeFilters({ ...filters, page: next }), { replace: true })
          }
        />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <FilterBar label={t('list.filters')} className="lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <FilterField label={t('list.search')} htmlFor={ids.search}>
          <Input
            id={ids.search}
            type="search"
            value={searchText}
            maxLength={100}
            placeholder={t('list.searchPlaceholder')}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </FilterField>
        <FilterField label={t('list.status')} htmlFor={ids.status}>
          <Select
            id={ids.status}
            value={filters.status}
            onChange={(event) => update({ status: event.target.value as WebhookLogStatus | '' })}
          >
            <option value="">{t('list.allStatuses')}</option>
            {WEBHOOK_LOG_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('list.event')} htmlFor={ids.event}>
          <Select
            id={ids.event}
            value={filters.eventType}
            onChange={(event) => update({ eventType: event.target.value })}
          >
            <option value="">{t('list.allEvents')}</option>
            {FUNDING_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('list.organization')} htmlFor={ids.organization}>
          <Select
            id={ids.organization}
            value={filters.organizationId}
            onChange={(event) => update({ organizationId: event.target.value })}
          >
            <option value="">{t('list.allOrganizations')}</option>
            {(organizations.data?.items ?? []).map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      {renderBody()}
      {filters.logId && (
        <WebhookLogDetail
          logId={filters.logId}
          onClose={() => setSearchParams(writeFilters({ ...filters, logId: '' }), { replace: true })}
        />
      )}
    </div>
  );
}
