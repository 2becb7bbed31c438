import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { useMyCertificates } from '../api/certificates';
import { DownloadLink, StatusBadge, useFormatDate, useFormatHours } from './certificate-labels';

/** The list part of /student/documents: the learner's own certificates, to download. */
export function MyCertificates() {
  const { t } = useTranslation('certificates');
  const certificates = useMyCertificates();
  const formatHours = useFormatHours();
  const formatDate = useFormatDate();
  return (
    <section aria-labelledby="my-certificates-title" className="flex flex-col gap-4">
      <h2 id="my-certificates-title" className="text-lg font-semibold text-foreground">
        {t('mine.title')}
      </h2>
      {certificates.isPending && (
        <SkeletonCards label={t('list.loading')} count={2} bars={['w-1/3', 'w-1/2']} />
      )}
      {certificates.isError && (
        <LoadErrorAlert
          error={certificates.error}
          title={t('list.error')}
          retryLabel={t('retry')}
          onRetry={() => certificates.refetch()}
        />
      )}
      {certificates.data?.items.length === 0 && (
        <EmptyState icon={Award} title={t('mine.emptyTitle')} description={t('mine.emptyDescription')} />
      )}
      {certificates.data && certificates.data.items.length > 0 && (
        <>
          {/* Beside the learning time their course shows, the hours here add the group sessions. */}
          <p className="text-sm text-muted-foreground">{t('mine.hoursNote')}</p>
          <ul aria-label={t('mine.title')} className="flex flex-col gap-3">
            {certificates.data.items.map((certificate) => (
              <Card
                as="li"
                key={certificate.id}
                padding="p-4"
                className="flex flex-wrap justify-between gap-3"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <h3 className="text-base font-semibold text-foreground">{t(`kind.${certificate.kind}`)}</h3>
                  <p className="text-sm text-foreground">{certificate.courseTitle}</p>
                  <p className="text-xs text-muted-foreground">
                    {t('mine.facts', {
                      hours: formatHours(certificate.trackedSeconds),
                      date: formatDate(certificate.issuedAt),
                    })}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <StatusBadge certificate={certificate} />
                  <DownloadLink certificate={certificate} />
                </div>
              </Card>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
