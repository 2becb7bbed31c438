import { OFFLINE_FORMATION_MAX_BYTES, type OfflinePackage } from '@cursus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CloudDownload, HardDriveDownload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { invalidateDomains } from '@/lib/query-domains';
import { notify } from '@/lib/toast';
import { getOfflinePackage } from '../api/get-offline-package';
import { useStoredFormations } from '../api/stored-formations';
import { useIsOnline } from '../hooks/use-is-online';
import { type DownloadProgress, downloadFormation } from '../lib/download-formation';
import { formatBytes, formatDay } from '../lib/format';
import { getOfflineFormationsStore } from '../lib/offline-store';
import { FreeFormationDialog } from './free-formation-dialog';

type DownloadState =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'confirm'; offlinePackage: OfflinePackage }
  | { step: 'tooLarge'; offlinePackage: OfflinePackage }
  | { step: 'downloading'; progress: DownloadProgress }
  | { step: 'failed'; error: unknown };

export interface OfflineAvailabilityProps {
  userId: string;
  courseId: string;
}

/**
 * Issue 18, on the learner's formation page: 'Disponible hors ligne'. The size is stated before the
 * download, a bar follows it, and once stored the copy's size and date show with a way to free it.
 */
export function OfflineAvailability({ userId, courseId }: OfflineAvailabilityProps) {
  const { t } = useTranslation('offline');
  const language = getLanguage();
  const headingId = useId();
  const queryClient = useQueryClient();
  const isOnline = useIsOnline();
  const formations = useStoredFormations(userId);
  const stored = formations.data?.find((formation) => formation.courseId === courseId);
  const [state, setState] = useState<DownloadState>({ step: 'idle' });
  const [isFreeing, setIsFreeing] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // Leaving the page stops a download under way: nothing half-done is stored.
  useEffect(() => () => abort.current?.abort(), []);

  const prepare = async () => {
    setState({ step: 'preparing' });
    try {
      const offlinePackage = await getOfflinePackage(courseId);
      setState({
        step: offlinePackage.totalBytes > offlinePackage.maxBytes ? 'tooLarge' : 'confirm',
        offlinePackage,
      });
    } catch (error) {
      setState({ step: 'failed', error });
    }
  };

  const download = async (offlinePackage: OfflinePackage) => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'downloading', progress: { loadedBytes: 0, totalBytes: offlinePackage.totalBytes } });
    try {
      const sizeBytes = await downloadFormation({
        userId,
        offlinePackage,
        store: getOfflineFormationsStore(),
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ step: 'downloading', progress });
        },
      });
      await invalidateDomains(queryClient, ['offline']);
      setState({ step: 'idle' });
      notify.success(t('availability.done', { size: formatBytes(sizeBytes, language) }));
    } catch (error) {
      if (!controller.signal.aborted) setState({ step: 'failed', error });
    }
  };

  const busy = state.step === 'preparing' || state.step === 'downloading';
  return (
    <Card as="section" padding="p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-foreground">
        <HardDriveDownload aria-hidden="true" className="size-5 text-muted-foreground" />
        {t('availability.title')}
      </h2>
      {stored ? (
        <p className="text-sm text-foreground">
          <span className="font-medium">{t('availability.stored')}</span>
          {' · '}
          {t('availability.storedDetails', {
            size: formatBytes(stored.sizeBytes, language),
            date: formatDay(stored.downloadedAt, language),
          })}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t('availability.description', { max: formatBytes(OFFLINE_FORMATION_MAX_BYTES, language) })}
        </p>
      )}

      {state.step === 'downloading' && (
        <div className="flex flex-col gap-1.5" aria-live="polite">
          <ProgressBar
            label={t('availability.progressLabel')}
            value={
              state.progress.totalBytes === 0
                ? 100
                : (state.progress.loadedBytes / state.progress.totalBytes) * 100
            }
            valueText={t('availability.progress', {
              loaded: formatBytes(state.progress.loadedBytes, language),
              total: formatBytes(state.progress.totalBytes, language),
            })}
          />
          <p className="text-xs text-muted-foreground">
            {t('availability.progress', {
              loaded: formatBytes(state.progress.loadedBytes, language),
              total: formatBytes(state.progress.totalBytes, language),
            })}
          </p>
        </div>
      )}
      {state.step === 'tooLarge' && (
        <Alert variant="warning" title={t('availability.tooLargeTitle')}>
          {t('availability.tooLarge', {
            size: formatBytes(state.offlinePackage.totalBytes, language),
            max: formatBytes(state.offlinePackage.maxBytes, language),
          })}
        </Alert>
      )}
      {state.step === 'failed' && (
        <Alert variant="error" title={t('availability.failed')}>
          {getErrorMessage(state.error)}
        </Alert>
      )}

      <div className="flex flex-wrap gap-2">
        {!isOnline ? (
          <p className="text-sm text-muted-foreground">{t('availability.needsConnection')}</p>
        ) : (
          <Button
            variant={stored ? 'secondary' : 'primary'}
            size="sm"
            isLoading={busy}
            disabled={busy}
            onClick={() => void prepare()}
          >
            <CloudDownload aria-hidden="true" className="size-4" />
            {stored ? t('availability.update') : t('availability.download')}
          </Button>
        )}
        {stored && !busy && (
          <Button variant="secondary" size="sm" onClick={() => setIsFreeing(true)}>
            {t('storage.free')}
          </Button>
        )}
      </div>

      {state.step === 'confirm' && (
        <ConfirmDialog
          isDanger={false}
          title={t('availability.confirmTitle')}
          description={t('availability.confirmDescription', {
            title: state.offlinePackage.course.title,
            size: formatBytes(state.offlinePackage.totalBytes, language),
            max: formatBytes(state.offlinePackage.maxBytes, language),
          })}
          confirmLabel={t('availability.confirm')}
          onConfirm={() => void download(state.offlinePackage)}
          onClose={() => setState({ step: 'idle' })}
        />
      )}
      {isFreeing && stored && (
        <FreeFormationDialog userId={userId} formations={[stored]} onClose={() => setIsFreeing(false)} />
      )}
    </Card>
  );
}
