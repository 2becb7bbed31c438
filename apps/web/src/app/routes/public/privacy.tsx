import { useTranslation } from 'react-i18next';
import { DataTable, PublicPage, Sections } from './public-page';

/**
 * SPEC 2 /privacy: what personal data is kept, why, for how long, and how to exercise one's rights.
 * The periods are the platform's defaults; the operating organisation may state others.
 */
export default function PrivacyRoute() {
  const { t } = useTranslation('legal');
  return (
    <PublicPage page="privacy" title={t('privacy.title')} intro={t('privacy.intro')}>
      <Sections sections={t('privacy.sections', { returnObjects: true })} />
      <section aria-labelledby="retention-title" className="flex flex-col gap-3">
        <h2 id="retention-title" className="text-xl font-semibold text-foreground">
          {t('privacy.retention.title')}
        </h2>
        <p className="leading-relaxed text-foreground">{t('privacy.retention.intro')}</p>
        <DataTable
          caption={t('privacy.retention.caption')}
          columns={t('privacy.retention.columns', { returnObjects: true })}
          rows={t('privacy.retention.rows', { returnObjects: true })}
        />
      </section>
      <Sections sections={t('privacy.closingSections', { returnObjects: true })} />
    </PublicPage>
  );
}
