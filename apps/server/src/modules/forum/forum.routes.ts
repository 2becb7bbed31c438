import { forumRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { ForumService } from './forum.service.ts';

const tags = ['forum'];
const ok = { ok: true as const };

/** The forum is the staff's: trainers and admins, never learners (issue 14 point 3). */
const staff = (request: FastifyRequest) => requireRole(request, ['trainer']);

export async function forumRoutesPlugin(app: FastifyInstance, options: { forum: ForumService }) {
  const { forum } = options;

  route(
    app,
    forumRoutes.listThreads,
    (request, _reply, { query }) => forum.listThreads(staff(request), query),
    {
      tags,
    },
  );
  route(
    app,
    forumRoutes.createThread,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const created = await forum.createThread(user, body);
      request.log.info(
        { event: 'forum.thread.create', by: user.id, threadId: created.thread.id },
        'forum thread created',
      );
      return created;
    },
    { tags },
  );
  route(
    app,
    forumRoutes.getThread,
    (request, _reply, { params }) => forum.getThread(staff(request), params.id),
    {
      tags,
    },
  );
  route(
    app,
    forumRoutes.updateThread,
    (request, _reply, { params, body }) => forum.updateThread(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    forumRoutes.deleteThread,
    async (request, _reply, { params }) => {
      const user = staff(request);
      await forum.deleteThread(user, params.id);
      request.log.info(
        { event: 'forum.thread.delete', by: user.id, threadId: params.id },
        'forum thread deleted',
      );
      return ok;
    },
    { tags },
  );
  route(
    app,
    forumRoutes.pinThread,
    async (request, _reply, { params, body }) => {
      await forum.pinThread(staff(request), params.id, body.pinned);
      return ok;
    },
    { tags },
  );
  route(
    app,
    forumRoutes.likeThread,
    (request, _reply, { params, body }) => forum.likeThread(staff(request), params.id, body.liked),
    { tags },
  );
  route(
    app,
    forumRoutes.viewThread,
    (request, _reply, { params }) => forum.viewThread(staff(request), params.id),
    { tags },
  );
  route(
    app,
    forumRoutes.reply,
    (request, _reply, { params, body }) => forum.reply(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    forumRoutes.updatePost,
    (request, _reply, { params, body }) => forum.updatePost(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    forumRoutes.deletePost,
    async (request, _reply, { params }) => {
      const user = staff(request);
      await forum.deletePost(user, params.id);
      request.log.info({ event: 'forum.post.delete', by: user.id, postId: params.id }, 'forum post deleted');
      return ok;
    },
    { tags },
  );
  route(
    app,
    forumRoutes.likePost,
    (request, _reply, { params, body }) => forum.likePost(staff(request), params.id, body.liked),
    { tags },
  );
  route(
    app,
    forumRoutes.listTrainers,
    (request, _reply, { query }) => forum.listTrainers(staff(request), query.organizationId),
    { tags },
  );
}
