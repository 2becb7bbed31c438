import { useTranslation } from 'react-i18next';
import { PublicPage, Sections } from './public-page';

/** SPEC 2 /terms: terms of use of a self-hosted instance, whose operator is the organisation running it. */
export default function TermsRoute() {
  const { t } = useTranslation('legal');
  return (
    <PublicPage page="terms" title={t('terms.title')} intro={t('terms.intro')}>
      <Sections sections={t('terms.sections', { returnObjects: true })} />
    </PublicPage>
  );
}
