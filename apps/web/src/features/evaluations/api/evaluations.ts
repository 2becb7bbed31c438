import {
  courseRoutes,
  type EvaluationResultsQuery,
  evaluationRoutes,
  type InvitationListQuery,
  type QuestionnaireListQuery,
  type SaveQuestionnaireInput,
  type SendSurveyInput,
  type SubmitEvaluationInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getDomainKey, invalidateDomains } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    evaluations: true;
  }
}

export const evaluationKeys = {
  all: getDomainKey('evaluations'),
  list: (query: QuestionnaireListQuery) => [...evaluationKeys.all, 'list', query] as const,
  detail: (id: string) => [...evaluationKeys.all, 'detail', id] as const,
  invitations: (id: string, query: InvitationListQuery) =>
    [...evaluationKeys.all, 'invitations', id, query] as const,
  results: (id: string, query: EvaluationResultsQuery) =>
    [...evaluationKeys.all, 'results', id, query] as const,
  mine: () => [...evaluationKeys.all, 'mine'] as const,
  form: (token: string) => [...evaluationKeys.all, 'form', token] as const,
  courseOptions: () => [...evaluationKeys.all, 'course-options'] as const,
};

export function useQuestionnaires(query: QuestionnaireListQuery) {
  return useQuery({
    queryKey: evaluationKeys.list(query),
    queryFn: ({ signal }) => callApi(evaluationRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useQuestionnaire(id: string | null) {
  return useQuery({
    queryKey: evaluationKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callApi(evaluationRoutes.get, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** The organisation's formations (the 100 newest), to attach a questionnaire to or filter results by. */
export function useEvaluationCourseOptions() {
  return useQuery({
    queryKey: evaluationKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidateDomains(queryClient, ['evaluations']);
}

/** Creates (no id) or saves a questionnaire. */
export function useSaveQuestionnaire() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SaveQuestionnaireInput }) =>
      id
        ? callApi(evaluationRoutes.update, { params: { id }, body })
        : callApi(evaluationRoutes.create, { body }),
    onSuccess: refresh,
  });
}

export function useDuplicateQuestionnaire() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callApi(evaluationRoutes.duplicate, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useArchiveQuestionnaire() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      callApi(evaluationRoutes.archive, { params: { id }, body: { archived } }),
    onSuccess: refresh,
  });
}

export function useSendSurvey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SendSurveyInput }) =>
      callApi(evaluationRoutes.send, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useInvitations(id: string, query: InvitationListQuery) {
  return useQuery({
    queryKey: evaluationKeys.invitations(id, query),
    queryFn: ({ signal }) => callApi(evaluationRoutes.invitations, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEvaluationResults(id: string, query: EvaluationResultsQuery) {
  return useQuery({
    queryKey: evaluationKeys.results(id, query),
    queryFn: ({ signal }) => callApi(evaluationRoutes.results, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the same filters; the server names the file (Content-Disposition). */
export function getResultsExportHref(id: string, query: EvaluationResultsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  const path = evaluationRoutes.exportResults.path.replace(':id', encodeURIComponent(id));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function useMyEvaluations() {
  return useQuery({
    queryKey: evaluationKeys.mine(),
    queryFn: ({ signal }) => callApi(evaluationRoutes.listMine, { signal }),
  });
}

export function useAnswerMyEvaluation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SubmitEvaluationInput }) =>
      callApi(evaluationRoutes.answerMine, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useEvaluationForm(token: string) {
  return useQuery({
    queryKey: evaluationKeys.form(token),
    queryFn: ({ signal }) => callApi(evaluationRoutes.view, { params: { token }, signal }),
    retry: false,
  });
}

export function useAnswerEvaluation(token: string) {
  return useMutation({
    mutationFn: (body: SubmitEvaluationInput) =>
      callApi(evaluationRoutes.answer, { params: { token }, body }),
  });
}
