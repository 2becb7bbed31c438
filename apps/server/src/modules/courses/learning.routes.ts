import { hasPermission, learningRoutes, type SessionUser } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { LearningService } from './learning.service.ts';

const tags = ['learning'];

/** Student pages (SPEC 6; admins pass every guard), behind the gate's 'view:courses'. */
function requireStudent(
  request: FastifyRequest,
  permission: 'view:courses' | 'view:progression',
): SessionUser {
  const user = requireRole(request, ['student']);
  if (!hasPermission(user.role, [permission])) throw new AppError('NOT_AUTHORIZED');
  return user;
}

export async function learningRoutesPlugin(app: FastifyInstance, options: { learning: LearningService }) {
  const { learning } = options;
  const student = (request: FastifyRequest) => requireStudent(request, 'view:courses');

  route(
    app,
    learningRoutes.listCourses,
    (request, _reply, { query }) => learning.listCourses(student(request), query),
    { tags },
  );
  route(
    app,
    learningRoutes.getCourse,
    (request, _reply, { params }) => learning.getCourse(student(request), params.courseId),
    { tags },
  );
  route(
    app,
    learningRoutes.getLesson,
    (request, _reply, { params }) => learning.getLesson(student(request), params.courseId, params.lessonId),
    { tags },
  );
  route(
    app,
    learningRoutes.completeLesson,
    (request, _reply, { params }) =>
      learning.completeLesson(student(request), params.courseId, params.lessonId),
    { tags },
  );
  route(
    app,
    learningRoutes.progression,
    (request) => learning.progression(requireStudent(request, 'view:progression')),
    { tags },
  );
}
