import type { AuditEvent } from '@cursus/contracts';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { DownloadLink } from '@/components/ui/download-link';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { areDatesInOrder } from '@/lib/date-range';
import { dateTimeFormat, numberFormat } from '@/lib/intl';
import { useAuditEvents } from '../api/get-audit-events';
import {
  AUDIT_CATEGORIES,
  type AuditCategory,
  type AuditTrailFilterValues,
  EMPTY_FILTERS,
  getExportHref,
  hasFilters,
  toFilters,
} from '../lib/audit-trail-filters';

const PAGE_SIZE = 20;

/** The verbs this screen words in the reader's language (issue 19's list); others are admin actions. */
const KNOWN_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.lockout',
  'auth.mfa_enabled',
  'auth.mfa_disabled',
  'auth.mfa_recovery_used',
  'auth.mfa_challenge_failed',
  'auth.password_changed',
  'auth.password_reset',
  'auth.sessions_revoked',
  'account.disabled',
  'account.enabled',
  'role.changed',
  'organization.changed',
  'time.reset',
  'signature.changed',
  'signature.in_person',
  'export.created',
  'privacy.export',
  'privacy.erasure',
  'webhook.replay',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const knownAction = (action: string) => KNOWN_ACTIONS.find((candidate) => candidate === action);

const EXPORT_KINDS = ['audit_events', 'audit_pack', 'attendance_sheet', 'connection_logs'] as const;
const exportKind = (kind: unknown) => EXPORT_KINDS.find((candidate) => candidate === kind);

const isCategory = (value: string): value is AuditCategory =>
  AUDIT_CATEGORIES.includes(value as AuditCategory);

function useTrailFormat() {
  const { i18n } = useTranslation();
  const dateTime = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const number = numberFormat(i18n.language);
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    number: (value: number) => number.format(value),
  };
}

/** The event's own line, where its verb has more to say than its title. */
function EventLine({ event, action }: { event: AuditEvent; action: KnownAction | undefined }) {
  const { t } = useTranslation('auditTrail');
  const { details } = event;
  if (!action) {
    // An admin action: the line its module wrote, in French, as the admin log shows it.
    return typeof details.summary === 'string' ? <p lang="fr">{details.summary}</p> : null;
  }
  if (action === 'time.reset')
    return <p>{t(details.scope === 'session' ? 'lines.timeReset.session' : 'lines.timeReset.total')}</p>;
  if (action === 'export.created') {
    const kind = exportKind(details.export);
    return (
      <p>
        {kind
          ? t(`lines.export.${kind}`, { title: typeof details.title === 'string' ? details.title : '' })
          : t('lines.export.other', { kind: String(details.export ?? event.targetType) })}
      </p>
    );
  }
  return null;
}

/** Before → after, one line per changed field. */
function Changes({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('auditTrail');
  const fields = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  if (fields.length === 0) return null;
  const show = (value: unknown) =>
    value === null || value === undefined || value === ''
      ? t('empty')
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  return (
    <ul aria-label={t('changes')} className="flex flex-col gap-0.5 text-xs text-foreground">
      {fields.map((field) => (
        <li key={field} className="break-words">
          {t('change', { field, before: show(event.before?.[field]), after: show(event.after?.[field]) })}
        </li>
      ))}
    </ul>
  );
}

function EventItem({ event, showOrganization }: { event: AuditEvent; showOrganization: boolean }) {
  const { t } = useTranslation('auditTrail');
  const format = useTrailFormat();
  const action = knownAction(event.action);
  const actor = event.actorName ?? event.actorEmail;
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-foreground">
          {action ? t(`actions.${action}`) : t('adminAction')}
        </span>
        <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
          {format.dateTime(event.createdAt)}
        </time>
      </div>
      <div className="text-sm text-foreground">
        <EventLine event={event} action={action} />
      </div>
      <Changes event={event} />
      <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        <span>{actor ? t('by', { name: actor }) : t('system')}</span>
        {event.ip && <span>{t('from', { ip: event.ip })}</span>}
        {/* A sign-in or a password change is the actor's own account: "by" says it already. */}
        {event.targetId && event.targetId !== event.actorId && (
          <span className="break-all">{t('target', { type: event.targetType, id: event.targetId })}</span>
        )}
        {showOrganization && (
          <span>
            {event.organizationName ?? (event.organizationId ? t('deletedOrganization') : t('platform'))}
          </span>
        )}
        {!action && <code className="text-xs">{event.action}</code>}
      </p>
    </li>
  );
}

export interface AuditTrailProps {
  /** An admin's reading of one organisation; without it, a trainer's own or an admin's every one. */
  organizationId?: string;
  /** Whether each event names its organisation (an admin reading every organisation). */
  showOrganization?: boolean;
}

/**
 * The audit trail (issue 19), newest first, read-only: filters by kind of event, actor and days,
 * paged, with the CSV export of the same filters. The server keeps a trainer to their organisation.
 */
export function AuditTrail({ organizationId, showOrganization = false }: AuditTrailProps) {
  const { t } = useTranslation('auditTrail');
  const format = useTrailFormat();
  const id = useId();
  const [values, setValues] = useState<AuditTrailFilterValues>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const datesInOrder = areDatesInOrder(values);
  // Days out of order are shown as an error and left out of the request until corrected.
  const filters = toFilters(datesInOrder ? values : { ...values, from: '', to: '' }, organizationId);
  const events = useAuditEvents({ ...filters, page, pageSize: PAGE_SIZE });
  const update = (changes: Partial<AuditTrailFilterValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setPage(1);
  };
  const reset = () => update(EMPTY_FILTERS);

  const renderBody = () => {
    if (events.isPending) return <SkeletonCards label={t('loading')} count={3} bars={['w-1/3', 'w-2/3']} />;
    if (events.isError)
      return (
        <LoadErrorAlert
          error={events.error}
          title={t('error')}
          retryLabel={t('retry')}
          onRetry={() => events.refetch()}
        />
      );
    if (events.data.total === 0)
      return hasFilters(values) ? (
        <NoMatchState
          title={t('noMatchTitle')}
          description={t('noMatchDescription')}
          resetLabel={t('filters.reset')}
          onReset={reset}
        />
      ) : (
        <EmptyState icon={ShieldCheck} title={t('emptyTitle')} description={t('emptyDescription')} />
      );
    return (
      <PagedList
        query={{
          data: events.data,
          isFetching: events.isFetching,
          isPlaceholderData: events.isPlaceholderData,
        }}
        label={t('listLabel')}
        summary={
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('summary', { count: events.data.total, formatted: format.number(events.data.total) })}
          </p>
        }
        pagesLabel={t('pagesLabel')}
        onPageChange={setPage}
      >
        {events.data.items.map((event) => (
          <EventItem key={event.id} event={event} showOrganization={showOrganization} />
        ))}
      </PagedList>
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <FilterBar label={t('filters.label')} className="lg:grid-cols-[2fr_2fr_1fr_1fr]">
        <FilterField label={t('filters.category')} htmlFor={`${id}-category`} className="min-w-0">
          <Select
            id={`${id}-category`}
            value={values.category}
            onChange={(event) =>
              update({ category: isCategory(event.target.value) ? event.target.value : '' })
            }
          >
            <option value="">{t('filters.allCategories')}</option>
            {AUDIT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`filters.categories.${category}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('filters.actor')} htmlFor={`${id}-actor`} className="min-w-0">
          <Input
            id={`${id}-actor`}
            type="search"
            maxLength={100}
            value={values.actor}
            onChange={(event) => update({ actor: event.target.value })}
          />
        </FilterField>
        <DateRangeFields from={values.from} to={values.to} onChange={update} />
      </FilterBar>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <DownloadLink href={datesInOrder ? getExportHref(filters) : null}>
            {t('export.action')}
          </DownloadLink>
          {hasFilters(values) && (
            <Button variant="link" onClick={reset}>
              {t('filters.reset')}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground sm:max-w-sm sm:text-right">{t('export.hint')}</p>
      </div>
      {renderBody()}
    </div>
  );
}
