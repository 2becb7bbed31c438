import {
  ALERT_STATUSES,
  LOG_SEVERITIES,
  type LogSeverity,
  MONITORING_ALERT_TYPES,
  type MonitoringAlertType,
  type SystemAlert,
} from '@cursus/contracts';
import { BellOff, CheckCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { ListStates } from '@/components/ui/list-states';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { oneOf, pageFrom, useAddressFilters } from '@/hooks/use-address-filters';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useResolveAlerts, useSystemAlerts } from '../api/get-system-alerts';
import { type SystemFormat, useSystemFormat } from './format';
import { SeverityBadge } from './severity-badge';
import { SeverityFilter } from './severity-filter';

const PAGE_SIZE = 20;
type Status = (typeof ALERT_STATUSES)[number];

interface Filters {
  status: Status;
  severity: LogSeverity | '';
  page: number;
}

function readFilters(search: URLSearchParams): Filters {
  return {
    status: oneOf(ALERT_STATUSES, search.get('status')) || 'unresolved',
    severity: oneOf(LOG_SEVERITIES, search.get('severity')),
    page: pageFrom(search),
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status !== 'unresolved') search.set('status', filters.status);
  if (filters.severity) search.set('severity', filters.severity);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

const isMonitoringType = (type: string): type is MonitoringAlertType =>
  (MONITORING_ALERT_TYPES as readonly string[]).includes(type);

interface Sample {
  id: string;
  message: string;
  createdAt: string;
}
/** The log lines a monitoring alert quotes (at most 5), when its metadata holds them. */
function samplesOf(alert: SystemAlert): Sample[] {
  const samples = alert.metadata?.samples;
  if (!Array.isArray(samples)) return [];
  return samples.filter(
    (sample): sample is Sample =>
      typeof sample === 'object' &&
      sample !== null &&
      typeof sample.id === 'string' &&
      typeof sample.message === 'string' &&
      typeof sample.createdAt === 'string',
  );
}

function AlertCard({
  alert,
  format,
  onResolve,
  isResolving,
}: {
  alert: SystemAlert;
  format: SystemFormat;
  onResolve: () => void;
  isResolving: boolean;
}) {
  const { t } = useTranslation('system');
  const headingId = useId();
  const samples = samplesOf(alert);
  const { samples: _samples, ...data } = alert.metadata ?? {};
  // The monitoring job's alerts read in the admin's language; others keep the title they were raised with.
  const title = isMonitoringType(alert.alertType) ? t(`alerts.types.${alert.alertType}`) : alert.title;
  return (
    <Card as="li" padding="p-4" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <SeverityBadge severity={alert.severity} />
            {alert.isResolved ? (
              <Badge variant="success">
                {t('alerts.resolvedAt', { date: format.dateTime(alert.resolvedAt ?? alert.createdAt) })}
              </Badge>
            ) : (
              <Badge variant="neutral">{t('alerts.unresolved')}</Badge>
            )}
          </div>
          <h2 id={headingId} className="text-base font-semibold text-foreground">
            {title}
          </h2>
          <p className="text-sm text-foreground">{alert.message}</p>
          <p className="text-xs text-muted-foreground">
            {t('alerts.raisedAt', { date: format.dateTime(alert.createdAt) })} ·{' '}
            {t('alerts.source', { source: alert.source })}
            {alert.organizationName && <> · {t('alerts.organization', { name: alert.organizationName })}</>}
          </p>
        </div>
        {!alert.isResolved && (
          <Button variant="secondary" size="sm" onClick={onResolve} disabled={isResolving}>
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('alerts.resolve')}
          </Button>
        )}
      </div>
      {(samples.length > 0 || Object.keys(data).length > 0) && (
        <details className="rounded-lg border border-border p-3 text-sm">
          <summary className="cursor-pointer font-medium text-foreground">{t('alerts.details')}</summary>
          {samples.length > 0 && (
            <div className="mt-2 flex flex-col gap-1">
              <h3 className="font-medium text-foreground">{t('alerts.samples')}</h3>
              <ul className="flex list-disc flex-col gap-1 pl-5">
                {samples.map((sample) => (
                  <li key={sample.id} className="break-words">
                    <time dateTime={sample.createdAt} className="tabular-nums text-muted-foreground">
                      {format.dateTime(sample.createdAt)}
                    </time>{' '}
                    {sample.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {Object.keys(data).length > 0 && (
            <div className="mt-2 flex flex-col gap-1">
              <h3 className="font-medium text-foreground">{t('alerts.metadata')}</h3>
              <pre
                // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, keyboard users must be able to scroll a long stack or metadata.
                tabIndex={0}
                className="max-h-48 overflow-auto rounded bg-muted p-2 text-xs text-foreground"
              >
                {JSON.stringify(data, null, 2)}
              </pre>
            </div>
          )}
        </details>
      )}
    </Card>
  );
}

/** `/admin/system-monitoring`: system_alerts, unresolved first, resolved one by one or a page at once. */
export function SystemAlerts() {
  const { t } = useTranslation('system');
  const format = useSystemFormat();
  const { filters, update, replace, reset } = useAddressFilters(readFilters, writeFilters);
  const alerts = useSystemAlerts({
    status: filters.status,
    severity: filters.severity || undefined,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const resolveAlerts = useResolveAlerts();
  const [isConfirming, setIsConfirming] = useState(false);
  const statusId = useId();

  const visibleUnresolved = (alerts.data?.items ?? [])
    .filter((alert) => !alert.isResolved)
    .map((alert) => alert.id);
  const resolve = (alertIds: string[]) =>
    resolveAlerts.mutate(
      { ids: alertIds },
      {
        onSuccess: ({ resolved }) => {
          setIsConfirming(false);
          notify.success(t('alerts.resolved', { count: resolved, formatted: format.number(resolved) }));
        },
        onError: (error) => notify.error(t('alerts.resolveError'), getErrorMessage(error)),
      },
    );

  const renderList = () => (
    <ListStates
      query={alerts}
      loading={{ label: t('alerts.loading'), count: 2, bars: ['w-1/4', 'w-2/3'] }}
      error={{ title: t('alerts.error'), retryLabel: t('retry') }}
      isFiltered={filters.status !== 'unresolved' || filters.severity !== ''}
      noMatch={{
        title: t('alerts.noMatchTitle'),
        description: t('alerts.noMatchDescription'),
        resetLabel: t('alerts.reset'),
        onReset: () => reset(readFilters(new URLSearchParams())),
      }}
      empty={
        <EmptyState
          icon={BellOff}
          title={t('alerts.emptyTitle')}
          description={t('alerts.emptyDescription')}
        />
      }
    >
      {(list) => (
        <PagedList
          query={list}
          label={t('alerts.list')}
          summary={null}
          pagesLabel={t('alerts.pages')}
          onPageChange={(page) => replace({ ...filters, page })}
        >
          {list.data.items.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              format={format}
              isResolving={resolveAlerts.isPending}
              onResolve={() => resolve([alert.id])}
            />
          ))}
        </PagedList>
      )}
    </ListStates>
  );

  const unresolvedTotal = alerts.data?.unresolvedTotal ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-foreground" aria-live="polite">
          {alerts.data &&
            t('alerts.unresolvedCount', {
              count: unresolvedTotal,
              formatted: format.number(unresolvedTotal),
            })}
        </p>
        {visibleUnresolved.length > 0 && (
          <Button variant="secondary" onClick={() => setIsConfirming(true)}>
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('alerts.resolveVisible')}
          </Button>
        )}
      </div>
      <FilterBar label={t('alerts.filters')} className="lg:grid-cols-[1fr_1fr_2fr]">
        <FilterField label={t('alerts.status')} htmlFor={statusId}>
          <Select
            id={statusId}
            value={filters.status}
            onChange={(event) => update({ status: event.target.value as Status })}
          >
            {ALERT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`alerts.statuses.${status}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <SeverityFilter value={filters.severity} onChange={(severity) => update({ severity })} />
      </FilterBar>
      {renderList()}
      {isConfirming && (
        <ConfirmDialog
          title={t('alerts.confirmTitle', {
            count: visibleUnresolved.length,
            formatted: format.number(visibleUnresolved.length),
          })}
          description={t('alerts.confirmDescription')}
          confirmLabel={t('alerts.confirm')}
          isDanger={false}
          isPending={resolveAlerts.isPending}
          onConfirm={() => resolve(visibleUnresolved)}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </div>
  );
}
