import { TOASTS } from '@cursus/contracts';
import { type CSSProperties, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/hooks/use-theme';
import { whenIdle } from '@/lib/idle';
import { getLoadedToasts, loadToasts, markToasterMounted, subscribeToToasts } from '@/lib/toast';

/**
 * SPEC 9 toasts: 3 visible, 356 px wide, 4 s unless the kind says otherwise (lib/toast.ts). sonner
 * loads once the page is idle, or with the first toast (issue 12); nothing shows until it has.
 */
export function Toaster() {
  const { t } = useTranslation('common');
  const { resolvedTheme } = useTheme();
  const sonner = useSyncExternalStore(subscribeToToasts, getLoadedToasts);
  useEffect(() => whenIdle(() => void loadToasts()), []);
  // Effects run children first: sonner's Toaster is listening by now.
  useEffect(() => {
    if (sonner) markToasterMounted();
  }, [sonner]);
  if (!sonner) return null;
  const { Toaster: SonnerToaster } = sonner;
  return (
    <SonnerToaster
      theme={resolvedTheme}
      position="bottom-right"
      visibleToasts={TOASTS.maxVisible}
      duration={TOASTS.defaultMs}
      richColors
      closeButton
      containerAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      style={{ '--width': `${TOASTS.widthPx}px` } as CSSProperties}
    />
  );
}
