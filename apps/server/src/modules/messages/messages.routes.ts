import { FILE_LIMITS, messageRoutes, type SessionUser, StoredFileSchema } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { accessOptions, route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { FilesService } from '../files/files.module.ts';
import type { MessagesService } from './messages.service.ts';

const tags = ['messages'];
const ok = { ok: true as const };
/** Room for the multipart envelope around the file (files module's MULTIPART_ENVELOPE_BYTES). */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/** Learners and trainers; admins pass every role guard and write as staff of their organisation. */
function requireParticipant(request: FastifyRequest): SessionUser {
  return requireRole(request, ['student', 'trainer']);
}

export async function messageRoutesPlugin(
  app: FastifyInstance,
  options: { messages: MessagesService; files: FilesService },
) {
  const { messages, files } = options;
  const user = requireParticipant;

  route(
    app,
    messageRoutes.listConversations,
    (request, _reply, { query }) => messages.listConversations(user(request), query),
    { tags },
  );
  route(
    app,
    messageRoutes.startConversation,
    (request, _reply, { body }) => messages.startConversation(user(request), body),
    { tags },
  );
  route(
    app,
    messageRoutes.getConversation,
    (request, _reply, { params }) => messages.getConversation(user(request), params.id),
    { tags },
  );
  route(
    app,
    messageRoutes.listMessages,
    (request, _reply, { params, query }) => messages.listMessages(user(request), params.id, query),
    { tags },
  );
  route(
    app,
    messageRoutes.sendMessage,
    (request, _reply, { params, body }) => messages.sendMessage(user(request), params.id, body),
    { tags },
  );
  route(
    app,
    messageRoutes.markRead,
    async (request, _reply, { params }) => {
      await messages.markRead(user(request), params.id);
      return ok;
    },
    { tags },
  );
  route(
    app,
    messageRoutes.unreadCount,
    async (request) => ({ count: await messages.countUnread(user(request)) }),
    { tags },
  );
  route(
    app,
    messageRoutes.listContacts,
    (request, _reply, { query }) => messages.listContacts(user(request), query),
    { tags },
  );

  // A multipart upload: the same checks as the files module's own upload route (size announced and
  // streamed, format sniffed, hourly rate, organisation quota), into the conversation's organisation.
  app.withTypeProvider<ZodTypeProvider>().post(
    messageRoutes.uploadFile.path,
    {
      ...accessOptions(messageRoutes.uploadFile.access),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: messageRoutes.uploadFile.params,
        querystring: messageRoutes.uploadFile.query,
        response: { 200: StoredFileSchema },
      },
    },
    async (request) => {
      const sender = user(request);
      const { purpose } = request.query;
      const conversation = await messages.findForUpload(sender, request.params.id);
      const limit = FILE_LIMITS[purpose];
      const announcedBytes = Number(request.headers['content-length'] ?? 0);
      if (announcedBytes > limit.maxBytes + MULTIPART_ENVELOPE_BYTES) throw new AppError('FILE_TOO_LARGE');
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      await files.admitUpload(sender, { organizationId: conversation.organizationId, announcedBytes });
      const part = await request.file({ limits: { fileSize: limit.maxBytes }, throwFileSizeLimit: false });
      if (part?.fieldname !== 'file')
        throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'file', message: 'required' }] });
      const stored = await files.upload(sender, {
        purpose,
        organizationId: conversation.organizationId,
        fileName: part.filename,
        source: part.file,
      });
      request.log.info(
        {
          event: 'message.file',
          by: sender.id,
          fileId: stored.id,
          conversationId: conversation.id,
          sizeBytes: stored.sizeBytes,
        },
        'message attachment uploaded',
      );
      return stored;
    },
  );
}
