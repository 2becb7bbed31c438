import { normalizeLanguage } from '@cursus/contracts';
import { Timer } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDuration } from '@/lib/format-duration';
import { useMyTime } from '../api/get-my-time';
import { useIsNarrow } from '../hooks/use-is-narrow';
import { useNow } from '../hooks/use-now';
import { formatClock, formatDurationWords } from '../lib/format-duration';
import { type TrackerView, viewElapsedSeconds } from '../lib/time-tracker-controller';
import { useTimeTracker } from './time-tracker-context';

/** SPEC 9: the time tracker minimises under 100 px of width. */
export const MINIMISED_BELOW_PX = 100;

type StateKey =
  | 'starting'
  | 'active'
  | 'pausedTabHidden'
  | 'pausedInactivity'
  | 'offline'
  | 'synchronised'
  | 'stopped'
  | 'maxReached';

function stateKey(view: TrackerView): StateKey {
  switch (view.status) {
    case 'paused':
      return 'pausedTabHidden';
    case 'idle-warning':
      return 'pausedInactivity';
    case 'stopped':
      return view.stopReason === 'max-duration'
        ? 'maxReached'
        : view.stopReason === 'leadership-lost'
          ? 'starting'
          : 'stopped';
    default:
      return view.status;
  }
}

const DOT: Record<StateKey, string> = {
  starting: 'bg-muted-foreground',
  active: 'bg-success-foreground',
  pausedTabHidden: 'bg-warning-foreground',
  pausedInactivity: 'bg-warning-foreground',
  offline: 'bg-danger',
  synchronised: 'bg-info-foreground',
  stopped: 'bg-muted-foreground',
  maxReached: 'bg-muted-foreground',
};

/** SPEC 2 time-tracker card: the session's running time, today's total and the tracker's state. */
export function TimeTrackerCard({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('timeTracking');
  const language = normalizeLanguage(i18n.resolvedLanguage);
  const { view } = useTimeTracker();
  const containerRef = useRef<HTMLDivElement>(null);
  const isMinimised = useIsNarrow(containerRef, MINIMISED_BELOW_PX);
  const now = useNow(1000, view.isCounting);
  const myTime = useMyTime();
  const elapsed = viewElapsedSeconds(view, now);
  const key = stateKey(view);
  const stateText = t(`status.${key}`);
  // The open session is counted live here; the server's figure for it is as of its last heartbeat.
  const todaySeconds = myTime.data
    ? Math.max(myTime.data.todaySeconds, myTime.data.todaySeconds - myTime.data.openSessionSeconds + elapsed)
    : null;
  const sessionLabel = t('card.sessionLabel', { duration: formatDurationWords(elapsed, language) });
  // SPEC 8: this tab shows the session another tab of the browser writes.
  const isFollower = !view.isLeader && view.status !== 'starting' && view.status !== 'stopped';

  return (
    <div ref={containerRef} className={cn('w-full', className)} data-testid="time-tracker-card">
      {/* Announces state changes (paused, offline, synchronised), not every second. */}
      <p role="status" className="sr-only">
        {t('card.stateLabel', { state: stateText })}
      </p>
      {isMinimised ? (
        <div
          className={cn(
            'relative flex size-9 items-center justify-center rounded-md border border-border bg-muted/40 transition-shadow',
            view.isHighlighted && 'ring-2 ring-primary',
          )}
          title={[
            formatClock(elapsed, language),
            stateText,
            ...(isFollower ? [t('card.otherTab')] : []),
          ].join(' · ')}
          data-minimised="true"
        >
          <Timer aria-hidden="true" className="size-4 text-muted-foreground" />
          <span aria-hidden="true" className={cn('absolute top-1 right-1 size-2 rounded-full', DOT[key])} />
          <span className="sr-only">{sessionLabel}</span>
        </div>
      ) : (
        <section
          aria-label={t('card.title')}
          className={cn(
            'flex flex-col gap-1 rounded-lg border border-border bg-muted/40 px-3 py-2 transition-shadow duration-300',
            view.isHighlighted && 'ring-2 ring-primary',
          )}
          data-minimised="false"
        >
          <div className="flex items-center justify-between gap-2">
            <span className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Timer aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{t('card.session')}</span>
            </span>
            <span className="flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
              <span aria-hidden="true" className={cn('size-2 rounded-full', DOT[key])} />
              {stateText}
            </span>
          </div>
          <p className="font-mono text-xl font-semibold text-foreground tabular-nums">
            <span aria-hidden="true">{formatClock(elapsed, language)}</span>
            <span className="sr-only">{sessionLabel}</span>
          </p>
          {isFollower && <p className="text-xs text-muted-foreground">{t('card.otherTab')}</p>}
          {todaySeconds !== null && (
            <p className="text-xs text-muted-foreground">
              {t('card.today', { duration: formatDuration(todaySeconds, language) })}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
