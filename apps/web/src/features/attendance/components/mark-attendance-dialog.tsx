import { ABSENCE_REASON_MAX, type AttendanceEntry, type AttendanceStatus } from '@cursus/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useMarkAttendance } from '../api/slot-actions';
import { ABSENCE_DOCUMENT_ACCEPT } from '../api/upload-absence-document';

export interface MarkAttendanceDialogProps {
  slotId: string;
  entry: AttendanceEntry;
  onClose: () => void;
}

/** Attended or absent; an absence may be justified with a reason and a PDF. */
export function MarkAttendanceDialog({ slotId, entry, onClose }: MarkAttendanceDialogProps) {
  const { t } = useTranslation('attendance');
  const formId = useId();
  const mark = useMarkAttendance();
  const [status, setStatus] = useState<AttendanceStatus>(entry.status ?? 'attended');
  const [reason, setReason] = useState(entry.absenceReason ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [isFileRemoved, setIsFileRemoved] = useState(false);
  const isAbsent = status === 'absent';
  // Overriding a signature with an absence is the one change that contradicts evidence: said out loud.
  const contradictsSignature = isAbsent && entry.signature !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mark.mutate(
      {
        slotId,
        studentId: entry.studentId,
        status,
        absenceReason: reason.trim() || null,
        file,
        keptFileId: isFileRemoved ? null : (entry.absenceFile?.id ?? null),
      },
      {
        onSuccess: () => {
          notify.success(t('mark.saved', { name: entry.studentName }));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      title={t('mark.title', { name: entry.studentName })}
      closeLabel={t('actions.close')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={mark.isPending}>
            {t('mark.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-foreground">{t('mark.statusLegend')}</legend>
          {(['attended', 'absent'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-foreground">
              <input
                type="radio"
                name={`${formId}-status`}
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
                className={`size-4 accent-primary ${FOCUS_RING}`}
              />
              {t(`status.${value}`)}
            </label>
          ))}
        </fieldset>
        {contradictsSignature && <Alert variant="warning">{t('mark.overridesSignature')}</Alert>}
        {isAbsent && (
          <>
            <Field label={t('mark.reason')} description={t('mark.reasonHint')}>
              {(control) => (
                <Textarea
                  {...control}
                  value={reason}
                  maxLength={ABSENCE_REASON_MAX}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
            {entry.absenceFile && !isFileRemoved && !file && (
              <p className="text-sm text-foreground">
                {t('mark.currentDocument')}{' '}
                <a href={entry.absenceFile.url} target="_blank" rel="noreferrer" className="underline">
                  {entry.absenceFile.name}
                </a>
              </p>
            )}
            {entry.absenceFile && (
              <Checkbox
                label={t('mark.removeDocument')}
                checked={isFileRemoved}
                onChange={(event) => setIsFileRemoved(event.target.checked)}
              />
            )}
            <Field label={t('mark.document')} description={t('mark.documentHint')}>
              {(control) => (
                <FileInput
                  {...control}
                  accept={ABSENCE_DOCUMENT_ACCEPT}
                  onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                />
              )}
            </Field>
          </>
        )}
        {mark.isError && <Alert variant="error">{getErrorMessage(mark.error)}</Alert>}
      </form>
    </Dialog>
  );
}
