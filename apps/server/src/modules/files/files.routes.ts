import { FILE_LIMITS, fileRoutes, StoredFileSchema } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { accessOptions } from '../../lib/route.ts';
import { requireRole, requireUser } from '../../plugins/session.ts';
import { type FileAccessPolicy, type FilesService, MULTIPART_ENVELOPE_BYTES } from './files.service.ts';

const RANGE_PATTERN = /^bytes=(\d*)-(\d*)$/;

/**
 * The policy of a downloaded file opened as a page: it loads nothing, and (`sandbox`: a unique
 * origin, no script, no plugin) runs nothing. PDFs go without `sandbox`: the lesson view frames them
 * in the browser's own viewer (lesson-content.tsx), which a sandboxed document may not get in every
 * browser (Chromium's renders either way); that viewer runs none of the page's script anyway.
 */
export function downloadContentSecurityPolicy(mimeType: string): string {
  const policy = "default-src 'none'; frame-ancestors 'self'";
  return mimeType === 'application/pdf' ? policy : `${policy}; sandbox`;
}

/**
 * Shown in the browser only when it renders the format itself, without running anything: PDFs,
 * images, videos. Anything else is saved, never opened as a page of our origin.
 */
function contentDisposition(mimeType: string, fileName: string): string {
  const shown = mimeType === 'application/pdf' || /^(image|video)\//.test(mimeType);
  return `${shown ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null for none (or several: the whole file is sent). */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  const match = header ? RANGE_PATTERN.exec(header.trim()) : null;
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return 'invalid';
  let start: number;
  let end: number;
  if (!from) {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to ? Math.min(Number(to), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export async function fileRoutesPlugin(
  app: FastifyInstance,
  options: { files: FilesService; access: FileAccessPolicy },
) {
  const { files, access } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    fileRoutes.upload.path,
    {
      ...accessOptions(fileRoutes.upload.access),
      schema: {
        tags: ['files'],
        consumes: ['multipart/form-data'],
        querystring: fileRoutes.upload.query,
        response: { 200: StoredFileSchema },
      },
    },
    async (request) => {
      const { purpose, courseId } = request.query;
      const user = requireRole(request, ['trainer']);
      const organizationId = await access.uploadOrganization(user, courseId);
      const limit = FILE_LIMITS[purpose];
      const announcedBytes = Number(request.headers['content-length'] ?? 0);
      // Refuse at once what announces itself too big (with room for the multipart envelope).
      if (announcedBytes > limit.maxBytes + MULTIPART_ENVELOPE_BYTES) throw new AppError('FILE_TOO_LARGE');
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      await files.admitUpload(user, { organizationId, announcedBytes });
      const part = await request.file({ limits: { fileSize: limit.maxBytes }, throwFileSizeLimit: false });
      if (part?.fieldname !== 'file')
        throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'file', message: 'required' }] });
      const stored = await files.upload(user, {
        purpose,
        organizationId,
        fileName: part.filename,
        source: part.file,
      });
      request.log.info(
        { event: 'file.upload', by: user.id, fileId: stored.id, purpose, sizeBytes: stored.sizeBytes },
        'file uploaded',
      );
      return stored;
    },
  );

  typed.get(
    fileRoutes.download.path,
    {
      ...accessOptions(fileRoutes.download.access),
      schema: { tags: ['files'], params: fileRoutes.download.params },
      // Videos, PDFs and images are compressed already, and a Range answer's offsets count the
      // stored bytes: plugins/compression.ts never touches a download, whatever its type.
      compress: false,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await files.find(user, request.params.fileId);
      // Someone else's file and a missing one answer alike, so ids cannot be probed.
      if (!file || !(await access.canRead(user, file))) throw new AppError('NOT_FOUND');
      const size = file.sizeBytes;
      const range = parseRange(request.headers.range, size);
      if (range === 'invalid') return reply.status(416).header('content-range', `bytes */${size}`).send();
      reply
        .header('content-type', file.mimeType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', contentDisposition(file.mimeType, file.name))
        // Our own pages may show a PDF in a frame; other sites still may not. Only PDFs, videos and
        // images are ever stored (sniffed at upload), served with nosniff; the policy below is the
        // second wall, should a file ever be read as a page.
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-security-policy', downloadContentSecurityPolicy(file.mimeType));
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(files.read(file, range));
      }
      return reply.header('content-length', String(size)).send(files.read(file));
    },
  );
}
