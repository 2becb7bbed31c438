import {
  AUDIT_PACK_ENTRIES_HEADER,
  type CreateEvidenceInput,
  complianceRoutes,
  ErrorBodySchema,
  type UpdateComplianceProfileInput,
} from '@cursus/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';
import { invalidateDomains } from '@/lib/query-domains';
import { uploadStoredFile } from '@/lib/upload-stored-file';
import { complianceKeys } from './compliance-query-keys';

export function useComplianceReport() {
  return useQuery({
    queryKey: complianceKeys.report(),
    queryFn: ({ signal }) => callApi(complianceRoutes.report, { signal }),
  });
}

/** Every change reads the report again: statuses and the score follow from it. */
function useComplianceMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateDomains(queryClient, ['compliance']) });
}

export const useUpdateComplianceProfile = () =>
  useComplianceMutation((body: UpdateComplianceProfileInput) =>
    callApi(complianceRoutes.updateProfile, { body }),
  );

/** Uploads the file (a PDF or a scan), then records it as evidence of the indicator. */
export const useAddEvidence = () =>
  useComplianceMutation(async (input: Omit<CreateEvidenceInput, 'fileId'> & { file: File }) => {
    const { file, ...evidence } = input;
    const stored = await uploadStoredFile(file, 'record');
    return callApi(complianceRoutes.createEvidence, { body: { ...evidence, fileId: stored.id } });
  });

export const useDeleteEvidence = () =>
  useComplianceMutation((evidenceId: string) =>
    callApi(complianceRoutes.deleteEvidence, { params: { evidenceId } }),
  );

export interface PackProgress {
  receivedBytes: number;
  totalBytes: number | null;
  entries: number | null;
}

/** The file name the server gave, or a dated default. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'audit-qualiopi.zip';
}

/**
 * Downloads the audit pack while reporting the bytes received against the announced length (the
 * server streams the ZIP with its exact size), then hands the file to the browser.
 */
export async function downloadAuditPack(onProgress: (progress: PackProgress) => void, signal?: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(complianceRoutes.auditPack.path, {
      credentials: 'same-origin',
      headers: { 'Accept-Language': getLanguage() },
      signal,
    });
  } catch (error) {
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, cause: error });
  }
  if (!response.ok || !response.body) {
    const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiError({
      code: parsed.success ? parsed.data.error.code : 'SERVER_ERROR',
      status: response.status,
    });
  }
  const totalBytes = Number(response.headers.get('content-length')) || null;
  const entries = Number(response.headers.get(AUDIT_PACK_ENTRIES_HEADER)) || null;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  onProgress({ receivedBytes, totalBytes, entries });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    receivedBytes += value.byteLength;
    onProgress({ receivedBytes, totalBytes, entries });
  }
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
