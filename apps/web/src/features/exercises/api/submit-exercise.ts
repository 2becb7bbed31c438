import {
  ErrorBodySchema,
  exerciseRoutes,
  FILE_LIMITS,
  type StoredFile,
  SUBMISSION_FILE_PURPOSES,
} from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';
import { invalidateDomains } from '@/lib/query-domains';

type SubmissionPurpose = (typeof SUBMISSION_FILE_PURPOSES)[number];

/** Which limits a file falls under, from its name: PDFs are documents, the rest images. */
export function submissionPurposeOf(file: File): SubmissionPurpose | null {
  const name = file.name.toLowerCase();
  return (
    SUBMISSION_FILE_PURPOSES.find((purpose) =>
      FILE_LIMITS[purpose].extensions.some((extension) => name.endsWith(extension)),
    ) ?? null
  );
}

/** The `accept` of the file picker: every format a submission may be. */
export const SUBMISSION_ACCEPT = SUBMISSION_FILE_PURPOSES.flatMap(
  (purpose) => FILE_LIMITS[purpose].extensions,
).join(',');

/** Uploads the learner's file for one exercise; the server checks its size and format again. */
export async function uploadExerciseFile(exerciseId: string, file: File): Promise<StoredFile> {
  const purpose = submissionPurposeOf(file);
  if (!purpose) throw new ApiError({ code: 'UNSUPPORTED_FORMAT', status: 0 });
  if (file.size > FILE_LIMITS[purpose].maxBytes) throw new ApiError({ code: 'FILE_TOO_LARGE', status: 0 });
  const body = new FormData();
  body.append('file', file);
  const path = exerciseRoutes.uploadFile.path.replace(':id', encodeURIComponent(exerciseId));
  let response: Response;
  try {
    response = await fetch(`${path}?purpose=${purpose}`, {
      method: 'POST',
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
  return exerciseRoutes.uploadFile.response.parse(json);
}

export interface SubmitExerciseVariables {
  exerciseId: string;
  text: string | null;
  /** A new file to upload first; without it, `keptFileId` (the file already handed in) is kept. */
  file: File | null;
  keptFileId: string | null;
}

export async function submitExercise({ exerciseId, text, file, keptFileId }: SubmitExerciseVariables) {
  const fileId = file ? (await uploadExerciseFile(exerciseId, file)).id : keptFileId;
  return callApi(exerciseRoutes.submit, { params: { id: exerciseId }, body: { text, fileId } });
}

export function useSubmitExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitExercise,
    onSuccess: () => invalidateDomains(queryClient, ['exercises']),
  });
}
