import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonClassName } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useReportNotFound } from '@/features/system/api/report-not-found';
import { getFriendlyRedirect } from '@/lib/friendly-redirects';

function NotFoundPage() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const { mutate: report } = useReportNotFound();
  const reportedVisit = useRef<string | null>(null);

  useEffect(() => {
    // Once per visit: a re-render (or React's development double effect) must not record it twice.
    if (reportedVisit.current === location.key) return;
    reportedVisit.current = location.key;
    const referrer = document.referrer;
    report(
      {
        path: `${location.pathname}${location.search}`.slice(0, 2048),
        referrer: referrer ? referrer.slice(0, 2048) : undefined,
      },
      // Recording is best effort: the visitor still gets the page if the server cannot take it.
      { onError: () => {} },
    );
  }, [location.key, location.pathname, location.search, report]);

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

/** SPEC 2 '*': any path no route claims, after the friendly-redirect lookup had its chance. */
export default function NotFoundRoute() {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const location = useLocation();

  // The lookup depends on the role, so wait for the session before deciding.
  if (auth.status === 'loading') return <FullPageSpinner label={t('loading')} />;
  const target = getFriendlyRedirect(location.pathname, auth.role);
  if (target) return <Navigate to={`${target}${location.search}${location.hash}`} replace />;
  return <NotFoundPage />;
}
