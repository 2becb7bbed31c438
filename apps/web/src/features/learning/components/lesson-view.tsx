import {
  type LessonRef,
  type StudentCourseDetail,
  type StudentLesson,
  StudentLessonParamsSchema,
} from '@cursus/contracts';
import { ArrowLeft, ArrowRight, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useCompleteLesson } from '../api/complete-lesson';
import { useStudentCourse } from '../api/get-student-course';
import { useStudentLesson } from '../api/get-student-lesson';
import { OfflineUnavailableError, useLearningOfflineSource } from '../api/offline-source';
import { findLessonPosition, findLessonTitle } from '../lib/course-progress';
import { formatDate, formatMinutes } from '../lib/format';
import { Breadcrumb } from './breadcrumb';
import { CourseUnavailable, isNotFoundError, PageLoadError, SkeletonBlocks } from './learning-states';
import { LessonContent } from './lesson-content';

export interface LessonViewProps {
  courseId: string;
  /** From the address; the lesson's own module wins when they differ (the lesson was moved). */
  moduleId: string;
  lessonId: string;
}

/** `/formations/{formationId}/module/{moduleId}/lesson/{lessonId}`: one lesson, in the lesson layout. */
export function LessonView({ courseId, moduleId, lessonId }: LessonViewProps) {
  const { t } = useTranslation(['learning', 'navigation']);
  const isValid = StudentLessonParamsSchema.safeParse({ courseId, lessonId }).success;
  const lessonQuery = useStudentLesson(courseId, lessonId, { enabled: isValid });
  // The outline gives the lesson's position and its neighbours' titles; the lesson shows without it.
  const courseQuery = useStudentCourse(courseId, { enabled: isValid });
  const courseHref = paths.student.formation.getHref(courseId);
  const offline = useLearningOfflineSource();

  if (!isValid) return <CourseUnavailable reason="notFound" />;
  const error = lessonQuery.error;
  if (error instanceof OfflineUnavailableError) return offline?.unavailable.page;
  if (isApiError(error, 'COURSE_LOCKED')) {
    return (
      <CourseUnavailable
        reason="locked"
        backHref={courseHref}
        backLabel={t('learning:states.backToCourse')}
      />
    );
  }
  if (isNotFoundError(error)) {
    // The formation is there but not this lesson: lead back to the formation rather than the list.
    return courseQuery.data ? (
      <CourseUnavailable
        reason="lessonNotFound"
        backHref={courseHref}
        backLabel={t('learning:states.backToCourse')}
      />
    ) : (
      <CourseUnavailable reason="notFound" />
    );
  }
  if (lessonQuery.isError) {
    return (
      <PageLoadError
        title={t('navigation:screens.lesson')}
        error={error}
        onRetry={() => void lessonQuery.refetch()}
      />
    );
  }
  if (lessonQuery.isPending) {
    return <SkeletonBlocks label={t('learning:lesson.loading')} count={1} />;
  }
  const lesson = lessonQuery.data;
  if (lesson.moduleId !== moduleId) {
    return (
      <Navigate replace to={paths.student.lesson.getHref(lesson.courseId, lesson.moduleId, lesson.id)} />
    );
  }
  return <LessonPage lesson={lesson} course={courseQuery.data} />;
}

function lessonHref(courseId: string, ref: LessonRef) {
  return paths.student.lesson.getHref(courseId, ref.moduleId, ref.lessonId);
}

function LessonPage({ lesson, course }: { lesson: StudentLesson; course: StudentCourseDetail | undefined }) {
  const { t } = useTranslation('learning');
  const language = getLanguage();
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const position = course ? findLessonPosition(course.modules, lesson.id) : null;
  const courseHref = paths.student.formation.getHref(lesson.courseId);

  // Arriving from another page of the app (next, previous, the outline), keyboard and screen-reader
  // users start at the new lesson's title rather than on a link that no longer exists. A first load
  // ('default' key) leaves focus where the browser puts it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lesson is the trigger.
  useEffect(() => {
    if (location.key !== 'default') headingRef.current?.focus();
  }, [lesson.id]);

  const neighbourTitle = (ref: LessonRef | null) =>
    ref && course ? findLessonTitle(course.modules, ref.lessonId) : null;

  return (
    <article className="flex flex-col">
      <Breadcrumb
        items={[
          { label: t('detail.myCourses'), href: paths.student.formations.getHref() },
          { label: lesson.courseTitle, href: courseHref },
          { label: lesson.moduleTitle },
        ]}
      />
      <header className="flex flex-col gap-2">
        {position && (
          <p className="text-sm font-medium text-muted-foreground">
            {t('lesson.position', {
              module: position.moduleIndex,
              moduleCount: position.moduleCount,
              lesson: position.lessonIndex,
              lessonCount: position.lessonCount,
            })}
          </p>
        )}
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="rounded-sm text-2xl font-semibold tracking-tight break-words text-foreground focus:outline-none sm:text-3xl"
        >
          {lesson.title}
        </h1>
        <p className="text-sm text-muted-foreground">
          {t('lesson.meta', {
            type: t(`lessonTypes.${lesson.type}`),
            duration: formatMinutes(lesson.estimatedMinutes, language),
          })}
        </p>
      </header>

      <div className="mt-6">
        <LessonContent lesson={lesson} />
      </div>

      <footer className="mt-10 flex flex-col gap-6 border-t border-border pt-6">
        <CompletionControl lesson={lesson} />
        <nav aria-label={t('lesson.navigation')} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {lesson.previousLesson ? (
            <NeighbourLink
              direction="previous"
              href={lessonHref(lesson.courseId, lesson.previousLesson)}
              title={neighbourTitle(lesson.previousLesson)}
            />
          ) : (
            <span className="hidden sm:block" />
          )}
          {lesson.nextLesson ? (
            <NeighbourLink
              direction="next"
              href={lessonHref(lesson.courseId, lesson.nextLesson)}
              title={neighbourTitle(lesson.nextLesson)}
            />
          ) : (
            <div className="flex flex-col items-start gap-2 rounded-xl border border-dashed border-border p-4 sm:items-end sm:text-right">
              <p className="text-sm text-muted-foreground">{t('lesson.lastLesson')}</p>
              <Link to={courseHref} className={buttonClassName('secondary', 'sm')}>
                {t('lesson.backToCourse')}
              </Link>
            </div>
          )}
        </nav>
      </footer>
    </article>
  );
}

function NeighbourLink({
  direction,
  href,
  title,
}: {
  direction: 'previous' | 'next';
  href: string;
  title: string | null;
}) {
  const { t } = useTranslation('learning');
  const isNext = direction === 'next';
  const Icon = isNext ? ArrowRight : ArrowLeft;
  return (
    <Link
      to={href}
      rel={isNext ? 'next' : 'prev'}
      className={cn(
        'flex items-center gap-3 rounded-xl border border-border bg-card p-4 transition-colors hover:border-primary/60 hover:bg-muted',
        isNext && 'flex-row-reverse text-right',
        FOCUS_RING,
      )}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <span className="flex min-w-0 flex-col">
        <span className="text-xs font-medium text-muted-foreground">
          {isNext ? t('lesson.next') : t('lesson.previous')}
        </span>
        {title && <span className="text-sm font-medium break-words text-foreground">{title}</span>}
      </span>
    </Link>
  );
}

/** 'Marquer comme terminé', then 'Terminé': the progress of every screen follows (query invalidation). */
function CompletionControl({ lesson }: { lesson: StudentLesson }) {
  const { t } = useTranslation('learning');
  const completeLesson = useCompleteLesson();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const hasJustCompleted = useRef(false);

  // The button disappears once pressed: focus goes to the confirmation that replaced it.
  useEffect(() => {
    if (lesson.isCompleted && hasJustCompleted.current) {
      hasJustCompleted.current = false;
      statusRef.current?.focus();
    }
  }, [lesson.isCompleted]);

  const markCompleted = () => {
    hasJustCompleted.current = true;
    completeLesson.mutate(
      { courseId: lesson.courseId, lessonId: lesson.id },
      {
        onError: (error) => {
          hasJustCompleted.current = false;
          notify.error(getErrorMessage(error));
        },
      },
    );
  };

  return (
    <div aria-live="polite" className="flex flex-col items-start gap-1">
      {lesson.isCompleted ? (
        <p
          ref={statusRef}
          tabIndex={-1}
          className={cn(
            'inline-flex items-center gap-2 rounded-md border border-success-border bg-success-surface px-3 py-2 text-sm font-medium text-success-foreground',
            FOCUS_RING,
          )}
        >
          <CircleCheck aria-hidden="true" className="size-4" />
          {t('lesson.completed')}
          {lesson.completedAt && (
            <>
              <span aria-hidden="true">·</span>
              <time dateTime={lesson.completedAt} className="font-normal">
                {formatDate(lesson.completedAt, getLanguage())}
              </time>
            </>
          )}
        </p>
      ) : (
        <Button onClick={markCompleted} isLoading={completeLesson.isPending}>
          <CircleCheck aria-hidden="true" className="size-4" />
          {t('lesson.markComplete')}
        </Button>
      )}
    </div>
  );
}
