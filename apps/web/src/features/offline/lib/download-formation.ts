import type { OfflineFile, OfflinePackage } from '@cursus/contracts';
import { ApiError } from '@/lib/api-client';
import { fileKey, formationKey, type OfflineFormationsStore, type StoredFile } from './offline-store';

export interface DownloadProgress {
  loadedBytes: number;
  totalBytes: number;
}

/** The formation's files are above what the app lets one formation take on the device. */
export class FormationTooLargeError extends Error {
  constructor(
    readonly totalBytes: number,
    readonly maxBytes: number,
  ) {
    super('FORMATION_TOO_LARGE');
  }
}

/** Reads one file, reporting its bytes as they arrive (a video can take a while). */
export async function fetchFileBlob(
  file: OfflineFile,
  onBytes: (loadedBytes: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(file.url, { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, cause: error });
  }
  if (!response.ok) throw new ApiError({ code: 'SERVER_ERROR', status: response.status });
  if (!response.body) {
    const blob = await response.blob();
    onBytes(blob.size);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onBytes(loaded);
  }
  return new Blob(chunks as BlobPart[], { type: file.mimeType });
}

/**
 * Takes a formation offline: its pages, then each file, then all of it in the store at once, so a
 * download cut short leaves the previous copy (or nothing) rather than half a formation.
 */
export async function downloadFormation(options: {
  userId: string;
  offlinePackage: OfflinePackage;
  store: OfflineFormationsStore;
  onProgress: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  fetchFile?: typeof fetchFileBlob;
  now?: () => number;
}): Promise<number> {
  const { userId, offlinePackage, store, onProgress, signal } = options;
  const { course, lessons, quizzes, files, totalBytes, maxBytes } = offlinePackage;
  if (totalBytes > maxBytes) throw new FormationTooLargeError(totalBytes, maxBytes);
  const fetchFile = options.fetchFile ?? fetchFileBlob;
  const stored: StoredFile[] = [];
  let doneBytes = 0;
  onProgress({ loadedBytes: 0, totalBytes });
  for (const file of files) {
    const data = await fetchFile(
      file,
      (loaded) => onProgress({ loadedBytes: Math.min(totalBytes, doneBytes + loaded), totalBytes }),
      signal,
    );
    doneBytes += file.sizeBytes;
    stored.push({
      key: fileKey(userId, course.id, file.id),
      userId,
      courseId: course.id,
      fileId: file.id,
      name: file.name,
      mimeType: file.mimeType,
      sizeBytes: data.size,
      data,
    });
  }
  const sizeBytes = stored.reduce((sum, file) => sum + file.sizeBytes, 0);
  await store.saveFormation(
    {
      key: formationKey(userId, course.id),
      userId,
      courseId: course.id,
      title: course.title,
      course,
      lessons,
      quizzes,
      fileIds: files.map((file) => file.id),
      sizeBytes,
      downloadedAt: (options.now ?? Date.now)(),
    },
    stored,
  );
  onProgress({ loadedBytes: totalBytes, totalBytes });
  return sizeBytes;
}
