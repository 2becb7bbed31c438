import type { CourseListItem, Language } from '@cursus/contracts';
import { Eye, EyeOff, Lock, LockOpen, PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';
import { getLanguage } from '@/lib/i18n';
import { formatDate } from '../lib/format';
import { ActionsMenu, type ActionsMenuItem } from './actions-menu';
import { CourseStatusBadges } from './course-status-badges';
import { useCourseActions } from './use-course-actions';

export interface CourseRowProps {
  course: CourseListItem;
  editHref: string;
  /** Admins see every organisation's formations, so each row names its organisation. */
  showOrganization: boolean;
  onDelete: (course: CourseListItem) => void;
}

function CourseCounts({ course, language }: { course: CourseListItem; language: Language }) {
  const { t } = useTranslation('courses');
  const parts = [
    t('counts.modules', { count: course.moduleCount }),
    t('counts.lessons', { count: course.lessonCount }),
    t('counts.learners', { count: course.enrollmentCount }),
    t('list.updatedAt', { date: formatDate(course.updatedAt, language) }),
  ];
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
      {parts.map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ul>
  );
}

/** One formation of the list: what it is, where it stands, and what can be done with it. */
export function CourseRow({ course, editHref, showOrganization, onDelete }: CourseRowProps) {
  const { t } = useTranslation('courses');
  const language = getLanguage();
  const { run, menuItems, changeState, duplicate } = useCourseActions(course, {
    onDelete: () => onDelete(course),
  });

  const isPublished = course.status === 'published';
  const items: ActionsMenuItem[] = [
    course.isLocked
      ? { id: 'unlock', label: t('actions.unlock'), icon: LockOpen, onSelect: () => run('unlock') }
      : { id: 'lock', label: t('actions.lock'), icon: Lock, onSelect: () => run('lock') },
    ...menuItems,
  ];
  const isBusy = changeState.isPending || duplicate.isPending;

  return (
    <Card
      as="li"
      padding="p-4"
      aria-busy={isBusy || undefined}
      className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h2 className="min-w-0 text-base font-semibold break-words text-foreground">
            <Link to={editHref} className={cn('rounded-sm hover:underline', FOCUS_RING)}>
              {course.title}
            </Link>
          </h2>
          <CourseStatusBadges course={course} />
        </div>
        <p className="text-sm break-words text-muted-foreground">
          {showOrganization
            ? t('list.categoryAndOrganization', {
                category: course.category,
                organization: course.organizationName,
              })
            : course.category}
        </p>
        <CourseCounts course={course} language={language} />
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Link to={editHref} className={buttonClassName('secondary', 'sm')}>
          <PencilLine aria-hidden="true" className="size-4" />
          {t('actions.edit')}
          <span className="sr-only">{course.title}</span>
        </Link>
        <Button
          variant="secondary"
          size="sm"
          isLoading={changeState.isPending && changeState.variables?.action.endsWith('publish')}
          onClick={() => run(isPublished ? 'unpublish' : 'publish')}
        >
          {isPublished ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
          {isPublished ? t('actions.unpublish') : t('actions.publish')}
          <span className="sr-only">{course.title}</span>
        </Button>
        <ActionsMenu label={t('actions.menu', { title: course.title })} items={items} disabled={isBusy} />
      </div>
    </Card>
  );
}
