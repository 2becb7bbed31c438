import { type StudentCourseDetail, StudentCourseParamsSchema, type StudentModule } from '@cursus/contracts';
import { Circle, CircleCheck, Lock } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { getLanguage } from '@/lib/i18n';
import { useStudentCourse } from '../api/get-student-course';
import { OfflineUnavailableError, useLearningOfflineSource } from '../api/offline-source';
import { getResumeTarget, sortOutline } from '../lib/course-progress';
import { formatHours, formatMinutes } from '../lib/format';
import { Breadcrumb } from './breadcrumb';
import { CourseProgress, CourseStatusBadge } from './course-progress';
import { CourseUnavailable, isNotFoundError, PageLoadError, SkeletonBlocks } from './learning-states';
import { LessonTypeIcon } from './lesson-type-icon';

// Rows fill a rounded, clipped box: the focus outline goes inside them so it is not cut off.
const INSET_FOCUS_RING =
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid';

export interface CourseDetailProps {
  courseId: string;
  /** Shown under the programme sheet: other domains' parts of the formation, such as its quizzes. */
  aside?: ReactNode;
}

/**
 * `/formations/{id}` (and its aliases): the programme sheet, the modules and lessons with their
 * completion marks, the overall progress and the button that resumes where the learner stopped.
 */
export function CourseDetail({ courseId, aside }: CourseDetailProps) {
  const { t } = useTranslation(['learning', 'navigation']);
  // A malformed id cannot name a formation: say so without asking the server.
  const isValidId = StudentCourseParamsSchema.safeParse({ courseId }).success;
  const query = useStudentCourse(courseId, { enabled: isValidId });
  const offline = useLearningOfflineSource();

  if (!isValidId || isNotFoundError(query.error)) return <CourseUnavailable reason="notFound" />;
  if (query.error instanceof OfflineUnavailableError) return offline?.unavailable.page;
  if (isApiError(query.error, 'COURSE_LOCKED')) return <CourseUnavailable reason="locked" />;
  if (query.isError) {
    return (
      <PageLoadError
        title={t('navigation:screens.formation')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isPending) {
    return <SkeletonBlocks label={t('learning:detail.loading')} count={3} className="flex flex-col gap-4" />;
  }
  return <CourseDetailView course={query.data} aside={aside} />;
}

function CourseDetailView({ course, aside }: { course: StudentCourseDetail; aside: ReactNode }) {
  const { t } = useTranslation('learning');
  const progressHeadingId = useId();
  const contentHeadingId = useId();
  const modules = sortOutline(course.modules);
  const resume = course.isLocked ? null : getResumeTarget(modules);
  const resumeTitle =
    resume &&
    modules.flatMap((module) => module.lessons).find((lesson) => lesson.id === resume.lesson.lessonId)?.title;

  return (
    <>
      <Breadcrumb
        items={[
          { label: t('detail.myCourses'), href: paths.student.formations.getHref() },
          { label: course.title },
        ]}
      />
      <header className="mb-6 flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span className="font-medium tracking-wide uppercase">{course.category}</span>
          <span aria-hidden="true">·</span>
          <span>{course.organizationName}</span>
        </div>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground">{course.title}</h1>
        {course.description && (
          <p className="max-w-3xl text-sm whitespace-pre-line text-muted-foreground">{course.description}</p>
        )}
      </header>

      {course.isLocked && (
        <Alert variant="warning" title={t('states.lockedTitle')} className="mb-6">
          {t('states.lockedDescription')}
        </Alert>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card
            as="section"
            padding="p-5"
            aria-labelledby={progressHeadingId}
            className="flex flex-col gap-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={progressHeadingId} className="text-lg font-semibold text-foreground">
                {t('detail.yourProgress')}
              </h2>
              <CourseStatusBadge course={course} />
            </div>
            <CourseProgress
              title={course.title}
              progress={course.progress}
              completedLessons={course.completedLessons}
              totalLessons={course.totalLessons}
            />
            {resume && (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
                <Link
                  to={paths.student.lesson.getHref(course.id, resume.lesson.moduleId, resume.lesson.lessonId)}
                  className={buttonClassName('primary', 'md', 'self-start')}
                >
                  {t(`detail.${resume.action}`)}
                </Link>
                <p className="min-w-0 text-sm break-words text-muted-foreground">
                  {resume.action === 'review'
                    ? t('detail.allDone')
                    : t('detail.nextLesson', { title: resumeTitle ?? '' })}
                </p>
              </div>
            )}
            {!course.isLocked && !resume && (
              <p className="text-sm text-muted-foreground">{t('detail.noLessons')}</p>
            )}
          </Card>

          <section aria-labelledby={contentHeadingId} className="flex flex-col gap-4">
            <h2 id={contentHeadingId} className="text-lg font-semibold text-foreground">
              {t('detail.content')}
            </h2>
            {modules.map((module, index) => (
              <ModuleOutline
                key={module.id}
                courseId={course.id}
                module={module}
                index={index + 1}
                isLocked={course.isLocked}
              />
            ))}
          </section>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <ProgrammeSheet course={course} />
          {aside}
        </div>
      </div>
    </>
  );
}

function ModuleOutline({
  courseId,
  module,
  index,
  isLocked,
}: {
  courseId: string;
  module: StudentModule;
  index: number;
  isLocked: boolean;
}) {
  const { t } = useTranslation('learning');
  const language = getLanguage();
  const headingId = useId();
  const title = t('detail.moduleHeading', { index, title: module.title });
  return (
    <Card as="section" padding="p-0" aria-labelledby={headingId} className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-border p-4">
        <h3 id={headingId} className="font-semibold break-words text-foreground">
          {title}
        </h3>
        <CourseProgress
          title={title}
          size="sm"
          progress={module.progress}
          completedLessons={module.completedLessons}
          totalLessons={module.totalLessons}
        />
      </div>
      {module.lessons.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground">{t('detail.emptyModule')}</p>
      ) : (
        <ol className="divide-y divide-border">
          {module.lessons.map((lesson) => {
            const content = (
              <>
                {lesson.isCompleted ? (
                  <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success-foreground" />
                ) : isLocked ? (
                  <Lock aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                ) : (
                  <Circle aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                )}
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="break-words">
                    {lesson.title}
                    <span className="sr-only">
                      {' — '}
                      {lesson.isCompleted
                        ? t('detail.lessonDone')
                        : isLocked
                          ? t('detail.lockedLesson')
                          : t('detail.lessonTodo')}
                    </span>
                  </span>
                  <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <LessonTypeIcon type={lesson.type} className="size-3.5" />
                    {t('lesson.meta', {
                      type: t(`lessonTypes.${lesson.type}`),
                      duration: formatMinutes(lesson.estimatedMinutes, language),
                    })}
                  </span>
                </span>
              </>
            );
            return (
              <li key={lesson.id}>
                {isLocked ? (
                  <div className="flex items-center gap-3 px-4 py-3 text-sm text-muted-foreground">
                    {content}
                  </div>
                ) : (
                  <Link
                    to={paths.student.lesson.getHref(courseId, lesson.moduleId, lesson.id)}
                    className={cn(
                      'flex items-center gap-3 px-4 py-3 text-sm text-foreground transition-colors hover:bg-muted',
                      INSET_FOCUS_RING,
                    )}
                  >
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

/** The training-programme sheet Qualiopi asks for; fields the trainer left empty are left out. */
function ProgrammeSheet({ course }: { course: StudentCourseDetail }) {
  const { t } = useTranslation('learning');
  const language = getLanguage();
  const headingId = useId();
  const rows: [label: string, value: string][] = [
    [t('detail.fields.objectives'), course.objectives],
    [t('detail.fields.prerequisites'), course.prerequisites],
    [t('detail.fields.audience'), course.audience],
    [
      t('detail.fields.duration'),
      course.durationHours === null ? '' : formatHours(course.durationHours, language),
    ],
    [t('detail.fields.modality'), course.modality ? t(`detail.modality.${course.modality}`) : ''],
    [t('detail.fields.teachingMethods'), course.teachingMethods],
    [t('detail.fields.assessmentMethods'), course.assessmentMethods],
    [t('detail.fields.accessibility'), course.accessibility],
    [t('detail.fields.organization'), course.organizationName],
  ];
  return (
    <Card
      as="section"
      padding="p-5"
      aria-labelledby={headingId}
      className="flex h-fit min-w-0 flex-col gap-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {t('detail.programme')}
      </h2>
      <dl className="flex flex-col gap-4 text-sm">
        {rows
          .filter(([, value]) => value.trim() !== '')
          .map(([label, value]) => (
            <div key={label} className="flex flex-col gap-1">
              <dt className="font-medium text-foreground">{label}</dt>
              <dd className="break-words whitespace-pre-line text-muted-foreground">{value}</dd>
            </div>
          ))}
      </dl>
    </Card>
  );
}
