import {
  courseRoutes,
  groupSessionRoutes,
  type PaginationQuery,
  type QuizInput,
  type QuizListQuery,
  quizRoutes,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { quizKeys } from './quiz-query-keys';

/** A trainer's quizzes, or every organisation's for an admin (SPEC 6). */
export function useQuizzes(query: QuizListQuery) {
  return useQuery({
    queryKey: quizKeys.list(query),
    queryFn: ({ signal }) => callApi(quizRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useQuiz(quizId: string | null) {
  return useQuery({
    queryKey: quizKeys.detail(quizId ?? ''),
    queryFn: ({ signal }) => callApi(quizRoutes.get, { params: { id: quizId! }, signal }),
    enabled: quizId !== null,
  });
}

export function useQuizResults(quizId: string, query: PaginationQuery) {
  return useQuery({
    queryKey: quizKeys.results(quizId, query),
    queryFn: ({ signal }) => callApi(quizRoutes.results, { params: { id: quizId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The organisation's formations to attach a quiz to (the 100 newest). */
export function useCourseOptions() {
  return useQuery({
    queryKey: quizKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
  });
}

/** The organisation's group sessions matching `search`, newest first, to attach a quiz to one. */
export function useSessionOptions(search: string) {
  return useQuery({
    queryKey: quizKeys.sessionOptions(search),
    queryFn: ({ signal }) =>
      callApi(groupSessionRoutes.listForTrainer, {
        query: { search: search || undefined, pageSize: 20, sort: 'meetingDate', order: 'desc' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A formation's modules, to attach a quiz to one of them. */
export function useCourseModules(courseId: string | null) {
  return useQuery({
    queryKey: quizKeys.courseModules(courseId ?? ''),
    queryFn: ({ signal }) => callApi(courseRoutes.get, { params: { id: courseId! }, signal }),
    enabled: courseId !== null,
    select: (course) => course.modules,
  });
}

function useQuizMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  // A saved quiz changes learners' lists and the bank too: the whole domain is asked again.
  return useMutation({ mutationFn, onSuccess: () => invalidateDomains(queryClient, ['quizzes']) });
}

export const useSaveQuiz = () =>
  useQuizMutation(({ quizId, body }: { quizId: string | null; body: QuizInput }) =>
    quizId
      ? callApi(quizRoutes.update, { params: { id: quizId }, body })
      : callApi(quizRoutes.create, { body }),
  );

export const useDuplicateQuiz = () =>
  useQuizMutation((quizId: string) => callApi(quizRoutes.duplicate, { params: { id: quizId } }));

export const useDeleteQuiz = () =>
  useQuizMutation((quizId: string) => callApi(quizRoutes.delete, { params: { id: quizId } }));
