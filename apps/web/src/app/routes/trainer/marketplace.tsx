import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { MarketplaceCatalogue } from '@/features/marketplace/components/marketplace-catalogue';

/** Issue 16 point 8: formation templates to preview and import; also at /trainer/store. */
export default function TrainerMarketplaceRoute() {
  const { t } = useTranslation('marketplace');
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <MarketplaceCatalogue canPublishAsPlatform={user?.role === 'admin'} />
    </>
  );
}
