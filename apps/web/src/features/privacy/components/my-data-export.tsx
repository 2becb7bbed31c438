import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { downloadMyData } from '../api/download-my-data';

/** The profile's "My data" section (GDPR article 15): one click downloads the zip of everything. */
export function MyDataExport() {
  const { t } = useTranslation('privacy');
  const headingId = useId();
  const [isDownloading, setIsDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setIsDownloading(true);
    try {
      await downloadMyData();
      notify.success(t('export.done'));
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Card aria-labelledby={headingId} role="region" padding="p-4 sm:p-6" className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {t('export.heading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('export.description')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={download} isLoading={isDownloading}>
          <Download aria-hidden="true" className="size-4" />
          {t('export.button')}
        </Button>
        <span className="text-xs text-muted-foreground">{t('export.limit')}</span>
      </div>
      {error && <Alert variant="error">{error}</Alert>}
    </Card>
  );
}
