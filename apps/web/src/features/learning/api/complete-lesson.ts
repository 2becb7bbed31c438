import { type CompleteLessonResult, learningRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, isApiError } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { studentLessonQueryOptions } from './get-student-lesson';
import { type LearningOfflineSource, offlineNetworkMode, useLearningOfflineSource } from './offline-source';

export interface CompleteLessonInput {
  courseId: string;
  lessonId: string;
}

/** 'Marquer comme terminé': safe to repeat, answers the formation's new progress. */
export function completeLesson({ courseId, lessonId }: CompleteLessonInput) {
  return callApi(learningRoutes.completeLesson, { params: { courseId, lessonId } });
}

/**
 * Issue 18: without a network, a lesson the device holds is completed there and sent at the next
 * connection; the server's answers are written into the device's copy.
 */
async function completeWithOfflineFallback(
  input: CompleteLessonInput,
  offline: LearningOfflineSource | null,
): Promise<CompleteLessonResult> {
  if (!offline) return completeLesson(input);
  let networkError: unknown;
  if (navigator.onLine) {
    try {
      const result = await completeLesson(input);
      // The server has it: a device copy left behind only shows it later, at the next download.
      await offline.recordCompletion(result).catch(() => {});
      return result;
    } catch (error) {
      if (!isApiError(error, 'NETWORK_ERROR') && !isApiError(error, 'TIMEOUT')) throw error;
      networkError = error;
    }
  }
  const stored = await offline.completeLesson(input.courseId, input.lessonId);
  if (stored) return stored;
  throw networkError ?? new ApiError({ code: 'NETWORK_ERROR', status: 0 });
}

export function useCompleteLesson() {
  const queryClient = useQueryClient();
  const offline = useLearningOfflineSource();
  return useMutation({
    mutationFn: (input: CompleteLessonInput) => completeWithOfflineFallback(input, offline),
    networkMode: offlineNetworkMode(offline),
    onSuccess: async (result, input) => {
      // The lesson shows 'Terminé' at once; every list, outline and progression then refetches,
      // since one completion moves the progress of the lesson's module, formation and totals,
      // which 'Mon Suivi' shows too.
      queryClient.setQueryData(
        studentLessonQueryOptions(input.courseId, input.lessonId).queryKey,
        (lesson) => (lesson ? { ...lesson, isCompleted: true, completedAt: result.completedAt } : lesson),
      );
      // Offline, the device's store changed too (a completion waiting to be sent).
      await invalidateDomains(
        queryClient,
        offline ? ['learning', 'dashboard', 'offline'] : ['learning', 'dashboard'],
      );
    },
  });
}
