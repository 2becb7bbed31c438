import { quizAccessRoutes } from '@cursus/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { quizAccessKeys } from './quiz-access-query-keys';

export function getPublicLink(quizId: string, signal?: AbortSignal) {
  return callApi(quizAccessRoutes.getPublicLink, { params: { quizId }, signal });
}

export function publicLinkQueryOptions(quizId: string) {
  return queryOptions({
    queryKey: quizAccessKeys.publicLink(quizId),
    queryFn: ({ signal }) => getPublicLink(quizId, signal),
  });
}

export function usePublicLink(quizId: string | null) {
  return useQuery({ ...publicLinkQueryOptions(quizId ?? ''), enabled: Boolean(quizId) });
}

export function setPublicLink(quizId: string, isEnabled: boolean) {
  return callApi(quizAccessRoutes.setPublicLink, { params: { quizId }, body: { isEnabled } });
}

export function useSetPublicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, isEnabled }: { quizId: string; isEnabled: boolean }) =>
      setPublicLink(quizId, isEnabled),
    onSuccess: (link) => queryClient.setQueryData(quizAccessKeys.publicLink(link.quizId), link),
  });
}
