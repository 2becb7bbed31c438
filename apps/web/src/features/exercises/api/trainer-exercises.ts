import {
  type CreateExerciseInput,
  courseRoutes,
  exerciseRoutes,
  type ReviewSubmissionInput,
  type TrainerExerciseListQuery,
  type UpdateExerciseInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { exerciseKeys } from './exercise-query-keys';

export function useTrainerExercises(query: TrainerExerciseListQuery) {
  return useQuery({
    queryKey: exerciseKeys.trainerList(query),
    queryFn: ({ signal }) => callApi(exerciseRoutes.listForTrainer, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useExerciseSubmissions(exerciseId: string) {
  return useQuery({
    queryKey: exerciseKeys.submissions(exerciseId),
    queryFn: ({ signal }) => callApi(exerciseRoutes.listSubmissions, { params: { id: exerciseId }, signal }),
  });
}

/** The organisation's formations to attach an exercise to (the 100 newest, archived ones left out). */
export function useCourseOptions() {
  return useQuery({
    queryKey: exerciseKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
  });
}

/** A formation's modules, for attaching an exercise to one of them. */
export function useCourseModules(courseId: string | null) {
  return useQuery({
    queryKey: exerciseKeys.courseModules(courseId ?? ''),
    queryFn: ({ signal }) => callApi(courseRoutes.get, { params: { id: courseId! }, signal }),
    enabled: courseId !== null,
    select: (course) => course.modules,
  });
}

function useExerciseMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateDomains(queryClient, ['exercises']) });
}

export const useCreateExercise = () =>
  useExerciseMutation((body: CreateExerciseInput) => callApi(exerciseRoutes.create, { body }));

export const useUpdateExercise = () =>
  useExerciseMutation(({ id, changes }: { id: string; changes: UpdateExerciseInput }) =>
    callApi(exerciseRoutes.update, { params: { id }, body: changes }),
  );

export const useDeleteExercise = () =>
  useExerciseMutation((id: string) => callApi(exerciseRoutes.remove, { params: { id } }));

export const useReviewSubmission = () =>
  useExerciseMutation(({ id, review }: { id: string; review: ReviewSubmissionInput }) =>
    callApi(exerciseRoutes.review, { params: { id }, body: review }),
  );
