import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToastsRequested, toastsRequested } from '@/lib/toast';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/**
 * The toasts' region, which loads with the first toast rather than with the first screen (issue 12).
 * sonner shows on mount the toasts raised before it, so none raised meanwhile is lost.
 */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToToastsRequested, toastsRequested, toastsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
