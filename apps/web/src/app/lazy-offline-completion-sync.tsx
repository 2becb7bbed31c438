import { lazy, Suspense } from 'react';
import { loadNamespaces } from '@/lib/i18n';

/** Its texts, loaded with it (build/locale-sets.ts). */
export const OFFLINE_SYNC_NAMESPACES = ['offline'] as const;

// Learners only: loaded, with its texts, when a learner's frame first renders.
const OfflineCompletionSync = lazy(async () => {
  const [{ OfflineCompletionSync: Sync }] = await Promise.all([
    import('@/features/offline/components/offline-completion-sync'),
    loadNamespaces(OFFLINE_SYNC_NAMESPACES),
  ]);
  return { default: Sync };
});

/** Issue 18: lessons completed offline go to the server when the connection returns (features/offline). */
export function LazyOfflineCompletionSync({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <OfflineCompletionSync userId={userId} />
    </Suspense>
  );
}
