import { z } from 'zod';
import { ORGANIZATION_STAFF, type RouteContract } from './common.ts';

/**
 * What an upload is for. It decides the size limit and the formats accepted: a lesson video, a
 * lesson document (PDF), an image shown inside a text lesson, or a record of the organisation or of
 * a learner (documents module: a PDF, or a scanned page as an image).
 */
export const FILE_PURPOSES = ['video', 'document', 'image', 'record'] as const;
export const FilePurposeSchema = z.enum(FILE_PURPOSES);
export type FilePurpose = z.infer<typeof FilePurposeSchema>;

const MB = 1024 * 1024;

/**
 * Upload limits per purpose (SPEC 8 'file too large' → FILE_TOO_LARGE, 'unsupported format' →
 * UNSUPPORTED_FORMAT). The server decides the format from the file's first bytes, never from its
 * name or the browser's claimed type; `extensions` only feed the file picker's `accept`.
 */
export const FILE_LIMITS = {
  video: {
    maxBytes: 200 * MB,
    mimeTypes: ['video/mp4', 'video/webm'],
    extensions: ['.mp4', '.m4v', '.webm'],
  },
  document: { maxBytes: 20 * MB, mimeTypes: ['application/pdf'], extensions: ['.pdf'] },
  image: {
    maxBytes: 5 * MB,
    mimeTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    extensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'],
  },
  // Office formats are left out: a ZIP container's first bytes do not tell a document from anything else.
  record: {
    maxBytes: 20 * MB,
    mimeTypes: ['application/pdf', 'image/png', 'image/jpeg'],
    extensions: ['.pdf', '.png', '.jpg', '.jpeg'],
  },
} as const satisfies Record<FilePurpose, { maxBytes: number; mimeTypes: string[]; extensions: string[] }>;

const GB = 1024 * MB;

/**
 * What one organisation may keep in stored files, counted as the sum of their sizes: uploads past
 * it answer 413 STORAGE_QUOTA_EXCEEDED. 10 GB holds 50 videos at the 200 MB limit, over a hundred
 * ten-minute lesson videos (50 to 100 MB each) or thousands of PDFs: a large catalogue, while
 * bounding the disk (or bucket) one organisation can fill for the others sharing it. Unused uploads
 * count until the orphan sweep removes them, a day after they were uploaded.
 */
export const ORGANIZATION_STORAGE_QUOTA_BYTES = 10 * GB;

/**
 * Uploads one user may start per hour (429 RATE_LIMITED with Retry-After beyond). A trainer building
 * a formation uploads a file every few minutes at most; 60 leaves room for a burst of images in
 * text lessons while stopping a script from churning the storage between orphan sweeps.
 */
export const UPLOADS_PER_USER_PER_HOUR = 60;

/** Where a stored file is read from; the only image source a text lesson may use. */
export function fileUrl(fileId: string): string {
  return `/api/files/${fileId}`;
}

/** An uploaded file as the API describes it; `url` streams it (with Range support for videos). */
export const StoredFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().min(0),
  purpose: FilePurposeSchema,
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

/**
 * `courseId` names the formation the file is for: the file then belongs to that formation's
 * organisation (how an admin uploads into any organisation). Without it, the uploader's own.
 */
export const UploadFileQuerySchema = z.object({ purpose: FilePurposeSchema, courseId: z.uuid().optional() });
export type UploadFileQuery = z.infer<typeof UploadFileQuerySchema>;

export const FileParamsSchema = z.object({ fileId: z.uuid() });

export const fileRoutes = {
  /**
   * Trainers and admins upload into their organisation. The body is `multipart/form-data` with
   * one part named `file`; the purpose comes in the query. Answers 413 FILE_TOO_LARGE over the
   * purpose's limit, 413 STORAGE_QUOTA_EXCEEDED past the organisation's quota, 415
   * UNSUPPORTED_FORMAT when the content is not one of its formats, 429 RATE_LIMITED past
   * UPLOADS_PER_USER_PER_HOUR.
   */
  upload: {
    method: 'POST',
    path: '/api/files',
    access: ORGANIZATION_STAFF,
    query: UploadFileQuerySchema,
    response: StoredFileSchema,
  },
  /**
   * Streams the file with its content type, inline. Staff of the file's organisation may read it;
   * a student only a file used by a lesson of a published, unlocked formation they are enrolled in
   * (images of text lessons: any student of the organisation). Anything else answers 404.
   * Honours a single `Range: bytes=…` (206) so videos can seek.
   */
  download: {
    method: 'GET',
    path: '/api/files/:fileId',
    access: { roles: 'any', scope: 'organization' },
    params: FileParamsSchema,
    response: z.unknown(),
  },
} as const satisfies Record<string, RouteContract>;
