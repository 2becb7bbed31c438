import { type AttendanceSlot, attendanceSheetPdfPath } from '@cursus/contracts';
import { ArrowLeft, CalendarX, FileDown, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAttendanceSheet } from '../api/get-attendance-sheet';
import { AttendanceSlotCard } from './attendance-slot-card';
import { LateSigningSettings } from './late-signing-settings';
import { QrCodeDialog } from './qr-code-dialog';

/** Where the room's code matters now: the slot open for signing, else the next, else the first. */
function currentSlot(slots: AttendanceSlot[], now: number): AttendanceSlot | undefined {
  return (
    slots.find((slot) => Date.parse(slot.startsAt) <= now && now <= Date.parse(slot.closesAt)) ??
    slots.find((slot) => Date.parse(slot.startsAt) > now) ??
    slots[0]
  );
}

export interface TrainerAttendanceProps {
  sessionId: string;
  /** 'qr' opens the room's code for the current slot straight away (the list's QR action). */
  initialView?: 'qr' | null;
}

/** A session's attendance sheet: each half-day's learners, signatures, absences and countersignature. */
export function TrainerAttendance({ sessionId, initialView = null }: TrainerAttendanceProps) {
  const { t } = useTranslation('attendance');
  const sheet = useAttendanceSheet(sessionId);
  const [qrSlotId, setQrSlotId] = useState<string | null>(null);
  const [isInitialViewShown, setIsInitialViewShown] = useState(false);

  const backLink = (
    <Link to={paths.trainer.groupSessions.getHref()} className={buttonClassName('ghost', 'sm', 'self-start')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('trainer.back')}
    </Link>
  );

  if (sheet.isPending)
    return (
      <SkeletonCards
        count={2}
        label={t('trainer.loading')}
        bars={['h-5 w-1/3 rounded', 'h-4 w-1/2 rounded', 'h-10 w-full rounded']}
        className="flex flex-col gap-4"
      />
    );
  if (sheet.isError) {
    if (isApiError(sheet.error, 'NOT_FOUND'))
      return (
        <EmptyState
          icon={CalendarX}
          title={t('trainer.notFoundTitle')}
          description={t('trainer.notFoundText')}
          action={backLink}
        />
      );
    return (
      <LoadErrorAlert
        error={sheet.error}
        title={t('trainer.loadError')}
        retryLabel={t('actions.retry')}
        onRetry={() => void sheet.refetch()}
      />
    );
  }

  const { slots, chain, sessionTitle } = sheet.data;
  if (initialView === 'qr' && !isInitialViewShown) {
    setIsInitialViewShown(true);
    const slot = currentSlot(slots, Date.now());
    if (slot) setQrSlotId(slot.id);
  }
  const qrSlot = slots.find((slot) => slot.id === qrSlotId);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-2">
          {backLink}
          <p className="text-xl font-semibold break-words text-foreground">{sessionTitle}</p>
          {chain.isValid ? (
            <Badge variant="success" icon={<ShieldCheck aria-hidden="true" className="size-3.5" />}>
              {t('chain.valid', { count: chain.signatureCount })}
            </Badge>
          ) : (
            <Badge variant="danger" icon={<ShieldAlert aria-hidden="true" className="size-3.5" />}>
              {t('chain.broken', { sequence: chain.brokenAt })}
            </Badge>
          )}
        </div>
        <a href={attendanceSheetPdfPath(sessionId)} download className={buttonClassName('primary')}>
          <FileDown aria-hidden="true" className="size-4" />
          {t('trainer.downloadPdf')}
        </a>
      </div>

      {slots.length === 0 ? (
        <EmptyState
          icon={CalendarX}
          title={t('trainer.noSlotsTitle')}
          description={t('trainer.noSlotsText')}
        />
      ) : (
        slots.map((slot) => (
          <AttendanceSlotCard
            key={slot.id}
            slot={slot}
            sessionTitle={sessionTitle}
            onShowQrCode={() => setQrSlotId(slot.id)}
          />
        ))
      )}

      <LateSigningSettings />

      {qrSlot && (
        <QrCodeDialog
          slotId={qrSlot.id}
          caption={`${sessionTitle} · ${t(`period.${qrSlot.period}`)}`}
          onClose={() => setQrSlotId(null)}
        />
      )}
    </div>
  );
}
