import type { AttendanceEntry, AttendanceSlot } from '@cursus/contracts';
import { Mail, PenLine, QrCode, Signature, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useCountersign, useSendSigningLinks, useSignInPerson } from '../api/slot-actions';
import { formatDateTime, formatDay, formatTime } from './attendance-format';
import { MarkAttendanceDialog } from './mark-attendance-dialog';
import { SignatureForm } from './signature-form';

function EntryState({ entry }: { entry: AttendanceEntry }) {
  const { t } = useTranslation('attendance');
  if (entry.status === 'absent')
    return (
      <div className="flex flex-col gap-1">
        <Badge variant="danger">{entry.absenceReason ? t('status.justified') : t('status.absent')}</Badge>
        {entry.absenceReason && (
          <p className="text-xs break-words text-muted-foreground">
            {t('entry.reason', { reason: entry.absenceReason })}
          </p>
        )}
        {entry.absenceFile && (
          <a href={entry.absenceFile.url} target="_blank" rel="noreferrer" className="text-xs underline">
            {t('entry.document', { name: entry.absenceFile.name })}
          </a>
        )}
      </div>
    );
  if (entry.signature)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="success">
          {t('entry.signed', {
            time: formatTime(entry.signature.signedAt),
            method: t(`method.${entry.signature.method}`),
          })}
        </Badge>
        <img
          src={entry.signature.image}
          alt={t('entry.signatureAlt', { name: entry.studentName })}
          className="h-10 w-24 rounded border border-border bg-white object-contain"
        />
      </div>
    );
  if (entry.status === 'attended') return <Badge variant="info">{t('status.attendedUnsigned')}</Badge>;
  return <Badge>{t('status.pending')}</Badge>;
}

export interface AttendanceSlotCardProps {
  slot: AttendanceSlot;
  sessionTitle: string;
  onShowQrCode: () => void;
}

/** One half-day: its learners, how each attended, and the trainer's actions on it. */
export function AttendanceSlotCard({ slot, sessionTitle, onShowQrCode }: AttendanceSlotCardProps) {
  const { t } = useTranslation('attendance');
  const sendLinks = useSendSigningLinks();
  const countersign = useCountersign();
  const signInPerson = useSignInPerson();
  const [isConfirmingLinks, setIsConfirmingLinks] = useState(false);
  const [isCountersigning, setIsCountersigning] = useState(false);
  const [signer, setSigner] = useState<AttendanceEntry | null>(null);
  const [marked, setMarked] = useState<AttendanceEntry | null>(null);
  const headingId = `slot-${slot.id}`;
  const signedCount = slot.entries.filter((entry) => entry.signature).length;
  const unsignedCount = slot.entries.length - signedCount;
  const slotName = `${t(`period.${slot.period}`)} · ${formatDay(slot.startsAt)}`;

  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-foreground">
            {slotName}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('slot.hours', { start: formatTime(slot.startsAt), end: formatTime(slot.endsAt) })} ·{' '}
            {t('slot.closes', { date: formatDateTime(slot.closesAt) })}
          </p>
          <p className="text-sm text-muted-foreground">
            {t('slot.signedCount', { count: signedCount, total: slot.entries.length })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onShowQrCode}>
            <QrCode aria-hidden="true" className="size-4" />
            {t('slot.showQr')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={unsignedCount === 0}
            onClick={() => setIsConfirmingLinks(true)}
          >
            <Mail aria-hidden="true" className="size-4" />
            {t('slot.sendLinks')}
          </Button>
        </div>
      </div>

      {slot.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('slot.noLearners')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {slot.entries.map((entry) => (
            <li key={entry.studentId} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
              <div className="flex min-w-0 flex-col gap-1">
                <span className="font-medium break-words text-foreground">{entry.studentName}</span>
                <EntryState entry={entry} />
              </div>
              <div className="flex flex-wrap gap-2">
                {!entry.signature && (
                  <Button variant="ghost" size="sm" onClick={() => setSigner(entry)}>
                    <PenLine aria-hidden="true" className="size-4" />
                    {t('entry.signHere', { name: entry.studentName })}
                  </Button>
                )}
                <Button variant="ghost" size="sm" onClick={() => setMarked(entry)}>
                  <UserCheck aria-hidden="true" className="size-4" />
                  {t('entry.mark', { name: entry.studentName })}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
        {slot.countersignature ? (
          <div className="flex flex-wrap items-center gap-2 text-sm text-foreground">
            <span>
              {t('slot.countersigned', {
                name: slot.countersignature.signerName,
                date: formatDateTime(slot.countersignature.signedAt),
              })}
            </span>
            <img
              src={slot.countersignature.image}
              alt={t('slot.countersignatureAlt', { name: slot.countersignature.signerName })}
              className="h-10 w-24 rounded border border-border bg-white object-contain"
            />
          </div>
        ) : (
          <>
            <span className="text-sm text-muted-foreground">{t('slot.notCountersigned')}</span>
            <Button size="sm" onClick={() => setIsCountersigning(true)}>
              <Signature aria-hidden="true" className="size-4" />
              {t('slot.countersign')}
            </Button>
          </>
        )}
      </div>

      {isConfirmingLinks && (
        <ConfirmDialog
          isDanger={false}
          title={t('links.title')}
          description={t('links.description', { count: unsignedCount })}
          confirmLabel={t('links.confirm')}
          isPending={sendLinks.isPending}
          onClose={() => setIsConfirmingLinks(false)}
          onConfirm={() =>
            sendLinks.mutate(slot.id, {
              onSuccess: ({ sent }) => {
                notify.success(t('links.sent', { count: sent }));
                setIsConfirmingLinks(false);
              },
            })
          }
        >
          {sendLinks.isError && <p className="text-sm text-danger">{getErrorMessage(sendLinks.error)}</p>}
        </ConfirmDialog>
      )}

      {isCountersigning && (
        <Dialog
          title={t('countersign.title')}
          description={t('countersign.description', { session: sessionTitle, slot: slotName })}
          closeLabel={t('actions.close')}
          onClose={() => {
            countersign.reset();
            setIsCountersigning(false);
          }}
        >
          <SignatureForm
            padLabel={t('countersign.padLabel')}
            submitLabel={t('countersign.submit')}
            isPending={countersign.isPending}
            error={countersign.isError ? countersign.error : undefined}
            onSubmit={(signature) =>
              countersign.mutate(
                { slotId: slot.id, signature },
                {
                  onSuccess: () => {
                    notify.success(t('countersign.done'));
                    setIsCountersigning(false);
                  },
                },
              )
            }
          />
        </Dialog>
      )}

      {signer && (
        <Dialog
          title={t('inPerson.title', { name: signer.studentName })}
          description={t('inPerson.description', { name: signer.studentName, slot: slotName })}
          closeLabel={t('actions.close')}
          onClose={() => {
            signInPerson.reset();
            setSigner(null);
          }}
        >
          <SignatureForm
            padLabel={t('inPerson.padLabel', { name: signer.studentName })}
            submitLabel={t('inPerson.submit')}
            isPending={signInPerson.isPending}
            error={signInPerson.isError ? signInPerson.error : undefined}
            onSubmit={(signature) =>
              signInPerson.mutate(
                { slotId: slot.id, studentId: signer.studentId, signature },
                {
                  onSuccess: () => {
                    notify.success(t('inPerson.done', { name: signer.studentName }));
                    setSigner(null);
                  },
                },
              )
            }
          />
        </Dialog>
      )}

      {marked && <MarkAttendanceDialog slotId={slot.id} entry={marked} onClose={() => setMarked(null)} />}
    </Card>
  );
}
