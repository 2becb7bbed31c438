import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useLearnerSettings, useUpdateLearnerSettings } from '../api/learners';

/**
 * The organisation's learner settings: whether it collects social security numbers. Switching it
 * off erases every number stored, so that asks first.
 */
export function LearnerSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('learners');
  const settings = useLearnerSettings();
  const update = useUpdateLearnerSettings();
  const [isConfirming, setIsConfirming] = useState(false);

  const save = (collects: boolean) =>
    update.mutate(collects, {
      onSuccess: () => {
        notify.success(t(collects ? 'settings.enabled' : 'settings.disabled'));
        setIsConfirming(false);
      },
      onError: (error) => notify.error(getErrorMessage(error)),
    });

  if (isConfirming)
    return (
      <ConfirmDialog
        title={t('settings.confirmTitle')}
        description={t('settings.confirmDescription')}
        confirmLabel={t('settings.confirm')}
        isPending={update.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() => save(false)}
      />
    );

  return (
    <Dialog title={t('settings.title')} closeLabel={t('close')} onClose={onClose} size="sm">
      {settings.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" />
          {t('settings.loading')}
        </p>
      )}
      {settings.isError && (
        <LoadErrorAlert error={settings.error} retryLabel={t('retry')} onRetry={() => settings.refetch()} />
      )}
      {settings.data && (
        <Checkbox
          label={t('settings.collectSsn')}
          hint={t('settings.collectSsnHint')}
          checked={settings.data.collectsSocialSecurityNumber}
          disabled={update.isPending}
          onChange={(event) => (event.target.checked ? save(true) : setIsConfirming(true))}
        />
      )}
    </Dialog>
  );
}
