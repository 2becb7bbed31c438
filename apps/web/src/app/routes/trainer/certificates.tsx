import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerCertificates } from '@/features/certificates/components/trainer-certificates';

/** Issue 15 point 4: certificats de réalisation and attestations de fin de formation. */
export default function TrainerCertificatesRoute() {
  const { t } = useTranslation('certificates');
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <TrainerCertificates />
    </>
  );
}
