import { quizAccessRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { PositioningService } from './positioning.service.ts';
import { requireQuizStaff } from './quizzes.routes.ts';

const tags = ['quiz-access'];

/**
 * /positioning/{token} (issue 13 point 4): the invitation's recipient answers once, without an
 * account; the organisation's staff send invitations in bulk and read the reports.
 */
export async function positioningRoutesPlugin(
  app: FastifyInstance,
  options: { positioning: PositioningService },
) {
  const { positioning } = options;
  const staff = requireQuizStaff;

  route(
    app,
    quizAccessRoutes.getPositioning,
    (request, _reply, { query }) => positioning.view(query.token, request.ip),
    { tags },
  );
  route(
    app,
    quizAccessRoutes.startPositioning,
    (request, _reply, { body }) => positioning.start(body, request.ip),
    { tags },
  );
  route(
    app,
    quizAccessRoutes.submitPositioning,
    async (request, _reply, { body }) => {
      const result = await positioning.submit(body, request.ip);
      request.log.info({ event: 'positioning.submit' }, 'positioning answered');
      return result;
    },
    { tags },
  );

  route(
    app,
    quizAccessRoutes.sendPositioning,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const result = await positioning.send(user, body);
      request.log.info(
        { event: 'positioning.send', by: user.id, courseId: body.courseId, sent: result.sentCount },
        'positioning invitations sent',
      );
      return result;
    },
    { tags },
  );
  route(
    app,
    quizAccessRoutes.listPositioning,
    (request, _reply, { query }) => positioning.list(staff(request), query),
    { tags },
  );
  route(
    app,
    quizAccessRoutes.revokePositioning,
    async (request, _reply, { params }) => {
      await positioning.revoke(staff(request), params.id);
      return { ok: true as const };
    },
    { tags },
  );
  route(
    app,
    quizAccessRoutes.courseReport,
    (request, _reply, { params }) => positioning.courseReport(staff(request), params.courseId),
    { tags },
  );
  route(
    app,
    quizAccessRoutes.studentReport,
    (request, _reply, { params }) => positioning.studentReport(staff(request), params.studentId),
    { tags },
  );
}
