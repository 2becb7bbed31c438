import { learningRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { studentLessonQueryOptions } from './get-student-lesson';

export interface CompleteLessonInput {
  courseId: string;
  lessonId: string;
}

/** 'Marquer comme terminé': safe to repeat, answers the formation's new progress. */
export function completeLesson({ courseId, lessonId }: CompleteLessonInput) {
  return callApi(learningRoutes.completeLesson, { params: { courseId, lessonId } });
}

export function useCompleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLesson,
    onSuccess: async (result, input) => {
      // The lesson shows 'Terminé' at once; every list, outline and progression then refetches,
      // since one completion moves the progress of the lesson's module, formation and totals,
      // which 'Mon Suivi' shows too.
      queryClient.setQueryData(
        studentLessonQueryOptions(input.courseId, input.lessonId).queryKey,
        (lesson) => (lesson ? { ...lesson, isCompleted: true, completedAt: result.completedAt } : lesson),
      );
      await invalidateDomains(queryClient, ['learning', 'dashboard']);
    },
  });
}
