import { StudentLessonParamsSchema } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useStudentCourse } from '../api/get-student-course';
import { findLessonModuleId } from '../lib/course-progress';
import { CourseUnavailable, isNotFoundError, PageLoadError, SkeletonBlocks } from './learning-states';

/**
 * SPEC 2 `/lesson/{courseId}/{lessonId}`: the address names no module, so the formation's outline
 * says which one holds the lesson, then the full lesson address takes over.
 */
export function LessonAlias({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { t } = useTranslation(['learning', 'navigation']);
  const isValid = StudentLessonParamsSchema.safeParse({ courseId, lessonId }).success;
  const courseQuery = useStudentCourse(courseId, { enabled: isValid });

  if (!isValid || isNotFoundError(courseQuery.error)) return <CourseUnavailable reason="notFound" />;
  if (courseQuery.isError) {
    return (
      <PageLoadError
        title={t('navigation:screens.lesson')}
        error={courseQuery.error}
        onRetry={() => void courseQuery.refetch()}
      />
    );
  }
  if (courseQuery.isPending) return <SkeletonBlocks label={t('learning:lesson.loading')} count={1} />;

  const moduleId = findLessonModuleId(courseQuery.data.modules, lessonId);
  if (!moduleId) {
    return (
      <CourseUnavailable
        reason="lessonNotFound"
        backHref={paths.student.formation.getHref(courseId)}
        backLabel={t('learning:states.backToCourse')}
      />
    );
  }
  return <Navigate replace to={paths.student.lesson.getHref(courseId, moduleId, lessonId)} />;
}
