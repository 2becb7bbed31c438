import {
  type CloseComplaintInput,
  type CloseImprovementInput,
  type ComplaintListQuery,
  type CreateComplaintInput,
  type CreateImprovementInput,
  type ImprovementListQuery,
  type ImprovementScope,
  registerRoutes,
  type UpdateComplaintInput,
  type UpdateImprovementInput,
  type WatchEntryInput,
  type WatchListQuery,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { uploadStoredFile } from '@/lib/upload-stored-file';
import { registerKeys } from './registers-query-keys';

export function useComplaints(query: ComplaintListQuery, enabled = true) {
  return useQuery({
    queryKey: registerKeys.complaints(query),
    queryFn: ({ signal }) => callApi(registerRoutes.listComplaints, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The learners, questions, conversations and staff an entry may name, narrowed by `search`. */
export function useRegisterLinks(search: string, enabled = true) {
  return useQuery({
    queryKey: registerKeys.links(search),
    queryFn: ({ signal }) => callApi(registerRoutes.links, { query: { search }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePlatformOwners(enabled: boolean) {
  return useQuery({
    queryKey: registerKeys.platformOwners(),
    queryFn: ({ signal }) => callApi(registerRoutes.platformOwners, { signal }),
    enabled,
  });
}

export function useImprovements(scope: ImprovementScope, query: ImprovementListQuery) {
  return useQuery({
    queryKey: registerKeys.improvements(scope, query),
    queryFn: ({ signal }) =>
      callApi(
        scope === 'platform' ? registerRoutes.listPlatformImprovements : registerRoutes.listImprovements,
        {
          query,
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useWatchEntries(query: WatchListQuery) {
  return useQuery({
    queryKey: registerKeys.watch(query),
    queryFn: ({ signal }) => callApi(registerRoutes.listWatch, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A register's change shows in the others (links, linked titles) and in the compliance figures of
 * indicators 23 to 25, 31 and 32: both domains are refreshed.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidateDomains(queryClient, ['registers', 'compliance']);
}

export function useSaveComplaint() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (
      input: { id: string; body: UpdateComplaintInput } | { id?: undefined; body: CreateComplaintInput },
    ) =>
      input.id
        ? callApi(registerRoutes.updateComplaint, {
            params: { id: input.id },
            body: input.body as UpdateComplaintInput,
          })
        : callApi(registerRoutes.createComplaint, { body: input.body }),
    onSuccess,
  });
}

export function useCloseComplaint() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CloseComplaintInput }) =>
      callApi(registerRoutes.closeComplaint, { params: { id }, body }),
    onSuccess,
  });
}

export function useSaveImprovement(scope: ImprovementScope) {
  const onSuccess = useRefresh();
  const platform = scope === 'platform';
  return useMutation({
    mutationFn: (
      input: { id: string; body: UpdateImprovementInput } | { id?: undefined; body: CreateImprovementInput },
    ) =>
      input.id
        ? callApi(platform ? registerRoutes.updatePlatformImprovement : registerRoutes.updateImprovement, {
            params: { id: input.id },
            body: input.body as UpdateImprovementInput,
          })
        : callApi(platform ? registerRoutes.createPlatformImprovement : registerRoutes.createImprovement, {
            body: input.body,
          }),
    onSuccess,
  });
}

/** Uploads the evidence file first (an organisation record), then closes the action naming it. */
export function useCloseImprovement(scope: ImprovementScope) {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      file,
    }: {
      id: string;
      body: CloseImprovementInput;
      file: File | null;
    }) => {
      const stored = file ? await uploadStoredFile(file, 'record') : null;
      return callApi(
        scope === 'platform' ? registerRoutes.closePlatformImprovement : registerRoutes.closeImprovement,
        {
          params: { id },
          body: { ...body, closureFileId: stored?.id ?? null },
        },
      );
    },
    onSuccess,
  });
}

export function useSaveWatchEntry() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: WatchEntryInput }) =>
      id
        ? callApi(registerRoutes.updateWatch, { params: { id }, body })
        : callApi(registerRoutes.createWatch, { body }),
    onSuccess,
  });
}
