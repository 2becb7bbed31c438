import type { AdminAuditEntry } from '@cursus/contracts';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useAuditLog } from '../api/get-audit-log';
import { type AdminFormat, useAdminFormat } from './format';

const PAGE_SIZE = 20;

/** The actions this space names in words; any other module's shows its own code. */
const KNOWN_ACTIONS = ['organization.create', 'trainer.invite', 'course.assign'] as const;

function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation('admin');
  const known = KNOWN_ACTIONS.find((candidate) => candidate === action);
  return <>{known ? t(`audit.actions.${known}`) : action}</>;
}

function Entry({
  entry,
  format,
  showOrganization,
}: {
  entry: AdminAuditEntry;
  format: AdminFormat;
  showOrganization: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-foreground">
          <ActionLabel action={entry.action} />
        </span>
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {format.dateTime(entry.createdAt)}
        </time>
      </div>
      {/* Written in French when the action happened, whatever the reader's language. */}
      <p lang="fr" className="text-sm text-foreground">
        {entry.summary}
      </p>
      <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        <span>{t('audit.by', { name: entry.actorName ?? entry.actorEmail })}</span>
        {showOrganization &&
          (entry.organizationId && entry.organizationName ? (
            <Link
              to={paths.admin.organization.getHref(entry.organizationId)}
              className={cn('underline underline-offset-4', FOCUS_RING)}
            >
              {entry.organizationName}
            </Link>
          ) : (
            <span>{entry.organizationId ? t('audit.deletedOrganization') : t('audit.platform')}</span>
          ))}
      </p>
    </li>
  );
}

/**
 * The admin audit log, newest first, read-only: the platform's (every organisation's entries and the
 * platform's own) or one organisation's.
 */
export function AuditLog({ organizationId }: { organizationId?: string }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const [page, setPage] = useState(1);
  const log = useAuditLog({ organizationId, page, pageSize: PAGE_SIZE });
  if (log.isPending) return <SkeletonCards label={t('loading')} count={3} bars={['w-1/3', 'w-2/3']} />;
  if (log.isError)
    return (
      <LoadErrorAlert
        error={log.error}
        title={t('audit.error')}
        retryLabel={t('retry')}
        onRetry={() => log.refetch()}
      />
    );
  if (log.data.total === 0)
    return (
      <EmptyState icon={ScrollText} title={t('audit.emptyTitle')} description={t('audit.emptyDescription')} />
    );
  return (
    <PagedList
      query={{ data: log.data, isFetching: log.isFetching, isPlaceholderData: log.isPlaceholderData }}
      label={t('audit.listLabel')}
      summary={
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('audit.summary', { count: log.data.total, formatted: format.number(log.data.total) })}
        </p>
      }
      pagesLabel={t('audit.pagesLabel')}
      onPageChange={setPage}
    >
      {log.data.items.map((entry) => (
        <Entry key={entry.id} entry={entry} format={format} showOrganization={!organizationId} />
      ))}
    </PagedList>
  );
}
