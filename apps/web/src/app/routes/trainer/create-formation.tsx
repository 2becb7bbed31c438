import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { paths } from '@/config/paths';
import { CreateCourseForm } from '@/features/courses/components/create-course-form';
import { cn } from '@/lib/cn';

/** SPEC 2 /trainer/create-formation and /create-formation: a new draft, then its editor. */
export default function CreateCourseRoute() {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  return (
    <div className="flex max-w-3xl flex-col">
      <Link
        to={paths.trainer.courses.getHref()}
        className={cn(
          'mb-4 inline-flex items-center gap-1 self-start text-sm text-link hover:underline',
          FOCUS_RING,
        )}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('editor.back')}
      </Link>
      <PageHeader title={t('create.title')} />
      <CreateCourseForm onCreated={(course) => navigate(paths.trainer.formation.getHref(course.id))} />
    </div>
  );
}
