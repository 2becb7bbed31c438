import type { Course } from '@cursus/contracts';
import { Archive, CircleCheck, Lock, PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

export interface CourseStatusBadgesProps {
  course: Pick<Course, 'status' | 'isLocked' | 'isArchived'>;
}

/** SPEC 4: published or draft, locked or not; and archived. Words, not only colours. */
export function CourseStatusBadges({ course }: CourseStatusBadgesProps) {
  const { t } = useTranslation('courses');
  const iconClass = 'size-3';
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {course.status === 'published' ? (
        <Badge variant="success" icon={<CircleCheck aria-hidden="true" className={iconClass} />}>
          {t('status.published')}
        </Badge>
      ) : (
        <Badge variant="neutral" icon={<PencilLine aria-hidden="true" className={iconClass} />}>
          {t('status.draft')}
        </Badge>
      )}
      {course.isLocked && (
        <Badge variant="warning" icon={<Lock aria-hidden="true" className={iconClass} />}>
          {t('status.locked')}
        </Badge>
      )}
      {course.isArchived && (
        <Badge variant="info" icon={<Archive aria-hidden="true" className={iconClass} />}>
          {t('status.archived')}
        </Badge>
      )}
    </span>
  );
}
