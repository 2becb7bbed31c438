import {
  CONNECTION_LOG_ENTRIES_PER_STUDENT,
  type ConnectionLogEntriesQuery,
  type StudentConnectionLog,
} from '@cursus/contracts';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmailAddress } from '@/components/ui/email-address';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDuration } from '@/lib/format-duration';
import { getLanguage } from '@/lib/i18n';
import { useConnectionLogEntries } from '../api/get-connection-log-entries';
import { formatParisDateTime } from '../lib/format';

export interface StudentLogProps {
  log: StudentConnectionLog;
  /** The list's filters (period, formation), which the details read too. */
  filters: ConnectionLogEntriesQuery;
  /** Open from the start, e.g. when the filters leave one learner. */
  defaultExpanded?: boolean;
  /** What staff may do about this learner (the time resets), composed by the route. */
  actions?: ReactNode;
  /** Shown in the details when a session of the learner's is open now (its reset). */
  openSessionActions?: ReactNode;
}

/** One learner: their counts at a glance, and on demand their sessions and sign-ins as tables. */
export function StudentLog({
  log,
  filters,
  defaultExpanded = false,
  actions,
  openSessionActions,
}: StudentLogProps) {
  const { t } = useTranslation('connectionLogs');
  const language = getLanguage();
  const [isExpanded, setIsExpanded] = useState(defaultExpanded);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const detailsId = useId();
  return (
    <Card as="article" padding="p-4" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-foreground">
            {log.fullName}
          </h3>
          <p className="text-sm text-muted-foreground">
            <EmailAddress address={log.email} />
          </p>
        </div>
        <p className="text-sm text-foreground tabular-nums">
          {t('list.summary', {
            signIns: t('list.signInCount', { count: log.signInCount }),
            sessions: t('list.sessionCount', { count: log.sessionCount }),
            duration: formatDuration(log.totalSeconds, language),
          })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          ref={toggleRef}
          variant="ghost"
          size="sm"
          aria-expanded={isExpanded}
          aria-controls={detailsId}
          onClick={() => setIsExpanded((value) => !value)}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 transition-transform', isExpanded && 'rotate-180')}
          />
          {isExpanded ? t('list.hideDetails') : t('list.showDetails')}
          <span className="sr-only"> ({log.fullName})</span>
        </Button>
        {actions}
      </div>
      <div id={detailsId} hidden={!isExpanded} className="flex min-w-0 flex-col gap-4">
        {isExpanded && (
          <StudentEntries
            log={log}
            filters={filters}
            openSessionActions={openSessionActions}
            onOpenSessionGone={() => toggleRef.current?.focus()}
          />
        )}
      </div>
    </Card>
  );
}

/** The learner's newest sessions and sign-ins, read when their details first open. */
function StudentEntries({
  log,
  filters,
  openSessionActions,
  onOpenSessionGone,
}: {
  log: StudentConnectionLog;
  filters: ConnectionLogEntriesQuery;
  openSessionActions: ReactNode;
  onOpenSessionGone: () => void;
}) {
  const { t } = useTranslation('connectionLogs');
  const language = getLanguage();
  const entries = useConnectionLogEntries(log.studentId, filters);
  // Once the session is reset its controls go, with the focus that came back to them from the
  // confirmation: it moves to the learner's details button rather than to the page's start.
  const hasOpenSession = entries.data?.hasOpenSession ?? false;
  const hadOpenSession = useRef(hasOpenSession);
  useEffect(() => {
    if (hadOpenSession.current && !hasOpenSession && document.activeElement === document.body)
      onOpenSessionGone();
    hadOpenSession.current = hasOpenSession;
  }, [hasOpenSession, onOpenSessionGone]);
  if (entries.isPending) return <Spinner label={t('list.loadingDetails')} />;
  if (entries.isError) {
    return (
      <LoadErrorAlert
        error={entries.error}
        title={t('list.detailsErrorTitle')}
        retryLabel={t('list.retry')}
        onRetry={() => void entries.refetch()}
      />
    );
  }
  return (
    <>
      {entries.data.hasOpenSession && (
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="success">{t('list.openSession')}</Badge>
          {openSessionActions}
        </div>
      )}
      <LogTable
        caption={t('sessions.caption', { name: log.fullName })}
        headers={[
          t('sessions.formation'),
          t('sessions.start'),
          t('sessions.end'),
          t('sessions.duration'),
          t('sessions.source'),
        ]}
        emptyText={t('sessions.empty')}
        rows={entries.data.sessions.map((session) => ({
          key: session.id,
          cells: [
            session.courseTitle ?? (
              <span key="formation" className="text-muted-foreground">
                {t('sessions.noFormation')}
              </span>
            ),
            formatParisDateTime(session.sessionStart, language),
            session.sessionEnd ? formatParisDateTime(session.sessionEnd, language) : t('sessions.open'),
            formatDuration(session.durationSeconds, language),
            // Declared by the browser after an offline stretch, not seen live (issue 11).
            session.source === 'offline' ? t('sessions.offline') : t('sessions.online'),
          ],
        }))}
        truncated={log.sessionCount > entries.data.sessions.length}
      />
      <LogTable
        caption={t('signIns.caption', { name: log.fullName })}
        headers={[t('signIns.at'), t('signIns.ipAddress'), t('signIns.userAgent')]}
        emptyText={t('signIns.empty')}
        rows={entries.data.signIns.map((signIn, index) => ({
          key: `${signIn.at}-${index}`,
          cells: [
            formatParisDateTime(signIn.at, language),
            signIn.ipAddress ?? t('signIns.unknown'),
            signIn.userAgent ? (
              <span key="userAgent" className="block max-w-xs truncate" title={signIn.userAgent}>
                {signIn.userAgent}
              </span>
            ) : (
              t('signIns.unknown')
            ),
          ],
        }))}
        truncated={log.signInCount > entries.data.signIns.length}
      />
    </>
  );
}

function LogTable({
  caption,
  headers,
  rows,
  emptyText,
  truncated,
}: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  emptyText: string;
  truncated: boolean;
}) {
  const { t } = useTranslation('connectionLogs');
  const captionId = useId();
  if (rows.length === 0) {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-foreground">{caption}</p>
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, keyboard users must be able to scroll the table on narrow screens.
        tabIndex={0}
        aria-labelledby={captionId}
        className={cn('max-h-96 overflow-auto rounded-lg border border-border', FOCUS_RING)}
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption id={captionId} className="px-3 py-2 text-left font-medium text-foreground">
            {caption}
          </caption>
          <thead className="bg-muted text-xs text-muted-foreground uppercase">
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-border">
                {row.cells.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; their position is their identity.
                  <td key={index} className="px-3 py-2 whitespace-nowrap text-foreground tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {truncated && (
        <p className="text-xs text-muted-foreground">
          {t('list.truncated', { limit: CONNECTION_LOG_ENTRIES_PER_STUDENT })}
        </p>
      )}
    </div>
  );
}
