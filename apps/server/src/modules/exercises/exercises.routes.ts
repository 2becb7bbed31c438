import {
  exerciseRoutes,
  FILE_LIMITS,
  hasPermission,
  type SessionUser,
  StoredFileSchema,
} from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { accessOptions, route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { FilesService } from '../files/files.module.ts';
import type { ExercisesService } from './exercises.service.ts';

const tags = ['exercises'];
const ok = { ok: true as const };
/** Room for the multipart envelope around the file (files module's MULTIPART_ENVELOPE_BYTES). */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

function requireExerciseStaff(request: FastifyRequest): SessionUser {
  const user = requireRole(request, ['trainer']);
  if (!hasPermission(user.role, ['edit:courses'])) throw new AppError('NOT_AUTHORIZED');
  return user;
}

/** SPEC 6: a student's exercises need 'view:exercises'. */
function requireLearner(request: FastifyRequest): SessionUser {
  const user = requireRole(request, ['student']);
  if (!hasPermission(user.role, ['view:exercises'])) throw new AppError('NOT_AUTHORIZED');
  return user;
}

export async function exerciseRoutesPlugin(
  app: FastifyInstance,
  options: { exercises: ExercisesService; files: FilesService },
) {
  const { exercises, files } = options;
  const staff = requireExerciseStaff;

  route(
    app,
    exerciseRoutes.listForTrainer,
    (request, _reply, { query }) => exercises.listForTrainer(staff(request), query),
    { tags },
  );
  route(
    app,
    exerciseRoutes.create,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const exercise = await exercises.create(user, body);
      request.log.info(
        { event: 'exercise.create', by: user.id, exerciseId: exercise.id },
        'exercise created',
      );
      return exercise;
    },
    { tags },
  );
  route(
    app,
    exerciseRoutes.update,
    (request, _reply, { params, body }) => exercises.update(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    exerciseRoutes.remove,
    async (request, _reply, { params }) => {
      const user = staff(request);
      await exercises.remove(user, params.id);
      request.log.info({ event: 'exercise.delete', by: user.id, exerciseId: params.id }, 'exercise deleted');
      return ok;
    },
    { tags },
  );
  route(
    app,
    exerciseRoutes.listSubmissions,
    (request, _reply, { params }) => exercises.listSubmissions(staff(request), params.id),
    { tags },
  );
  route(
    app,
    exerciseRoutes.review,
    (request, _reply, { params, body }) => exercises.review(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    exerciseRoutes.listMine,
    (request, _reply, { query }) => exercises.listMine(requireLearner(request), query),
    { tags },
  );
  route(
    app,
    exerciseRoutes.submit,
    (request, _reply, { params, body }) => exercises.submit(requireLearner(request), params.id, body),
    { tags },
  );

  // A multipart upload: the same checks as the files module's own upload route (size announced and
  // streamed, format sniffed, hourly rate, organisation quota), into the learner's organisation.
  app.withTypeProvider<ZodTypeProvider>().post(
    exerciseRoutes.uploadFile.path,
    {
      ...accessOptions(exerciseRoutes.uploadFile.access),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: exerciseRoutes.uploadFile.params,
        querystring: exerciseRoutes.uploadFile.query,
        response: { 200: StoredFileSchema },
      },
    },
    async (request) => {
      const user = requireLearner(request);
      const { purpose } = request.query;
      const exercise = await exercises.findForLearner(user, request.params.id);
      if (exercise.submissionType === 'text')
        throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'file', message: 'not accepted' }] });
      const limit = FILE_LIMITS[purpose];
      const announcedBytes = Number(request.headers['content-length'] ?? 0);
      if (announcedBytes > limit.maxBytes + MULTIPART_ENVELOPE_BYTES) throw new AppError('FILE_TOO_LARGE');
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      await files.admitUpload(user, { organizationId: exercise.organizationId, announcedBytes });
      const part = await request.file({ limits: { fileSize: limit.maxBytes }, throwFileSizeLimit: false });
      if (part?.fieldname !== 'file')
        throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'file', message: 'required' }] });
      const stored = await files.upload(user, {
        purpose,
        organizationId: exercise.organizationId,
        fileName: part.filename,
        source: part.file,
      });
      request.log.info(
        {
          event: 'exercise.file',
          by: user.id,
          fileId: stored.id,
          exerciseId: exercise.id,
          sizeBytes: stored.sizeBytes,
        },
        'exercise file uploaded',
      );
      return stored;
    },
  );
}
