import { useTranslation } from 'react-i18next';
import { DataTable, PublicPage, Sections } from './public-page';

/**
 * SPEC 2 /cookies: only strictly necessary trackers (apps/server auth cookies, lib/i18n and lib/theme
 * storage keys), which the CNIL exempts from consent; keep this list in step with them.
 */
export default function CookiesRoute() {
  const { t } = useTranslation('legal');
  return (
    <PublicPage page="cookies" title={t('cookies.title')} intro={t('cookies.intro')}>
      <section aria-labelledby="trackers-title" className="flex flex-col gap-3">
        <h2 id="trackers-title" className="text-xl font-semibold text-foreground">
          {t('cookies.tableTitle')}
        </h2>
        <DataTable
          caption={t('cookies.caption')}
          columns={t('cookies.columns', { returnObjects: true })}
          rows={t('cookies.rows', { returnObjects: true })}
          codeColumns={['name']}
        />
      </section>
      <Sections sections={t('cookies.sections', { returnObjects: true })} />
    </PublicPage>
  );
}
