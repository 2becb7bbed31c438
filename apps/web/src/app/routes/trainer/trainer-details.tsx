import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerRecord } from '@/features/trainers/components/trainer-record';

/** SPEC 2 /trainer/{trainerId}: a trainer's record (Qualiopi indicator 21). */
export default function TrainerDetailsRoute() {
  const { t } = useTranslation('trainers');
  const { trainerId = '' } = useParams();
  return (
    <>
      <PageHeader title={t('record.title')} description={t('record.description')} />
      <TrainerRecord key={trainerId} trainerId={trainerId} />
    </>
  );
}
