import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOfflineFormationsStore, type OfflineFormationsStore } from '../lib/offline-store';
import { offlineKeys } from './offline-query-keys';

/** The formations this device holds for the learner: local reads, so they run with or without network. */
export function storedFormationsQueryOptions(
  userId: string,
  store: OfflineFormationsStore = getOfflineFormationsStore(),
) {
  return queryOptions({
    queryKey: offlineKeys.formations(userId),
    queryFn: () => store.listFormations(userId),
    networkMode: 'always',
  });
}

export function useStoredFormations(userId: string) {
  return useQuery(storedFormationsQueryOptions(userId));
}

/** Lessons completed offline that the server has not received yet. */
export function usePendingCompletions(userId: string) {
  return useQuery({
    queryKey: offlineKeys.pendingCompletions(userId),
    queryFn: () => getOfflineFormationsStore().listPendingCompletions(userId),
    networkMode: 'always',
  });
}

export interface StorageEstimate {
  usageBytes: number;
  quotaBytes: number;
}

/** What the browser says this site uses and may use (all of its storage, not only formations). */
export function useStorageEstimate() {
  return useQuery({
    queryKey: offlineKeys.storageEstimate(),
    queryFn: async (): Promise<StorageEstimate | null> => {
      if (!navigator.storage?.estimate) return null;
      const { usage = 0, quota = 0 } = await navigator.storage.estimate();
      return { usageBytes: usage, quotaBytes: quota };
    },
    networkMode: 'always',
  });
}
