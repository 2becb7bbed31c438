import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** SPEC 2 '*': any path no route claims. */
export default function NotFoundRoute() {
  const { t } = useTranslation('common');
  const location = useLocation();
  return (
    <PublicLayout
      title={t('notFound.title')}
      description={t('notFound.description', { path: location.pathname })}
    >
      <Link to={paths.home.getHref()} className={buttonClassName('primary')}>
        {t('actions.backHome')}
      </Link>
    </PublicLayout>
  );
}
