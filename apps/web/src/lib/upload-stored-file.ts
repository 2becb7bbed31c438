import {
  ErrorBodySchema,
  FILE_LIMITS,
  type FilePurpose,
  fileRoutes,
  type StoredFile,
} from '@cursus/contracts';
import { ApiError } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';

/** The file picker's `accept` for a purpose: the server sniffs the bytes again. */
export const acceptOf = (purpose: FilePurpose) => FILE_LIMITS[purpose].extensions.join(',');

/** Refused here before a byte is sent; the server decides again from the file's first bytes. */
export function checkStoredFile(
  file: File,
  purpose: FilePurpose,
): 'UNSUPPORTED_FORMAT' | 'FILE_TOO_LARGE' | null {
  const limits = FILE_LIMITS[purpose];
  if (!limits.extensions.some((extension) => file.name.toLowerCase().endsWith(extension)))
    return 'UNSUPPORTED_FORMAT';
  return file.size > limits.maxBytes ? 'FILE_TOO_LARGE' : null;
}

/** Uploads one file through the files module, in one request; what names it is sent afterwards. */
export async function uploadStoredFile(file: File, purpose: FilePurpose): Promise<StoredFile> {
  const refused = checkStoredFile(file, purpose);
  if (refused) throw new ApiError({ code: refused, status: 0 });
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${fileRoutes.upload.path}?purpose=${purpose}`, {
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
