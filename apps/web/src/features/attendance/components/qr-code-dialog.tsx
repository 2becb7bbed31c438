import { QR_ROTATION_SECONDS } from '@cursus/contracts';
import { Maximize2, Minimize2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { useSlotQrCode } from '../api/get-slot-qr-code';

export interface QrCodeDialogProps {
  slotId: string;
  /** Names the slot on the projected screen, e.g. 'Excel avancé · Matin'. */
  caption: string;
  onClose: () => void;
}

/** Seconds until the screen asks for the next code, counted from the last answer (no clock skew). */
function useSecondsLeft(updatedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((updatedAt + QR_ROTATION_SECONDS * 1000 - now) / 1000));
}

/**
 * The room's rotating code: learners scan it with their phone and sign while signed in. It can
 * fill the screen for a projector; Escape (the browser's) leaves full screen.
 */
export function QrCodeDialog({ slotId, caption, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation('attendance');
  const qrCode = useSlotQrCode(slotId);
  const stageRef = useRef<HTMLDivElement>(null);
  const [isFullScreen, setIsFullScreen] = useState(false);
  const secondsLeft = useSecondsLeft(qrCode.dataUpdatedAt);

  useEffect(() => {
    const onChange = () => setIsFullScreen(document.fullscreenElement === stageRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stageRef.current?.requestFullscreen();
  };

  return (
    <Dialog
      title={t('qr.title')}
      description={t('qr.description')}
      closeLabel={t('actions.close')}
      onClose={onClose}
      size="lg"
    >
      {qrCode.isPending ? (
        <Spinner label={t('qr.loading')} />
      ) : qrCode.isError ? (
        <LoadErrorAlert
          error={qrCode.error}
          retryLabel={t('actions.retry')}
          onRetry={() => void qrCode.refetch()}
        />
      ) : (
        <div className="flex flex-col items-center gap-3">
          <div
            ref={stageRef}
            className={
              isFullScreen
                ? 'flex h-full w-full flex-col items-center justify-center gap-6 bg-white p-8 text-black'
                : 'flex flex-col items-center gap-2'
            }
          >
            {isFullScreen && <p className="text-center text-3xl font-semibold">{caption}</p>}
            <img
              src={qrCode.data.image}
              alt={t('qr.imageAlt', { caption })}
              className={
                isFullScreen
                  ? 'aspect-square h-[70vh] max-w-full bg-white'
                  : 'aspect-square w-full max-w-72 rounded-lg bg-white p-2'
              }
            />
            <p className={isFullScreen ? 'text-xl' : 'text-sm text-muted-foreground'}>
              {t('qr.refreshIn', { count: secondsLeft })}
            </p>
            <Button variant="secondary" onClick={toggleFullScreen}>
              {isFullScreen ? (
                <Minimize2 aria-hidden="true" className="size-4" />
              ) : (
                <Maximize2 aria-hidden="true" className="size-4" />
              )}
              {isFullScreen ? t('qr.exitFullScreen') : t('qr.fullScreen')}
            </Button>
          </div>
          <p className="text-center text-xs break-all text-muted-foreground">
            {t('qr.link')}{' '}
            <a href={qrCode.data.url} className="underline">
              {qrCode.data.url}
            </a>
          </p>
        </div>
      )}
    </Dialog>
  );
}
