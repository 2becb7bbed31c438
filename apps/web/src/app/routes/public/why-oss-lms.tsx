import { useTranslation } from 'react-i18next';
import { DataTable, PublicPage, Sections } from './public-page';

/** SPEC 2 /why-oss-lms: the case for an open-source LMS, stated without figures we cannot source. */
export default function WhyOssLmsRoute() {
  const { t } = useTranslation('legal');
  return (
    <PublicPage page="whyOssLms" title={t('whyOssLms.title')} intro={t('whyOssLms.intro')}>
      <Sections sections={t('whyOssLms.sections', { returnObjects: true })} />
      <section aria-labelledby="comparison-title" className="flex flex-col gap-3">
        <h2 id="comparison-title" className="text-xl font-semibold text-foreground">
          {t('whyOssLms.comparison.title')}
        </h2>
        <DataTable
          caption={t('whyOssLms.comparison.caption')}
          columns={t('whyOssLms.comparison.columns', { returnObjects: true })}
          rows={t('whyOssLms.comparison.rows', { returnObjects: true })}
        />
      </section>
    </PublicPage>
  );
}
