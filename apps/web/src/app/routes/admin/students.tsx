import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { LearnerList } from '@/features/learners/components/learner-list';
import { useOrganizations } from '@/features/organizations/api/get-organizations';

/** SPEC 2 /admin/students: every organisation's learners, filtered by organisation (SPEC 6). */
export default function AdminStudentsRoute() {
  const { t } = useTranslation('learners');
  const organizations = useOrganizations();
  return (
    <>
      <PageHeader title={t('list.adminTitle')} description={t('list.adminDescription')} />
      <LearnerList
        organizations={organizations.data?.items ?? []}
        getRecordHref={paths.admin.studentDetails.getHref}
      />
    </>
  );
}
