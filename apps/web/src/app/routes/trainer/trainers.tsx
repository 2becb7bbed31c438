import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerList } from '@/features/trainers/components/trainer-list';

/** Issue 16 point 3: the organisation's team of trainers. */
export default function TrainerTrainersRoute() {
  const { t } = useTranslation('trainers');
  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <TrainerList />
    </>
  );
}
