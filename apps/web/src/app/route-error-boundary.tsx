import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button, buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * Shown when a route fails to render or to load its code (a deploy replaced the chunk, the network
 * dropped). Reloading fetches the current build, which cures the common case.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <PublicLayout title={t('routeError.title')} description={t('routeError.description')}>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
        <Link to={paths.home.getHref()} reloadDocument className={buttonClassName('secondary')}>
          {t('actions.backHome')}
        </Link>
      </div>
    </PublicLayout>
  );
}
