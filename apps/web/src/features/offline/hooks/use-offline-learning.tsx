import { useMemo } from 'react';
import { OfflineListUnavailable, OfflinePageUnavailable } from '../components/offline-unavailable';
import { createOfflineLearning } from '../lib/offline-learning';
import { getOfflineFormationsStore } from '../lib/offline-store';

/**
 * What the learner's pages read without a network (the learning feature's offline source, given
 * by the route): the device's formations, and what to show for a page it does not hold.
 */
export function useOfflineLearning(userId: string) {
  return useMemo(
    () => ({
      ...createOfflineLearning({ userId, store: getOfflineFormationsStore() }),
      unavailable: { page: <OfflinePageUnavailable />, list: <OfflineListUnavailable /> },
    }),
    [userId],
  );
}
