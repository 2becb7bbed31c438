import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

/** Red for what cannot be undone; dark text on the dark theme's light red keeps AA contrast. */
export const DANGER_BUTTON_CLASS = 'bg-danger! text-card! hover:opacity-90';

export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending?: boolean;
  isDanger?: boolean;
  /** Shown under the description, e.g. the error of a refused attempt. */
  children?: ReactNode;
}

/**
 * Asks before an action that cannot be undone. Focus starts on Cancel, so an Enter pressed out of
 * habit does not delete anything.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  isPending = false,
  isDanger = true,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title={title}
      description={description}
      closeLabel={t('actions.close')}
      onClose={onClose}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button className={cn(isDanger && DANGER_BUTTON_CLASS)} isLoading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
