import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { CourseList } from '@/features/courses/components/course-list';
import { useOrganizations } from '@/features/organizations/api/get-organizations';

/** SPEC 2 /admin/courses: every organisation's formations, with each one's organisation (SPEC 6). */
export default function AdminCoursesRoute() {
  const { t } = useTranslation('courses');
  const organizations = useOrganizations();
  return (
    <>
      <PageHeader title={t('list.adminTitle')} description={t('list.adminDescription')} />
      <CourseList
        isAdmin
        organizations={organizations.data?.items}
        getEditHref={paths.trainer.formation.getHref}
      />
    </>
  );
}
