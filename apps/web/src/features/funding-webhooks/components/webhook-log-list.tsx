import {
  FUNDING_EVENT_TYPES,
  WEBHOOK_LOG_STATUSES,
  type WebhookLogQuery,
  type WebhookLogStatus,
} from '@cursus/contracts';
import { Webhook } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { ListStates } from '@/components/ui/list-states';
import { PagedTable } from '@/components/ui/paged-table';
import { Select } from '@/components/ui/select';
import { oneOf, pageFrom, useAddressFilters } from '@/hooks/use-address-filters';
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
  return {
    search: search.get('q') ?? '',
    status: oneOf(WEBHOOK_LOG_STATUSES, search.get('status')),
    eventType: search.get('event') ?? '',
    organizationId: search.get('org') ?? '',
    page: pageFrom(search),
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
  const { filters, searchText, setSearchText, update, replace, reset } = useAddressFilters(
    readFilters,
    writeFilters,
  );
  const logs = useWebhookLogs(toQuery(filters));
  const organizations = useWebhookOrganizations();
  const ids = { search: useId(), status: useId(), event: useId(), organization: useId() };
  const hasFilters = Boolean(filters.search || filters.status || filters.eventType || filters.organizationId);

  const renderBody = () => (
    <ListStates
      query={logs}
      loading={{ label: t('list.loading') }}
      error={{ title: t('list.error'), retryLabel: t('retry') }}
      isFiltered={hasFilters}
      noMatch={{
        title: t('list.noMatchTitle'),
        description: t('list.noMatchDescription'),
        resetLabel: t('list.reset'),
        onReset: () => reset(readFilters(new URLSearchParams())),
      }}
      empty={
        <EmptyState icon={Webhook} title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
      }
    >
      {(list) => (
        <PagedTable
          query={list}
          caption={t('list.caption')}
          columns={(['receivedAt', 'organization', 'event', 'status', 'payload'] as const).map((column) => ({
            key: column,
            header: t(`list.columns.${column}`),
          }))}
          summary={t('list.summary', { count: list.data.total, formatted: format.number(list.data.total) })}
          pagesLabel={t('list.pages')}
          onPageChange={(page) => replace({ ...filters, page })}
        >
          {list.data.items.map((log) => (
            <tr key={log.id} className="border-t border-border align-top">
              <th scope="row" className="px-3 py-3 font-medium whitespace-nowrap">
                <Button
                  variant="link"
                  className="h-auto p-0"
                  aria-label={t('list.openLabel', { date: format.dateTime(log.createdAt) })}
                  onClick={() => replace({ ...filters, logId: log.id })}
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
        </PagedTable>
      )}
    </ListStates>
  );

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
        <WebhookLogDetail logId={filters.logId} onClose={() => replace({ ...filters, logId: '' })} />
      )}
    </div>
  );
}
