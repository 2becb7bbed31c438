import { FILE_LIMITS, StoredFileSchema, trainerRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { accessOptions, route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { FilesService } from '../files/files.module.ts';
import type { TrainersService } from './trainers.service.ts';

const tags = ['trainers'];
/** Room for the multipart envelope around the file (files module's MULTIPART_ENVELOPE_BYTES). */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

const staff = (request: FastifyRequest) => requireRole(request, ['trainer']);

export async function trainerRoutesPlugin(
  app: FastifyInstance,
  options: { trainers: TrainersService; files: FilesService },
) {
  const { trainers, files } = options;

  route(app, trainerRoutes.list, (request, _reply, { query }) => trainers.list(staff(request), query), {
    tags,
  });
  route(
    app,
    trainerRoutes.invite,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const invited = await trainers.invite(user, body);
      request.log.info({ event: 'trainer.invite', by: user.id, trainerId: invited.id }, 'trainer invited');
      return invited;
    },
    { tags },
  );
  route(
    app,
    trainerRoutes.resendInvitation,
    (request, _reply, { params }) => trainers.resendInvitation(staff(request), params.trainerId),
    { tags },
  );
  const admin = (request: FastifyRequest) => requireRole(request, ['admin']);
  route(
    app,
    trainerRoutes.adminList,
    (request, _reply, { query }) => trainers.adminList(admin(request), query),
    { tags },
  );
  route(
    app,
    trainerRoutes.adminGet,
    (request, _reply, { params }) => trainers.adminGet(admin(request), params.trainerId),
    { tags },
  );
  route(
    app,
    trainerRoutes.get,
    (request, _reply, { params }) => trainers.get(staff(request), params.trainerId),
    {
      tags,
    },
  );
  route(
    app,
    trainerRoutes.updateRole,
    async (request, _reply, { params, body }) => {
      const user = staff(request);
      const trainer = await trainers.updateRole(user, params.trainerId, body.organizationRole);
      request.log.info(
        { event: 'trainer.role', by: user.id, trainerId: params.trainerId, role: body.organizationRole },
        'trainer role changed',
      );
      return trainer;
    },
    { tags },
  );
  route(
    app,
    trainerRoutes.updateProfile,
    (request, _reply, { params, body }) => trainers.updateProfile(staff(request), params.trainerId, body),
    { tags },
  );
  route(
    app,
    trainerRoutes.updateCourses,
    (request, _reply, { params, body }) =>
      trainers.updateCourses(staff(request), params.trainerId, body.courseIds),
    { tags },
  );
  route(
    app,
    trainerRoutes.createDocument,
    (request, _reply, { params, body }) => trainers.createDocument(staff(request), params.trainerId, body),
    { tags },
  );
  route(
    app,
    trainerRoutes.deleteDocument,
    async (request, _reply, { params }) => {
      const user = staff(request);
      await trainers.deleteDocument(user, params.trainerId, params.trainerDocumentId);
      request.log.info(
        {
          event: 'trainer.document.delete',
          by: user.id,
          trainerId: params.trainerId,
          documentId: params.trainerDocumentId,
        },
        'trainer document deleted',
      );
      return { ok: true as const };
    },
    { tags },
  );

  // A multipart upload: the same checks as the files module's own upload route (size announced and
  // streamed, format sniffed, hourly rate, organisation quota), once the caller may edit the record.
  app.withTypeProvider<ZodTypeProvider>().post(
    trainerRoutes.uploadFile.path,
    {
      ...accessOptions(trainerRoutes.uploadFile.access),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: trainerRoutes.uploadFile.params,
        querystring: trainerRoutes.uploadFile.query,
        response: { 200: StoredFileSchema },
      },
    },
    async (request) => {
      const user = staff(request);
      const { purpose } = request.query;
      const organizationId = await trainers.uploadTarget(user, request.params.trainerId);
      const limit = FILE_LIMITS[purpose];
      const announcedBytes = Number(request.headers['content-length'] ?? 0);
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
        { event: 'trainer.file', by: user.id, trainerId: request.params.trainerId, fileId: stored.id },
        'trainer document uploaded',
      );
      return stored;
    },
  );
}
