import { normalizeLanguage } from '@cursus/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatClock } from '../lib/format-duration';

export interface IdleDialogProps {
  /** SPEC 9: counts down from 300 s; at 0 the learner is signed out. */
  countdownSeconds: number;
  onConfirm: () => void;
}

/** SPEC 4: after the idle timeout, the learner confirms presence or is signed out. */
export function IdleDialog({ countdownSeconds, onConfirm }: IdleDialogProps) {
  const { t, i18n } = useTranslation('timeTracking');
  const language = normalizeLanguage(i18n.resolvedLanguage);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title={t('idle.title')}
      description={t('idle.description')}
      // Closing the dialog is a sign of presence too.
      closeLabel={t('idle.close')}
      onClose={onConfirm}
      initialFocusRef={confirmRef}
      footer={
        <Button ref={confirmRef} onClick={onConfirm}>
          {t('idle.confirm')}
        </Button>
      }
    >
      {/* A timer is not announced each second; its text reads when the learner reaches it. */}
      <p role="timer" className="text-base font-semibold text-foreground tabular-nums">
        {t('idle.countdown', { time: formatClock(countdownSeconds, language) })}
      </p>
    </Dialog>
  );
}
