import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CourseList } from '@/features/learning/components/course-list';
import { OfflineStoragePanel } from '@/features/offline/components/offline-storage-panel';
import { OfflineLearning } from '../../offline-learning';

/** SPEC 2 /formations: the learner's enrolled formations (SPEC 6: only theirs, with progress). */
export default function StudentCoursesRoute() {
  const { t } = useTranslation('learning');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <OfflineLearning>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <CourseList hasOrganization={user.organizationId !== null} />
      <div className="mt-8">
        <OfflineStoragePanel userId={user.id} />
      </div>
    </OfflineLearning>
  );
}
