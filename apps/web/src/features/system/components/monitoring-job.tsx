import { MONITORING, MONITORING_ALERT_TYPES, type MonitoringAlertType } from '@cursus/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { cn } from '@/lib/cn';
import { useMonitoringStatus } from '../api/get-system-alerts';
import { useSystemFormat } from './format';

const isMonitoringType = (type: string): type is MonitoringAlertType =>
  (MONITORING_ALERT_TYPES as readonly string[]).includes(type);

/** The SPEC 9 monitoring job: its thresholds (from the contracts the job applies), its last and next run, its latest runs. */
export function MonitoringJob() {
  const { t } = useTranslation('system');
  const format = useSystemFormat();
  const status = useMonitoringStatus();
  const headingId = useId();
  const thresholdsId = useId();
  const runsId = useId();

  const renderStatus = () => {
    if (status.isPending)
      return <SkeletonCards label={t('job.loading')} count={1} bars={['w-1/3', 'w-2/3']} />;
    if (status.isError)
      return (
        <LoadErrorAlert
          error={status.error}
          title={t('job.error')}
          retryLabel={t('retry')}
          onRetry={() => status.refetch()}
        />
      );
    const { job, runs } = status.data;
    return (
      <>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">{t('job.lastRun')}</dt>
            <dd className="text-foreground">
              {job.lastRunAt ? format.dateTime(job.lastRunAt) : t('job.never')}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('job.nextRun')}</dt>
            <dd className="text-foreground">{job.nextDueAt ? format.dateTime(job.nextDueAt) : t('none')}</dd>
          </div>
        </dl>
        {job.lastError && (
          <p className="text-sm text-danger-foreground">{t('job.lastError', { error: job.lastError })}</p>
        )}
        <h3 id={runsId} className="text-sm font-semibold text-foreground">
          {t('job.runs')}
        </h3>
        {runs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('job.noRuns')}</p>
        ) : (
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, keyboard users must be able to scroll the table sideways on narrow screens.
            tabIndex={0}
            aria-labelledby={runsId}
            className={cn('overflow-x-auto rounded-lg border border-border', FOCUS_RING)}
          >
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">{t('job.runsCaption')}</caption>
              <thead className="bg-muted text-xs text-muted-foreground">
                <tr>
                  {(['ranAt', 'errors', 'critical', 'requests', 'p95', 'alerts'] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                      {t(`job.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {runs.map((run) => (
                  <tr key={run.id} className="border-t border-border">
                    <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap tabular-nums">
                      <time dateTime={run.ranAt}>{format.dateTime(run.ranAt)}</time>
                    </th>
                    <td className="px-3 py-2 tabular-nums">{format.number(run.errorCount)}</td>
                    <td className="px-3 py-2 tabular-nums">{format.number(run.criticalCount)}</td>
                    <td className="px-3 py-2 tabular-nums">{format.number(run.requestCount)}</td>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                      {run.p95Ms === null
                        ? t('none')
                        : t('job.milliseconds', { ms: format.number(run.p95Ms) })}
                    </td>
                    <td className="px-3 py-2">
                      {run.alertTypes.length === 0
                        ? t('job.noAlert')
                        : run.alertTypes
                            .map((type) => (isMonitoringType(type) ? t(`alerts.types.${type}`) : type))
                            .join(', ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </>
    );
  };

  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-foreground">
        {t('job.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('job.description')}</p>
      <h3 id={thresholdsId} className="text-sm font-semibold text-foreground">
        {t('job.thresholds')}
      </h3>
      <ul
        aria-labelledby={thresholdsId}
        className="flex list-disc flex-col gap-1 pl-5 text-sm text-foreground"
      >
        <li>{t('job.threshold.errorRate', { limit: MONITORING.errorAlertAbove })}</li>
        <li>{t('job.threshold.errorCritical', { limit: MONITORING.errorCriticalAbove })}</li>
        <li>{t('job.threshold.criticalError')}</li>
        <li>{t('job.threshold.slow', { ms: format.number(MONITORING.slowResponseMs) })}</li>
        <li>{t('job.threshold.verySlow', { ms: format.number(MONITORING.verySlowResponseMs) })}</li>
        <li>{t('job.threshold.dedupe')}</li>
      </ul>
      <p className="text-xs text-muted-foreground">{t('job.errorDefinition')}</p>
      {renderStatus()}
    </Card>
  );
}
