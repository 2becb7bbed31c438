import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerRecord } from '@/features/trainers/components/trainer-record';

/** SPEC 2 /admin/trainer/{trainerId}: any organisation's trainer's record, read only. */
export default function AdminTrainerDetailsRoute() {
  const { t } = useTranslation('trainers');
  const { trainerId = '' } = useParams();
  return (
    <>
      <PageHeader title={t('record.title')} description={t('record.adminDescription')} />
      <TrainerRecord key={trainerId} trainerId={trainerId} platform />
    </>
  );
}
