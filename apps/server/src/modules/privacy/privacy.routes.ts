import type { Readable } from 'node:stream';
import { privacyRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import { accessOptions, route } from '../../lib/route.ts';
import { requireRole, requireUser } from '../../plugins/session.ts';
import type { RequestOrigin } from '../audit/audit.module.ts';
import type { StoredFileRow } from '../files/files.module.ts';
import type { PersonalDataExport, PrivacyService } from './privacy.service.ts';

const tags = ['privacy'];
const STAFF = ['trainer'] as const;

function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * The zip is written as the reply is read: data.json first, then each stored file streamed from the
 * storage when its turn comes, so a learner with many files never sits in memory.
 */
function writeExportZip(
  content: PersonalDataExport,
  readFile: (file: StoredFileRow) => Readable,
  at: Date,
): Readable {
  const zip = new ZipFile();
  const options = { mtime: at };
  zip.addBuffer(Buffer.from(JSON.stringify(content.data, null, 2)), 'data.json', options);
  for (const image of content.images)
    zip.addBuffer(image.content, image.path, { ...options, compress: false });
  for (const { path, file } of content.files) {
    zip.addReadStreamLazy(path, { ...options, compress: false, size: file.sizeBytes }, (callback) =>
      callback(null, readFile(file)),
    );
  }
  // A stored file that cannot be read fails the download, never the server.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  zip.end();
  return zip.outputStream as Readable;
}

export async function privacyRoutesPlugin(
  app: FastifyInstance,
  options: { privacy: PrivacyService; readFile: (file: StoredFileRow) => Readable; now: () => Date },
) {
  const { privacy } = options;

  // A streamed download: registered by hand, with the same access declaration.
  app.get(
    privacyRoutes.exportMine.path,
    { ...accessOptions(privacyRoutes.exportMine.access), schema: { tags }, compress: false },
    async (request, reply) => {
      const user = requireUser(request);
      const at = options.now();
      const content = await privacy.exportMine(user, originOf(request));
      reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="cursus-mes-donnees-${at.toISOString().slice(0, 10)}.zip"`,
        )
        .header('cache-control', 'no-store');
      return reply.send(writeExportZip(content, options.readFile, at));
    },
  );

  route(app, privacyRoutes.getRetention, (request) => privacy.getRetention(requireRole(request, STAFF)), {
    tags,
  });

  route(
    app,
    privacyRoutes.updateRetention,
    (request, _reply, { body }) =>
      privacy.updateRetention(requireRole(request, STAFF), body, originOf(request)),
    { tags },
  );

  route(
    app,
    privacyRoutes.erasurePreview,
    (request, _reply, { params }) => privacy.erasurePreview(requireRole(request, STAFF), params.studentId),
    { tags },
  );

  route(
    app,
    privacyRoutes.eraseStudent,
    (request, _reply, { params }) =>
      privacy.eraseStudent(requireRole(request, STAFF), params.studentId, originOf(request)),
    { tags },
  );
}
