import { PlusCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CourseList } from '@/features/courses/components/course-list';

/** SPEC 2 /trainer/courses: the organisation's formations. */
export default function TrainerCoursesRoute() {
  const { t } = useTranslation('courses');
  const { user } = useAuth();
  // An admin without an organisation has nowhere to create one (the API answers NO_ORGANIZATION).
  const createHref = user?.organizationId ? paths.trainer.createFormation.getHref() : undefined;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageHeader title={t('list.title')} description={user?.organizationName ?? undefined} />
        {createHref && (
          <Link to={createHref} className={buttonClassName('primary', 'md', 'mb-6')}>
            <PlusCircle aria-hidden="true" className="size-4" />
            {t('list.create')}
          </Link>
        )}
      </div>
      <CourseList createHref={createHref} getEditHref={paths.trainer.formation.getHref} />
    </>
  );
}
