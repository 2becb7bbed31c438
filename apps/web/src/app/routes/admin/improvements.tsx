import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { ImprovementsRegister } from '@/features/registers/components/improvements-register';

/** Issue 17 point 2: the platform's own improvement actions (Qualiopi indicator 32), admins only. */
export default function AdminImprovementsRoute() {
  const { t } = useTranslation('registers');
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <ImprovementsRegister scope="platform" />
    </>
  );
}
