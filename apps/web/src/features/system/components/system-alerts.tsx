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
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useResolveAlerts, useSystemAlerts } from '../api/get-system-alerts';
import { type SystemFormat, useSystemFormat } from './format';
import { SeverityBadge } from './severity-badge';

const PAGE_SIZE = 20;
type Status = (typeof ALERT_STATUSES)[number];

interface Filters {
  status: Status;
  severity: LogSeverity | '';
  page: number;
}

function readFilters(search: URLSearchParams): Filters {
  const status = search.get('status') as Status;
  const severity = search.get('severity') as LogSeverity;
  const page = Number(search.get('page'));
  return {
    status: ALERT_STATUSES.includes(status) ? status : 'unresolved',
    severity: LOG_SEVERITIES.includes(severity) ? severity : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
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
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const alerts = useSystemAlerts({
    status: filters.status,
    severity: filters.severity || undefined,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const resolveAlerts = useResolveAlerts();
  const [isConfirming, setIsConfirming] = useState(false);
  const ids = { status: useId(), severity: useId() };
  const update = (changes: Partial<Filters>) =>
    setSearchParams(writeFilters({ ...filters, page: 1, ...changes }), { replace: true });

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

  const renderList = () => {
    if (alerts.isPending)
      return <SkeletonCards label={t('alerts.loading')} count={2} bars={['w-1/4', 'w-2/3']} />;
    if (alerts.isError)
      return (
        <LoadErrorAlert
          error={alerts.error}
          title={t('alerts.error')}
          retryLabel={t('retry')}
          onRetry={() => alerts.refetch()}
        />
      );
    const { items, total, page, pageSize } = alerts.data;
    const hasFilters = filters.status !== 'unresolved' || filters.severity !== '';
    if (total === 0)
      return hasFilters ? (
        <NoMatchState
          title={t('alerts.noMatchTitle')}
          description={t('alerts.noMatchDescription')}
          resetLabel={t('alerts.reset')}
          onReset={() => setSearchParams(new URLSearchParams(), { replace: true })}
        />
      ) : (
        <EmptyState
          icon={BellOff}
          title={t('alerts.emptyTitle')}
          description={t('alerts.emptyDescription')}
        />
      );
    return (
      <div className="flex flex-col gap-4">
        <ul
          aria-label={t('alerts.list')}
          aria-busy={alerts.isFetching || undefined}
          className="flex flex-col gap-3"
        >
          {items.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              format={format}
              isResolving={resolveAlerts.isPending}
              onResolve={() => resolve([alert.id])}
            />
          ))}
        </ul>
        <Pagination
          page={page}
          pageSize={pageSize}
          total={total}
          label={t('alerts.pages')}
          onPageChange={(next) =>
            setSearchParams(writeFilters({ ...filters, page: next }), { replace: true })
          }
        />
      </div>
    );
  };

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
        <FilterField label={t('alerts.status')} htmlFor={ids.status}>
          <Select
            id={ids.status}
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
        <FilterField label={t('alerts.severity')} htmlFor={ids.severity}>
          <Select
            id={ids.severity}
            value={filters.severity}
            onChange={(event) => update({ severity: event.target.value as LogSeverity | '' })}
          >
            <option value="">{t('alerts.allSeverities')}</option>
            {LOG_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {t(`severity.${severity}`)}
              </option>
            ))}
          </Select>
        </FilterField>
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
