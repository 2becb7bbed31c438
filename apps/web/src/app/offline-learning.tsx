import type { ReactNode } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LearningOfflineContext } from '@/features/learning/api/offline-source';
import { useOfflineLearning } from '@/features/offline/hooks/use-offline-learning';

/**
 * Issue 18: the learner's formation, lesson and list pages read the device's formations when the
 * network is gone. The guard above guarantees a signed-in user.
 */
export function OfflineLearning({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? <WithOfflineSource userId={user.id}>{children}</WithOfflineSource> : children;
}

function WithOfflineSource({ userId, children }: { userId: string; children: ReactNode }) {
  const source = useOfflineLearning(userId);
  return <LearningOfflineContext.Provider value={source}>{children}</LearningOfflineContext.Provider>;
}
