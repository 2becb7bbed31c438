import {
  ErrorBodySchema,
  FILE_LIMITS,
  type FilePurpose,
  fileRoutes,
  type StoredFile,
} from '@cursus/contracts';
import { ApiError } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';

export interface UploadFileOptions {
  file: File;
  purpose: FilePurpose;
  /** The formation the file is for: it then belongs to that formation's organisation. */
  courseId?: string;
  /** Share of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function hasAcceptedExtension(file: File, purpose: FilePurpose): boolean {
  const name = file.name.toLowerCase();
  return FILE_LIMITS[purpose].extensions.some((extension) => name.endsWith(extension));
}

/**
 * What is wrong with a file before sending it, or null. The server decides for sure (it reads the
 * file's first bytes), but a 300 MB video should not travel just to be refused.
 */
export function checkFile(file: File, purpose: FilePurpose): 'FILE_TOO_LARGE' | 'UNSUPPORTED_FORMAT' | null {
  if (file.size > FILE_LIMITS[purpose].maxBytes) return 'FILE_TOO_LARGE';
  if (!hasAcceptedExtension(file, purpose)) return 'UNSUPPORTED_FORMAT';
  return null;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function toUploadError(status: number, text: string): ApiError {
  const body = ErrorBodySchema.safeParse(parseJson(text));
  if (body.success) {
    const { code, message, details } = body.data.error;
    // RATE_LIMITED says when to retry (the message names the delay).
    return new ApiError({
      code,
      status,
      message,
      fields: details?.fields,
      retryAfterSeconds: details?.retryAfterSeconds,
    });
  }
  // A proxy in front may refuse a large body itself, without our error shape.
  const code = status === 413 ? 'FILE_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_FORMAT' : 'SERVER_ERROR';
  return new ApiError({ code, status });
}

/**
 * Uploads one file (multipart, part `file`). XMLHttpRequest rather than fetch: only it reports
 * upload progress in every browser. Rejects with an ApiError (FILE_TOO_LARGE, UNSUPPORTED_FORMAT…)
 * or with an AbortError when `signal` aborts.
 */
export function uploadFile({
  file,
  purpose,
  courseId,
  onProgress,
  signal,
}: UploadFileOptions): Promise<StoredFile> {
  const problem = checkFile(file, purpose);
  if (problem) return Promise.reject(new ApiError({ code: problem, status: 0 }));
  const search = new URLSearchParams({ purpose });
  if (courseId) search.set('courseId', courseId);

  return new Promise<StoredFile>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(fileRoutes.upload.method, `${fileRoutes.upload.path}?${search}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', getLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(toUploadError(request.status, request.responseText));
        return;
      }
      const parsed = fileRoutes.upload.response.safeParse(parseJson(request.responseText));
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError({ code: 'SERVER_ERROR', status: request.status, cause: parsed.error }));
    };
    request.onerror = () => reject(new ApiError({ code: 'NETWORK_ERROR', status: 0 }));
    request.ontimeout = () => reject(new ApiError({ code: 'TIMEOUT', status: 0 }));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    onProgress?.(0);
    request.send(body);
  });
}
