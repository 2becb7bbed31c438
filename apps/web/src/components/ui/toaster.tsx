import { TOASTS } from '@cursus/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as SonnerToaster } from 'sonner';
import { useTheme } from '@/hooks/use-theme';

/** SPEC 9 toasts: 3 visible, 356 px wide, 4 s unless the kind says otherwise (lib/toast.ts). */
export function Toaster() {
  const { t } = useTranslation('common');
  const { resolvedTheme } = useTheme();
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
