import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CONNECTIVITY_EVENT } from '@/lib/connectivity';
import { invalidateDomains } from '@/lib/query-domains';
import { notify } from '@/lib/toast';
import { completeLessonOnline } from '../api/complete-lesson-online';
import { getOfflineFormationsStore, type OfflineFormationsStore } from '../lib/offline-store';
import { syncPendingCompletions } from '../lib/sync-completions';

/**
 * Sends the lessons completed offline when the connection returns (the banner's `cursus:connectivity`
 * event) and when a signed-in page opens online, with SPEC 8's syncSuccess and syncError toasts.
 */
export function OfflineCompletionSync({
  userId,
  store = getOfflineFormationsStore(),
}: {
  userId: string;
  store?: OfflineFormationsStore;
}) {
  const { t } = useTranslation('offline');
  const queryClient = useQueryClient();

  useEffect(() => {
    let isMounted = true;
    const sync = async () => {
      const result = await syncPendingCompletions({ userId, store, complete: completeLessonOnline }).catch(
        () => ({ sent: 0, refused: 0, hasFailed: true }),
      );
      if (!isMounted) return;
      if (result.sent > 0) {
        notify.success(t('sync.success', { count: result.sent }));
        // Progress moved on every screen showing it, and the device's copies now hold the answers.
        await invalidateDomains(queryClient, ['learning', 'dashboard', 'offline']);
      }
      if (result.refused > 0) notify.error(t('sync.refused', { count: result.refused }));
      if (result.hasFailed) notify.error(t('sync.error'));
    };
    if (navigator.onLine) void sync();
    const onConnectivity = (event: CustomEvent<{ online: boolean }>) => {
      if (event.detail.online) void sync();
    };
    window.addEventListener(CONNECTIVITY_EVENT, onConnectivity);
    return () => {
      isMounted = false;
      window.removeEventListener(CONNECTIVITY_EVENT, onConnectivity);
    };
  }, [userId, store, queryClient, t]);

  return null;
}
