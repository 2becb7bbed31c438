import type { registerSW } from 'virtual:pwa-register';
import { logError } from '@/lib/error-logger';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/toast';

/**
 * Browsers look for a new service worker only when a page is opened; a learner can keep one tab open
 * all day, so it also looks every hour.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

const UPDATE_TOAST_ID = 'service-worker-update';

/**
 * SPEC 4: a new version waits until the user accepts it. `activate` tells the waiting worker to take
 * over; the page reloads once it controls the page (virtual:pwa-register does that part).
 */
export function promptServiceWorkerUpdate(activate: () => Promise<void>): void {
  notify.persistent(UPDATE_TOAST_ID, i18n.t('common:serviceWorker.updateAvailable'), {
    label: i18n.t('common:serviceWorker.update'),
    onClick: () => {
      activate().catch((error: unknown) => logError(error, { category: 'service-worker', severity: 'low' }));
    },
  });
}

/**
 * SPEC 7: registers /sw.js. `register` is vite-plugin-pwa's `registerSW`, passed in by main.tsx because
 * its module exists only in Vite builds (in development it is a no-op).
 */
export function registerServiceWorker(register: typeof registerSW): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = register({
    onNeedRefresh: () => promptServiceWorkerUpdate(() => updateServiceWorker()),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        // A failed check (server restarting, flaky network) is simply retried at the next interval.
        if (navigator.onLine) registration.update().catch(() => {});
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError: (error: unknown) => logError(error, { category: 'service-worker', severity: 'low' }),
  });
}
