import { TIME_TRACKING } from '@cursus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONNECTIVITY_EVENT } from '@/lib/connectivity';
import { invalidateDomains } from '@/lib/query-domains';
import { notify } from '@/lib/toast';
import { endTimeSession } from '../api/end-time-session';
import { listOpenTimeSessions } from '../api/list-open-time-sessions';
import { recordHeartbeat } from '../api/record-heartbeat';
import { reportTimeIssue } from '../api/report-time-issue';
import { startTimeSession } from '../api/start-time-session';
import { syncPendingSessions } from '../api/sync-pending-sessions';
import { openOfflineStore } from '../lib/offline-store';
import { createTabCoordinator } from '../lib/tab-coordinator';
import {
  createTimeTrackerController,
  INITIAL_VIEW,
  type TimeTrackerController,
  type TimeTrackingApi,
  type TrackerNotice,
  type TrackerView,
} from '../lib/time-tracker-controller';
import { IdleDialog } from './idle-dialog';
import { TimeTrackerContext } from './time-tracker-context';

const API: TimeTrackingApi = {
  start: () => startTimeSession(),
  listOpen: listOpenTimeSessions,
  heartbeat: recordHeartbeat,
  end: endTimeSession,
  sync: syncPendingSessions,
  reportIssue: reportTimeIssue,
};

/** Activity that puts the idle timeout back; pointer moves are many, so at most one report a second. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;
const ACTIVITY_THROTTLE_MS = 1000;

export interface TimeTrackerHandle {
  /** Ends the session (the learner signs out); resolves once the end was sent or stored. */
  stop: () => Promise<void>;
}

export interface TimeTrackerProviderProps {
  userId: string;
  /** SPEC 4: the sign-out after the idle countdown. */
  onSignOut: () => Promise<void>;
  /** The server answered 401 (signed out in another tab, session expired): recheck the session. */
  onSessionLost?: () => void;
  children: ReactNode;
  ref?: Ref<TimeTrackerHandle>;
  /** SPEC 9: the tracker starts 5 s after auth is ready (tests pass 0). */
  startDelayMs?: number;
}

/**
 * SPEC 4 time tracking for a signed-in student: mounts the tracker for the whole signed-in frame,
 * shares its state with the card, and shows the idle dialog.
 */
export function TimeTrackerProvider({
  userId,
  onSignOut,
  onSessionLost,
  children,
  ref,
  startDelayMs = TIME_TRACKING.authCheckDelayMs,
}: TimeTrackerProviderProps) {
  const { t } = useTranslation('timeTracking');
  const queryClient = useQueryClient();
  const [view, setView] = useState<TrackerView>(INITIAL_VIEW);
  // A page restored from the back/forward cache had its tracker disposed at `pagehide`: a new one.
  const [generation, setGeneration] = useState(0);
  const controllerRef = useRef<TimeTrackerController | null>(null);
  const onSignOutRef = useRef(onSignOut);
  onSignOutRef.current = onSignOut;
  const onSessionLostRef = useRef(onSessionLost);
  onSessionLostRef.current = onSessionLost;
  const tRef = useRef(t);
  tRef.current = t;

  useImperativeHandle(ref, () => ({ stop: async () => controllerRef.current?.stop() }), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation starts a new tracker.
  useEffect(() => {
    const showNotice = (notice: TrackerNotice) => {
      const text = tRef.current(`toasts.${notice}`);
      if (notice === 'resumed' || notice === 'syncSuccess') notify.success(text);
      else if (notice === 'loggedOutInactivity') notify.info(text);
      else notify.error(text);
    };
    let controller: TimeTrackerController | null = null;
    let unsubscribe = () => {};
    const startTimer = setTimeout(() => {
      controller = createTimeTrackerController({
        userId,
        api: API,
        store: openOfflineStore(),
        coordinator: (handlers) =>
          createTabCoordinator({ name: `cursus-time-tracking:${userId}`, ...handlers }),
        notify: showNotice,
        signOut: () => {
          onSignOutRef.current().catch(() => notify.error(tRef.current('toasts.signOutFailed')));
        },
        // 'Mon Suivi' shows the tracked time too.
        onTotalsChanged: () => void invalidateDomains(queryClient, ['time-tracking', 'dashboard']),
        onSessionLost: () => onSessionLostRef.current?.(),
      });
      controllerRef.current = controller;
      unsubscribe = controller.subscribe(setView);
      controller.start();
    }, startDelayMs);

    let lastActivity = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastActivity < ACTIVITY_THROTTLE_MS) return;
      lastActivity = now;
      controller?.reportActivity();
    };
    const onVisibility = () => controller?.setVisible(document.visibilityState !== 'hidden');
    const onOnline = () => controller?.setOnline(true);
    const onOffline = () => controller?.setOnline(false);
    const onConnectivity = (event: CustomEvent<{ online: boolean }>) =>
      controller?.setOnline(event.detail.online);
    // SPEC 9: the offline cleanup also runs when the page goes away.
    const onPageHide = () => {
      void controller?.cleanup();
      controller?.dispose();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setGeneration((current) => current + 1);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener(CONNECTIVITY_EVENT, onConnectivity);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      clearTimeout(startTimer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener(CONNECTIVITY_EVENT, onConnectivity);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      unsubscribe();
      controller?.dispose();
      controllerRef.current = null;
      setView(INITIAL_VIEW);
    };
  }, [userId, startDelayMs, queryClient, generation]);

  const value = useMemo(
    () => ({ view, confirmPresence: () => controllerRef.current?.confirmPresence() }),
    [view],
  );

  return (
    <TimeTrackerContext.Provider value={value}>
      {children}
      {view.status === 'idle-warning' && (
        <IdleDialog countdownSeconds={view.countdownSeconds ?? 0} onConfirm={value.confirmPresence} />
      )}
    </TimeTrackerContext.Provider>
  );
}
