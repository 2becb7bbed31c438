import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { useOrganizations } from '@/features/organizations/api/get-organizations';
import { TrainerList } from '@/features/trainers/components/trainer-list';

/** SPEC 2 /admin/trainers: every organisation's trainers, filtered by organisation (SPEC 6). */
export default function AdminTrainersRoute() {
  const { t } = useTranslation('trainers');
  const organizations = useOrganizations();
  return (
    <>
      <PageHeader title={t('list.adminTitle')} description={t('list.adminDescription')} />
      <TrainerList
        organizations={organizations.data?.items ?? []}
        getRecordHref={paths.admin.trainerDetails.getHref}
      />
    </>
  );
}
