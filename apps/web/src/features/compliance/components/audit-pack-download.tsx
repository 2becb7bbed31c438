import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import { notify } from '@/lib/toast';
import { downloadAuditPack, type PackProgress } from '../api/compliance';

function formatBytes(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1
    ? numberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(megabytes)
    : numberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
        bytes / 1024,
      );
}

/**
 * One click downloads the audit pack; the bar follows the bytes received against the length the
 * server announces (the ZIP is streamed, its size known in advance), with the number of files.
 */
export function AuditPackDownload() {
  const { t } = useTranslation('compliance');
  const language = getLanguage();
  const [progress, setProgress] = useState<PackProgress | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setIsDownloading(true);
    setProgress(null);
    try {
      await downloadAuditPack(setProgress);
      notify.success(t('pack.done'));
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setIsDownloading(false);
    }
  };

  const percent =
    progress?.totalBytes && progress.totalBytes > 0
      ? (progress.receivedBytes / progress.totalBytes) * 100
      : 0;
  const received = progress ? formatBytes(progress.receivedBytes, language) : '';
  const total = progress?.totalBytes ? formatBytes(progress.totalBytes, language) : null;
  return (
    <Card as="section" aria-labelledby="compliance-pack-title">
      <CardTitle id="compliance-pack-title">{t('pack.title')}</CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">{t('pack.description')}</p>
      <div className="mt-4 flex flex-col gap-3">
        <div>
          <Button onClick={download} isLoading={isDownloading}>
            <Download aria-hidden="true" className="size-4" />
            {t('pack.download')}
          </Button>
        </div>
        {isDownloading && progress && (
          <div className="flex flex-col gap-1">
            <ProgressBar
              value={percent}
              label={t('pack.progressLabel')}
              valueText={total ? t('pack.progress', { received, total }) : received}
            />
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {total ? t('pack.progress', { received, total }) : received}
              {progress.entries !== null && ` · ${t('pack.files', { count: progress.entries })}`}
            </p>
          </div>
        )}
        {error && <Alert variant="error">{error}</Alert>}
      </div>
    </Card>
  );
}
