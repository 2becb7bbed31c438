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

/** The actions the log names in the reader's language, from the facts the server stored with them. */
const KNOWN_ACTIONS = [
  'organization.create',
  'organization.legal_info.update',
  'trainer.invite',
  'course.assign',
  'webhook.replay',
  'webhook_secret.reveal',
  'webhook_secret.rotate',
  'webhook_reference.add',
  'webhook_reference.remove',
  'system_alert.resolve',
  'document_requirement.create',
  'document_requirement.update',
  'document_requirement.delete',
  'document_requirement.review',
  'improvement_action.create',
  'improvement_action.update',
  'improvement_action.close',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];

function knownAction(action: string): KnownAction | undefined {
  return KNOWN_ACTIONS.find((candidate) => candidate === action);
}

/** The key of an entry's line: a status in its details picks the variant where the words differ. */
function lineKey(action: KnownAction, status: unknown) {
  switch (action) {
    case 'course.assign':
      return status === 'draft' ? 'audit.lines.course.assign_draft' : 'audit.lines.course.assign_published';
    case 'document_requirement.review':
      return status === 'refused'
        ? 'audit.lines.document_requirement.review_refused'
        : 'audit.lines.document_requirement.review_valid';
    case 'improvement_action.close':
      return status === 'abandoned'
        ? 'audit.lines.improvement_action.close_abandoned'
        : 'audit.lines.improvement_action.close_done';
    default:
      return `audit.lines.${action}` as const;
  }
}

/**
 * The entry's line in the reader's language, with the names the server stored in its details; an
 * action of a module this list does not know yet shows the French line the server kept.
 */
function EntryLine({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation('admin');
  const action = knownAction(entry.action);
  if (!action) return <span lang="fr">{entry.summary}</span>;
  const { details } = entry;
  const words = Object.fromEntries(
    Object.entries(details).filter(([, value]) => typeof value === 'string' || typeof value === 'number'),
  );
  return (
    <>
      {t(lineKey(action, details.status), {
        ...words,
        eventType: typeof details.eventType === 'string' ? details.eventType : t('audit.unknownEvent'),
        count: typeof details.count === 'number' ? details.count : 1,
      })}
    </>
  );
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
  const action = knownAction(entry.action);
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-foreground">
          {action ? t(`audit.actions.${action}`) : entry.action}
        </span>
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {format.dateTime(entry.createdAt)}
        </time>
      </div>
      <p className="text-sm text-foreground">
        <EntryLine entry={entry} />
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
