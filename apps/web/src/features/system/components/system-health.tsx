import { type HealthStatus, MONITORING, type SystemHealth as SystemHealthData } from '@cursus/contracts';
import { CircleAlert, CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { cn } from '@/lib/cn';
import { useSystemHealth } from '../api/get-system-health';
import { type SystemFormat, useSystemFormat } from './format';

const STATUS_STYLE: Record<HealthStatus, { variant: BadgeVariant; icon: typeof CircleCheck }> = {
  ok: { variant: 'success', icon: CircleCheck },
  warning: { variant: 'warning', icon: CircleAlert },
  failing: { variant: 'danger', icon: CircleX },
};

function StatusBadge({ status }: { status: HealthStatus }) {
  const { t } = useTranslation('system');
  const { variant, icon: Icon } = STATUS_STYLE[status];
  return (
    <Badge variant={variant} icon={<Icon aria-hidden="true" className="size-3.5" />}>
      {t(`health.status.${status}`)}
    </Badge>
  );
}

function CheckCard({
  title,
  status,
  reason,
  className,
  children,
}: {
  title: string;
  status: HealthStatus;
  reason: string;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      as="section"
      padding="p-4"
      aria-labelledby={headingId}
      className={cn('flex min-w-0 flex-col gap-2', className)}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-foreground">
          {title}
        </h2>
        <StatusBadge status={status} />
      </div>
      <p className="text-sm text-foreground">{reason}</p>
      {children}
    </Card>
  );
}

/** Each check's reason in words, with its figures. */
function useReasons(health: SystemHealthData, format: SystemFormat) {
  const { t } = useTranslation('system');
  const { database, jobs, mail, storage, disk, responses } = health;
  const size = database.sizeBytes === null ? t('none') : format.bytes(database.sizeBytes);
  const kind = t(`health.storageKinds.${storage.kind}`);
  return {
    database:
      database.reason === 'unreachable'
        ? t('health.reasons.database.unreachable')
        : t(database.reason === 'slow' ? 'health.reasons.database.slow' : 'health.reasons.database.ok', {
            ms: format.number(database.latencyMs ?? 0),
            size,
          }),
    jobs: t(
      jobs.reason === 'failed' || jobs.reason === 'overdue' || jobs.reason === 'never_run'
        ? `health.reasons.jobs.${jobs.reason}`
        : 'health.reasons.jobs.ok',
    ),
    mail: t(
      mail.reason === 'logging' || mail.reason === 'backlog' || mail.reason === 'failures'
        ? `health.reasons.mail.${mail.reason}`
        : 'health.reasons.mail.ok',
      {
        pending: format.number(mail.pending),
        failed: format.number(mail.failedLastDay),
        since: mail.oldestPendingAt ? format.dateTime(mail.oldestPendingAt) : t('none'),
      },
    ),
    storage: t(
      storage.reason === 'unreachable' || storage.reason === 'slow'
        ? `health.reasons.storage.${storage.reason}`
        : 'health.reasons.storage.ok',
      { kind, ms: format.number(storage.latencyMs ?? 0) },
    ),
    disk: t(
      disk.reason === 'low_space' || disk.reason === 'very_low_space' || disk.reason === 'unknown'
        ? `health.reasons.disk.${disk.reason}`
        : 'health.reasons.disk.ok',
      {
        free: disk.freeBytes === null ? t('none') : format.bytes(disk.freeBytes),
        total: disk.totalBytes === null ? t('none') : format.bytes(disk.totalBytes),
      },
    ),
    responses: t(
      responses.reason === 'slow' || responses.reason === 'very_slow' || responses.reason === 'no_traffic'
        ? `health.reasons.responses.${responses.reason}`
        : 'health.reasons.responses.ok',
      {
        requests: format.number(responses.requestCount),
        p50: format.number(responses.p50Ms ?? 0),
        p95: format.number(responses.p95Ms ?? 0),
        limit: format.number(
          responses.reason === 'very_slow' ? MONITORING.verySlowResponseMs : MONITORING.slowResponseMs,
        ),
      },
    ),
  };
}

function HealthChecks({ health, format }: { health: SystemHealthData; format: SystemFormat }) {
  const { t } = useTranslation('system');
  const reasons = useReasons(health, format);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <CheckCard
        title={t('health.checks.database')}
        status={health.database.status}
        reason={reasons.database}
      />
      <CheckCard title={t('health.checks.mail')} status={health.mail.status} reason={reasons.mail} />
      <CheckCard title={t('health.checks.storage')} status={health.storage.status} reason={reasons.storage} />
      <CheckCard title={t('health.checks.disk')} status={health.disk.status} reason={reasons.disk} />
      <CheckCard
        title={t('health.checks.responses')}
        status={health.responses.status}
        reason={reasons.responses}
      />
      <CheckCard
        title={t('health.checks.jobs')}
        status={health.jobs.status}
        reason={reasons.jobs}
        className="md:col-span-2"
      >
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, keyboard users must be able to scroll the table sideways on narrow screens.
          tabIndex={0}
          aria-label={t('health.jobsCaption')}
          className={cn('overflow-x-auto rounded-md', FOCUS_RING)}
        >
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t('health.jobsCaption')}</caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                {(['name', 'lastRun', 'nextDue', 'status'] as const).map((column) => (
                  <th key={column} scope="col" className="py-1 pr-3 font-semibold whitespace-nowrap">
                    {t(`health.jobColumns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {health.jobs.items.map((job) => (
                <tr key={job.name} className="border-t border-border">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {/* The label for people, the name the server's log gives it for whoever reads the log. */}
                    <span className="block">
                      {t(`health.jobNames.${job.name}`, { defaultValue: job.name })}
                    </span>
                    <span className="block font-mono text-xs text-muted-foreground">{job.name}</span>
                  </th>
                  <td className="py-1 pr-3 whitespace-nowrap">
                    {job.lastRunAt ? format.dateTime(job.lastRunAt) : t('health.never')}
                  </td>
                  <td className="py-1 pr-3 whitespace-nowrap">
                    {job.nextDueAt ? format.dateTime(job.nextDueAt) : t('none')}
                  </td>
                  <td className="py-1">
                    <StatusBadge status={job.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </CheckCard>
    </div>
  );
}

/** `/admin/health`: database, jobs, mail, storage, disk and response times, each green, amber or red with why. */
export function SystemHealth() {
  const { t } = useTranslation('system');
  const format = useSystemFormat();
  const health = useSystemHealth();
  if (health.isPending)
    return <SkeletonCards label={t('health.loading')} count={4} bars={['w-1/3', 'w-2/3']} />;
  if (health.isError)
    return (
      <LoadErrorAlert
        error={health.error}
        title={t('health.error')}
        retryLabel={t('retry')}
        onRetry={() => health.refetch()}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('health.checkedAt', { date: format.dateTime(health.data.checkedAt) })}
        </p>
        <Button variant="secondary" onClick={() => health.refetch()} disabled={health.isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('health.refresh')}
        </Button>
      </div>
      <HealthChecks health={health.data} format={format} />
    </div>
  );
}
