import { useTranslation } from 'react-i18next';
import { PublicPage, Sections } from './public-page';

/** SPEC 2 /legal: legal notice (LCEN); the publisher and host are those of the instance, not the authors. */
export default function LegalNoticeRoute() {
  const { t } = useTranslation('legal');
  return (
    <PublicPage page="legal" title={t('legal.title')} intro={t('legal.intro')}>
      <Sections sections={t('legal.sections', { returnObjects: true })} />
    </PublicPage>
  );
}
