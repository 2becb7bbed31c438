import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getHomeHref, paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useOrganizations } from '@/features/organizations/api/get-organizations';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="break-all text-foreground">{value}</dd>
    </>
  );
}

/** Trainers and admins also see the organisations the server lets them reach. */
function VisibleOrganizations({ currentId }: { currentId: string | null }) {
  const { t } = useTranslation('profile');
  const organizations = useOrganizations();
  return (
    <section aria-labelledby="visible-organizations" className="flex flex-col gap-2">
      <h2 id="visible-organizations" className="text-base font-semibold text-foreground">
        {t('organism.organizationsTitle')}
      </h2>
      {organizations.isPending ? (
        <Spinner label={t('organism.loading')} />
      ) : organizations.isError ? (
        <Alert variant="error">{t('organism.organizationsError')}</Alert>
      ) : organizations.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('organism.organizationsEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {organizations.data.items.map((organization) => (
            <li key={organization.id} className="flex flex-col rounded-md border border-border px-3 py-2">
              <span className="font-medium text-foreground">
                {organization.name}
                {organization.id === currentId && ` (${t('organism.current')})`}
              </span>
              <span className="break-all text-xs text-muted-foreground">{organization.id}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** SPEC 2 /test-organism: how the signed-in account is wired to its organisation. */
export default function TestOrganismRoute() {
  const { t } = useTranslation(['profile', 'auth']);
  const { user } = useAuth();

  if (!user) {
    return (
      <PublicLayout title={t('organism.title')} description={t('organism.signedOutDescription')}>
        <div className="flex flex-col gap-4">
          <p className="text-sm font-medium text-foreground">{t('organism.signedOutTitle')}</p>
          <Link
            to={paths.auth.getHref({ redirect: paths.testOrganism.getHref() })}
            className={buttonClassName('primary')}
          >
            {t('organism.signIn')}
          </Link>
        </div>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('organism.title')} description={t('organism.description')}>
      <div className="flex flex-col gap-6">
        <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          <Row label={t('organism.account')} value={`${user.fullName} <${user.email}>`} />
          <Row label={t('organism.role')} value={t(`summary.roles.${user.role}`)} />
          <Row label={t('organism.organizationName')} value={user.organizationName ?? t('organism.none')} />
          <Row label={t('organism.organizationId')} value={user.organizationId ?? t('organism.none')} />
          <Row label={t('organism.landingPage')} value={getHomeHref(user.role)} />
        </dl>
        {!user.organizationId && (
          <Alert variant="info" title={t('organism.noOrganizationTitle')}>
            {t('organism.noOrganizationDescription')}
          </Alert>
        )}
        {user.role !== 'student' && <VisibleOrganizations currentId={user.organizationId} />}
      </div>
    </PublicLayout>
  );
}
