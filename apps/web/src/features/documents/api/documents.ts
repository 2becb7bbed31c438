import {
  type CreateDocumentInput,
  courseRoutes,
  type DocumentListQuery,
  documentRoutes,
  ErrorBodySchema,
  FILE_LIMITS,
  fileRoutes,
  type StoredFile,
  type UpdateDocumentInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';
import { getDomainKey, invalidateDomains } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    documents: true;
  }
}

export const documentKeys = {
  all: getDomainKey('documents'),
  list: (query: DocumentListQuery) => [...documentKeys.all, 'list', query] as const,
  versions: (id: string) => [...documentKeys.all, 'versions', id] as const,
  mine: () => [...documentKeys.all, 'mine'] as const,
  learner: (studentId: string) => [...documentKeys.all, 'learner', studentId] as const,
  courseOptions: () => [...documentKeys.all, 'course-options'] as const,
};

/** What the file picker offers: PDFs and scanned pages (the server sniffs the bytes again). */
export const RECORD_ACCEPT = FILE_LIMITS.record.extensions.join(',');

/** Refused here before a byte is sent; the server decides again from the file's first bytes. */
export function checkRecordFile(file: File): 'UNSUPPORTED_FORMAT' | 'FILE_TOO_LARGE' | null {
  const limits = FILE_LIMITS.record;
  if (!limits.extensions.some((extension) => file.name.toLowerCase().endsWith(extension)))
    return 'UNSUPPORTED_FORMAT';
  return file.size > limits.maxBytes ? 'FILE_TOO_LARGE' : null;
}

/** Uploads the file first (purpose `record`); the document then names it. */
export async function uploadRecordFile(file: File): Promise<StoredFile> {
  const refused = checkRecordFile(file);
  if (refused) throw new ApiError({ code: refused, status: 0 });
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${fileRoutes.upload.path}?purpose=record`, {
      method: fileRoutes.upload.method,
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
      retryAfterSeconds: parsed.success ? parsed.data.error.details?.retryAfterSeconds : undefined,
    });
  }
  return fileRoutes.upload.response.parse(json);
}

export function useDocuments(query: DocumentListQuery) {
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => callApi(documentRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDocumentVersions(id: string) {
  return useQuery({
    queryKey: documentKeys.versions(id),
    queryFn: ({ signal }) => callApi(documentRoutes.versions, { params: { id }, signal }),
  });
}

export function useMyDocuments() {
  return useQuery({
    queryKey: documentKeys.mine(),
    queryFn: ({ signal }) => callApi(documentRoutes.mine, { signal }),
  });
}

export function useLearnerDocuments(studentId: string) {
  return useQuery({
    queryKey: documentKeys.learner(studentId),
    queryFn: ({ signal }) => callApi(documentRoutes.learner, { params: { studentId }, signal }),
  });
}

/** The organisation's formations (the 100 newest), to share a document with one. */
export function useCourseOptions() {
  return useQuery({
    queryKey: documentKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
  });
}

function useRefreshOnSuccess() {
  const queryClient = useQueryClient();
  return () => invalidateDomains(queryClient, ['documents']);
}

/** Uploads the file, then records the document. */
export function useCreateDocument() {
  const onSuccess = useRefreshOnSuccess();
  return useMutation({
    mutationFn: async ({ file, ...metadata }: Omit<CreateDocumentInput, 'fileId'> & { file: File }) => {
      const stored = await uploadRecordFile(file);
      return callApi(documentRoutes.create, { body: { ...metadata, fileId: stored.id } });
    },
    onSuccess,
  });
}

export function useUpdateDocument() {
  const onSuccess = useRefreshOnSuccess();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateDocumentInput }) =>
      callApi(documentRoutes.update, { params: { id }, body }),
    onSuccess,
  });
}

/** Uploads the new version's file, then makes it the document's current one. */
export function useReplaceDocument() {
  const onSuccess = useRefreshOnSuccess();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const stored = await uploadRecordFile(file);
      return callApi(documentRoutes.replace, { params: { id }, body: { fileId: stored.id } });
    },
    onSuccess,
  });
}

export function useDeleteDocument() {
  const onSuccess = useRefreshOnSuccess();
  return useMutation({
    mutationFn: (id: string) => callApi(documentRoutes.remove, { params: { id } }),
    onSuccess,
  });
}
