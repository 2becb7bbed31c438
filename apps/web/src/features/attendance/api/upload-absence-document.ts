import { ErrorBodySchema, FILE_LIMITS, fileRoutes, type StoredFile } from '@cursus/contracts';
import { ApiError } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';

/** A justification is a PDF (a medical certificate, a convocation), kept as an organisation document. */
export const ABSENCE_DOCUMENT_ACCEPT = FILE_LIMITS.document.extensions.join(',');

/** Uploads the document first; the mark then names it. The server checks size and format again. */
export async function uploadAbsenceDocument(file: File): Promise<StoredFile> {
  const limits = FILE_LIMITS.document;
  if (!limits.extensions.some((extension) => file.name.toLowerCase().endsWith(extension)))
    throw new ApiError({ code: 'UNSUPPORTED_FORMAT', status: 0 });
  if (file.size > limits.maxBytes) throw new ApiError({ code: 'FILE_TOO_LARGE', status: 0 });
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${fileRoutes.upload.path}?purpose=document`, {
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
