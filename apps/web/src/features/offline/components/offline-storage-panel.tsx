import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getLanguage } from '@/lib/i18n';
import { usePendingCompletions, useStorageEstimate, useStoredFormations } from '../api/stored-formations';
import { formatBytes, formatDay } from '../lib/format';
import type { StoredFormation } from '../lib/offline-store';
import { FreeFormationDialog } from './free-formation-dialog';

/** Issue 18 'Stockage hors ligne': what each formation takes on the device, and freeing it. */
export function OfflineStoragePanel({ userId }: { userId: string }) {
  const { t } = useTranslation('offline');
  const language = getLanguage();
  const headingId = useId();
  const formations = useStoredFormations(userId);
  const estimate = useStorageEstimate();
  const pending = usePendingCompletions(userId).data ?? [];
  const [freeing, setFreeing] = useState<StoredFormation[] | null>(null);
  const stored = formations.data ?? [];
  const totalBytes = stored.reduce((sum, formation) => sum + formation.sizeBytes, 0);

  return (
    <Card as="section" padding="p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {t('storage.title')}
      </h2>
      {pending.length > 0 && <Alert variant="info">{t('storage.pending', { count: pending.length })}</Alert>}
      {stored.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('storage.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border">
            {stored.map((formation) => (
              <li key={formation.key} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 flex-1 text-sm">
                  <span className="block font-medium break-words text-foreground">{formation.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {t('availability.storedDetails', {
                      size: formatBytes(formation.sizeBytes, language),
                      date: formatDay(formation.downloadedAt, language),
                    })}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('storage.freeOneLabel', { title: formation.title })}
                  onClick={() => setFreeing([formation])}
                >
                  {t('storage.free')}
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
            <p className="text-sm text-foreground">
              {t('storage.total', { count: stored.length, size: formatBytes(totalBytes, language) })}
            </p>
            <Button variant="secondary" size="sm" onClick={() => setFreeing(stored)}>
              {t('storage.freeAll')}
            </Button>
          </div>
        </>
      )}
      {estimate.data && estimate.data.quotaBytes > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('storage.estimate', {
            used: formatBytes(estimate.data.usageBytes, language),
            quota: formatBytes(estimate.data.quotaBytes, language),
          })}
        </p>
      )}
      {freeing && (
        <FreeFormationDialog userId={userId} formations={freeing} onClose={() => setFreeing(null)} />
      )}
    </Card>
  );
}
