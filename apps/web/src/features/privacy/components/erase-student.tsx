import type { RetentionYears } from '@cursus/contracts';
import { UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, DANGER_BUTTON_CLASS } from '@/components/ui/confirm-dialog';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';
import { notify } from '@/lib/toast';
import { useEraseStudent, useErasurePreview } from '../api/erase-student';

function formatDay(date: Date): string {
  return dateTimeFormat(getLanguage(), { dateStyle: 'long' }).format(date);
}

export interface EraseStudentDialogProps {
  retentionYears: RetentionYears;
  /** When the evidence will be purged if the learner is erased now. */
  retainedUntil: Date;
  isPending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Says what goes now and what stays, without the name, until when; focus starts on Cancel. */
export function EraseStudentDialog({
  retentionYears,
  retainedUntil,
  isPending,
  error,
  onConfirm,
  onClose,
}: EraseStudentDialogProps) {
  const { t } = useTranslation('privacy');
  const date = formatDay(retainedUntil);
  return (
    <ConfirmDialog
      title={t('erasure.dialogTitle')}
      description={t('erasure.dialogIntro')}
      confirmLabel={t('erasure.confirm')}
      onConfirm={onConfirm}
      onClose={onClose}
      isPending={isPending}
    >
      <div className="flex flex-col gap-3 text-sm">
        <section aria-label={t('erasure.erasedTitle')}>
          <h3 className="font-semibold text-foreground">{t('erasure.erasedTitle')}</h3>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            <li>{t('erasure.erasedIdentity')}</li>
            <li>{t('erasure.erasedRecord')}</li>
            <li>{t('erasure.erasedAccount')}</li>
            <li>{t('erasure.erasedContent')}</li>
          </ul>
        </section>
        <section aria-label={t('erasure.keptTitle', { date })}>
          <h3 className="font-semibold text-foreground">{t('erasure.keptTitle', { date })}</h3>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            <li>{t('erasure.keptEvidence')}</li>
          </ul>
          <p className="mt-1 text-muted-foreground">{t('erasure.keptReason', { years: retentionYears })}</p>
        </section>
        {error && <Alert variant="error">{error}</Alert>}
      </div>
    </ConfirmDialog>
  );
}

/**
 * /trainer/students/{studentId}: the organisation erases one of its learners (GDPR article 17); on
 * /admin/student/{studentId}, a platform admin any organisation's. The confirmation says the period of
 * the learner's organisation, as the server reads it.
 */
export function EraseStudent({ studentId, onErased }: { studentId: string; onErased?: () => void }) {
  const { t } = useTranslation('privacy');
  const headingId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const preview = useErasurePreview(studentId, { enabled: isOpen });
  const erase = useEraseStudent();

  const confirm = () =>
    erase.mutate(studentId, {
      onSuccess: (erasure) => {
        setIsOpen(false);
        notify.success(t('erasure.done', { date: formatDay(new Date(erasure.retainedUntil)) }));
        onErased?.();
      },
    });

  return (
    <Card aria-labelledby={headingId} role="region" padding="p-4 sm:p-6" className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-foreground">
        <UserX aria-hidden="true" className="size-5 text-danger" />
        {t('erasure.heading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('erasure.description')}</p>
      <div>
        <Button
          className={DANGER_BUTTON_CLASS}
          onClick={() => {
            erase.reset();
            setIsOpen(true);
          }}
        >
          {t('erasure.button')}
        </Button>
      </div>
      {isOpen && preview.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('erasure.loading')}
        </p>
      )}
      {isOpen && preview.isError && <Alert variant="error">{getErrorMessage(preview.error)}</Alert>}
      {isOpen && preview.data && (
        <EraseStudentDialog
          retentionYears={preview.data.retentionYears}
          retainedUntil={new Date(preview.data.retainedUntil)}
          isPending={erase.isPending}
          error={erase.isError ? getErrorMessage(erase.error) : null}
          onConfirm={confirm}
          onClose={() => setIsOpen(false)}
        />
      )}
    </Card>
  );
}
