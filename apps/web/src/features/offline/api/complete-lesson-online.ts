import { learningRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** The ordinary completion route: a completion made offline is recorded as any other, when it arrives. */
export function completeLessonOnline({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  return callApi(learningRoutes.completeLesson, { params: { courseId, lessonId } });
}
