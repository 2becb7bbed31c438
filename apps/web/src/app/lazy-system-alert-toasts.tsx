import { lazy, Suspense } from 'react';
import { loadNamespaces } from '@/lib/i18n';

// Admins only: loaded, with its texts, when an admin's frame first renders; nobody else downloads it.
const SystemAlertToasts = lazy(async () => {
  const [{ SystemAlertToasts: Toasts }] = await Promise.all([
    import('@/features/system/components/system-alert-toasts'),
    loadNamespaces(['system']),
  ]);
  return { default: Toasts };
});

/** SPEC 9: the admins' 10 s toast of each new system alert (features/system), for the signed-in frame. */
export function LazySystemAlertToasts() {
  return (
    <Suspense fallback={null}>
      <SystemAlertToasts />
    </Suspense>
  );
}
