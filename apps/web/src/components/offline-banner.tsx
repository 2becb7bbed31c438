import { WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispatchConnectivityChange } from '@/lib/connectivity';
import { notify } from '@/lib/toast';

/** SPEC 9: 'Connexion rétablie' stays 3 s after reconnection. */
export const RECONNECTED_BANNER_MS = 3000;

type BannerState = 'online' | 'offline' | 'reconnected';

function readInitialState(): BannerState {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online';
}

/**
 * SPEC 4 offline banner, with a toast and a `cursus:connectivity` event each time the connection drops
 * or returns. The provider mounts it once, so each change is announced once.
 */
export function OfflineBanner() {
  const { t } = useTranslation('errors');
  const [state, setState] = useState<BannerState>(readInitialState);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const onOffline = () => {
      clearTimeout(hideTimer.current);
      setState('offline');
      notify.error(t('feedback.offline.toastOffline'));
      dispatchConnectivityChange(false);
    };
    const onOnline = () => {
      clearTimeout(hideTimer.current);
      setState('reconnected');
      notify.success(t('feedback.offline.toastOnline'));
      dispatchConnectivityChange(true);
      hideTimer.current = setTimeout(() => setState('online'), RECONNECTED_BANNER_MS);
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      clearTimeout(hideTimer.current);
    };
  }, [t]);

  if (state === 'online') return null;
  return (
    <div
      role="status"
      className={
        state === 'offline'
          ? 'sticky top-0 z-50 flex items-center justify-center gap-2 bg-warning-surface px-4 py-2 text-sm text-warning-foreground'
          : 'sticky top-0 z-50 flex items-center justify-center gap-2 bg-success-surface px-4 py-2 text-sm text-success-foreground'
      }
    >
      {state === 'offline' && <WifiOff aria-hidden="true" className="size-4" />}
      {state === 'offline' ? t('feedback.offline.banner') : t('feedback.offline.restored')}
    </div>
  );
}
