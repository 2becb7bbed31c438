import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { invalidateDomains } from '@/lib/query-domains';
import { notify } from '@/lib/toast';
import { formatBytes } from '../lib/format';
import { getOfflineFormationsStore, type StoredFormation } from '../lib/offline-store';

/**
 * 'Libérer': removes formations from the device after a confirmation. Lessons completed offline and
 * not yet sent are kept: they are the learner's work, and go at the next connection.
 */
export function FreeFormationDialog({
  userId,
  formations,
  onClose,
}: {
  userId: string;
  formations: StoredFormation[];
  onClose: () => void;
}) {
  const { t } = useTranslation('offline');
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);
  const sizeBytes = formations.reduce((sum, formation) => sum + formation.sizeBytes, 0);
  const size = formatBytes(sizeBytes, getLanguage());

  const free = async () => {
    setIsPending(true);
    try {
      const store = getOfflineFormationsStore();
      for (const formation of formations) await store.removeFormation(userId, formation.courseId);
      await invalidateDomains(queryClient, ['offline']);
      notify.success(t('storage.freed', { size }));
      onClose();
    } catch (error) {
      setIsPending(false);
      notify.error(getErrorMessage(error));
    }
  };

  return (
    <ConfirmDialog
      title={formations.length === 1 ? t('storage.freeOneTitle') : t('storage.freeAllTitle')}
      description={
        formations.length === 1
          ? t('storage.freeOneDescription', { title: formations[0]!.title, size })
          : t('storage.freeAllDescription', { count: formations.length, size })
      }
      confirmLabel={t('storage.free')}
      isPending={isPending}
      onConfirm={() => void free()}
      onClose={onClose}
    />
  );
}
