import { ErrorBodySchema, FILE_LIMITS, fileRoutes, type StoredFile } from '@cursus/contracts';
import { ApiError } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';

/** The logo is an image, the Qualiopi certificate a PDF. */
export type OrganizationFilePurpose = 'image' | 'document';

/** What a file input accepts for the purpose. */
export function acceptOf(purpose: OrganizationFilePurpose): string {
  return [...FILE_LIMITS[purpose].mimeTypes, ...FILE_LIMITS[purpose].extensions].join(',');
}

/**
 * Uploads one file of the organisation through the files module; its size and type are checked
 * here first (no 20 MB trip to be refused), then by the server from its first bytes.
 */
export async function uploadOrganizationFile(
  file: File,
  purpose: OrganizationFilePurpose,
): Promise<StoredFile> {
  const limits = FILE_LIMITS[purpose];
  if (!limits.extensions.some((extension) => file.name.toLowerCase().endsWith(extension)))
    throw new ApiError({ code: 'UNSUPPORTED_FORMAT', status: 0 });
  if (file.size > limits.maxBytes) throw new ApiError({ code: 'FILE_TOO_LARGE', status: 0 });
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
