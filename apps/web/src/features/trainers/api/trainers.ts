import {
  type AdminTrainerDetail,
  type AdminTrainerListQuery,
  type CreateTrainerDocumentInput,
  courseRoutes,
  ErrorBodySchema,
  FILE_LIMITS,
  type InviteTrainerInput,
  type OrganizationRole,
  type StoredFile,
  type TrainerDetail,
  type TrainerListQuery,
  trainerRoutes,
  type UpdateTrainerProfileInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';
import { getDomainKey, invalidateDomains } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    trainers: true;
  }
}

export const trainerKeys = {
  all: getDomainKey('trainers'),
  list: (query: TrainerListQuery) => [...trainerKeys.all, 'list', query] as const,
  adminList: (query: AdminTrainerListQuery) => [...trainerKeys.all, 'admin-list', query] as const,
  detail: (trainerId: string) => [...trainerKeys.all, 'detail', trainerId] as const,
  adminDetail: (trainerId: string) => [...trainerKeys.all, 'admin-detail', trainerId] as const,
  courseOptions: () => [...trainerKeys.all, 'course-options'] as const,
};

export function useTrainers(query: TrainerListQuery, { enabled = true } = {}) {
  return useQuery({
    queryKey: trainerKeys.list(query),
    queryFn: ({ signal }) => callApi(trainerRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A platform admin's list: every organisation's trainers, or one organisation's. */
export function useAdminTrainers(query: AdminTrainerListQuery, { enabled = true } = {}) {
  return useQuery({
    queryKey: trainerKeys.adminList(query),
    queryFn: ({ signal }) => callApi(trainerRoutes.adminList, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A trainer's record: the team's, or any organisation's read by a platform admin (read only). */
export function useTrainer(trainerId: string, { platform = false } = {}) {
  return useQuery({
    queryKey: platform ? trainerKeys.adminDetail(trainerId) : trainerKeys.detail(trainerId),
    queryFn: ({ signal }): Promise<TrainerDetail | AdminTrainerDetail> =>
      platform
        ? callApi(trainerRoutes.adminGet, { params: { trainerId }, signal })
        : callApi(trainerRoutes.get, { params: { trainerId }, signal }),
  });
}

/** The organisation's formations (the 100 newest), to assign a trainer to. */
export function useCourseOptions(enabled: boolean) {
  return useQuery({
    queryKey: trainerKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
    enabled,
  });
}

/** Every change to a trainer refreshes the team: the list shows roles, formations and documents. */
function useTrainerMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateDomains(queryClient, ['trainers']) });
}

export const useInviteTrainer = () =>
  useTrainerMutation((body: InviteTrainerInput) => callApi(trainerRoutes.invite, { body }));

export const useResendInvitation = () =>
  useTrainerMutation((trainerId: string) =>
    callApi(trainerRoutes.resendInvitation, { params: { trainerId } }),
  );

export const useUpdateTrainerRole = (trainerId: string) =>
  useTrainerMutation((organizationRole: OrganizationRole) =>
    callApi(trainerRoutes.updateRole, { params: { trainerId }, body: { organizationRole } }),
  );

export const useUpdateTrainerProfile = (trainerId: string) =>
  useTrainerMutation((body: UpdateTrainerProfileInput) =>
    callApi(trainerRoutes.updateProfile, { params: { trainerId }, body }),
  );

export const useUpdateTrainerCourses = (trainerId: string) =>
  useTrainerMutation((courseIds: string[]) =>
    callApi(trainerRoutes.updateCourses, { params: { trainerId }, body: { courseIds } }),
  );

export const useDeleteTrainerDocument = (trainerId: string) =>
  useTrainerMutation((trainerDocumentId: string) =>
    callApi(trainerRoutes.deleteDocument, { params: { trainerId, trainerDocumentId } }),
  );

/** What the file picker offers: a PDF, or a scan or photo. */
export const TRAINER_DOCUMENT_ACCEPT = [
  ...FILE_LIMITS.document.extensions,
  ...FILE_LIMITS.image.extensions,
].join(',');

/** A PDF is a document; any image format the server takes is a scan. The server checks the bytes again. */
function purposeOf(file: File): 'document' | 'image' | null {
  const name = file.name.toLowerCase();
  if (FILE_LIMITS.document.extensions.some((extension) => name.endsWith(extension))) return 'document';
  if (FILE_LIMITS.image.extensions.some((extension) => name.endsWith(extension))) return 'image';
  return null;
}

async function uploadTrainerFile(trainerId: string, file: File): Promise<StoredFile> {
  const purpose = purposeOf(file);
  if (!purpose) throw new ApiError({ code: 'UNSUPPORTED_FORMAT', status: 0 });
  if (file.size > FILE_LIMITS[purpose].maxBytes) throw new ApiError({ code: 'FILE_TOO_LARGE', status: 0 });
  const body = new FormData();
  body.append('file', file);
  const url = `${trainerRoutes.uploadFile.path.replace(':trainerId', encodeURIComponent(trainerId))}?purpose=${purpose}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: trainerRoutes.uploadFile.method,
      body,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': getLanguage() },
    });
  } catch (error) {
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, cause: error });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(json);
    throw new ApiError({
      code: parsed.success ? parsed.data.error.code : 'SERVER_ERROR',
      status: response.status,
      fields: parsed.success ? parsed.data.error.details?.fields : undefined,
      retryAfterSeconds: parsed.success ? parsed.data.error.details?.retryAfterSeconds : undefined,
    });
  }
  return trainerRoutes.uploadFile.response.parse(json);
}

/** Uploads the file, then records it as the trainer's CV or a diploma. */
export const useAddTrainerDocument = (trainerId: string) =>
  useTrainerMutation(async (input: Omit<CreateTrainerDocumentInput, 'fileId'> & { file: File }) => {
    const { file, ...document } = input;
    const stored = await uploadTrainerFile(trainerId, file);
    return callApi(trainerRoutes.createDocument, {
      params: { trainerId },
      body: { ...document, fileId: stored.id },
    });
  });
