import { DEFAULT_RETENTION_YEARS, PROCESSING_ACTIVITIES } from '@cursus/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, PublicPage, Sections } from './public-page';

type Activity = (typeof PROCESSING_ACTIVITIES)[number];

/** A period as the register states it: the retention job's own constants, in the reader's words. */
function retentionText(t: TFunction<'legal'>, retention: Activity['retention']): string {
  if (retention.kind === 'untilErasure') return t('privacy.register.retentionUntilErasure');
  if (retention.kind === 'organizationSetting')
    return t('privacy.register.retentionOrganization', { years: DEFAULT_RETENTION_YEARS });
  return retention.days % 365 === 0
    ? t('privacy.register.retentionYears', { count: retention.days / 365 })
    : t('privacy.register.retentionDays', { count: retention.days });
}

/**
 * SPEC 2 /privacy: what personal data is kept, why, for how long, and how to exercise one's rights.
 * The register of processing (GDPR article 30) states each period from the constants the retention
 * job applies (contracts' privacy.ts), so the page cannot promise a period nothing enforces.
 */
export default function PrivacyRoute() {
  const { t } = useTranslation('legal');
  return (
    <PublicPage page="privacy" title={t('privacy.title')} intro={t('privacy.intro')}>
      <Sections sections={t('privacy.sections', { returnObjects: true })} />
      <section aria-labelledby="register-title" className="flex flex-col gap-3">
        <h2 id="register-title" className="text-xl font-semibold text-foreground">
          {t('privacy.register.title')}
        </h2>
        <p className="leading-relaxed text-foreground">{t('privacy.register.intro')}</p>
        <DataTable
          caption={t('privacy.register.caption')}
          columns={t('privacy.register.columns', { returnObjects: true })}
          rows={PROCESSING_ACTIVITIES.map((activity) => ({
            ...t(`privacy.register.activities.${activity.id}`, { returnObjects: true }),
            retention: retentionText(t, activity.retention),
          }))}
        />
        <p className="leading-relaxed text-foreground">{t('privacy.register.rights')}</p>
      </section>
      <Sections sections={t('privacy.closingSections', { returnObjects: true })} />
    </PublicPage>
  );
}
