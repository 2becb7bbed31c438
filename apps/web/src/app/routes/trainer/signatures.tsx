import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerSignatures } from '@/features/signatures/components/trainer-signatures';

/** SPEC 2 /trainer/signatures: the organisation's certified signatures and their reminders. */
export default function TrainerSignaturesRoute() {
  const { t } = useTranslation('signatures');
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <TrainerSignatures />
    </>
  );
}
