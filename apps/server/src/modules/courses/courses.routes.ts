import { courseRoutes, hasPermission, type SessionUser } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { CourseContentService } from './course-content.service.ts';
import type { CoursesService } from './courses.service.ts';
import type { EnrollmentsService } from './enrollments.service.ts';

const tags = ['courses'];
const ok = { ok: true as const };

/**
 * Trainer pages accept trainers and admins (SPEC 6), behind the permission gate's 'edit:courses';
 * a trainer must have an organisation (SPEC 6, NO_ORGANIZATION).
 */
export function requireCourseStaff(request: FastifyRequest): SessionUser {
  const user = requireRole(request, ['trainer']);
  if (!hasPermission(user.role, ['edit:courses'])) throw new AppError('NOT_AUTHORIZED');
  if (user.role === 'trainer' && !user.organizationId) throw new AppError('NO_ORGANIZATION');
  return user;
}

export async function courseRoutesPlugin(
  app: FastifyInstance,
  options: { courses: CoursesService; content: CourseContentService; enrollments: EnrollmentsService },
) {
  const { courses, content, enrollments } = options;
  const staff = requireCourseStaff;

  // Formations
  route(app, courseRoutes.list, (request, _reply, { query }) => courses.list(staff(request), query), {
    tags,
  });
  route(
    app,
    courseRoutes.create,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const course = await courses.create(user, body);
      request.log.info({ event: 'course.create', by: user.id, courseId: course.id }, 'course created');
      return course;
    },
    { tags },
  );
  route(app, courseRoutes.get, (request, _reply, { params }) => courses.get(staff(request), params.id), {
    tags,
  });
  route(
    app,
    courseRoutes.update,
    (request, _reply, { params, body }) => courses.update(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    courseRoutes.delete,
    async (request, _reply, { params }) => {
      const user = staff(request);
      await courses.remove(user, params.id);
      request.log.info({ event: 'course.delete', by: user.id, courseId: params.id }, 'course deleted');
      return ok;
    },
    { tags },
  );
  const stateRoutes = [
    [courseRoutes.publish, (user: SessionUser, id: string) => courses.setStatus(user, id, 'published')],
    [courseRoutes.unpublish, (user: SessionUser, id: string) => courses.setStatus(user, id, 'draft')],
    [courseRoutes.lock, (user: SessionUser, id: string) => courses.setLocked(user, id, true)],
    [courseRoutes.unlock, (user: SessionUser, id: string) => courses.setLocked(user, id, false)],
    [courseRoutes.archive, (user: SessionUser, id: string) => courses.setArchived(user, id, true)],
    [courseRoutes.unarchive, (user: SessionUser, id: string) => courses.setArchived(user, id, false)],
  ] as const;
  for (const [contract, change] of stateRoutes) {
    route(app, contract, (request, _reply, { params }) => change(staff(request), params.id), { tags });
  }
  route(
    app,
    courseRoutes.duplicate,
    (request, _reply, { params }) => courses.duplicate(staff(request), params.id),
    { tags },
  );

  // Modules
  route(
    app,
    courseRoutes.createModule,
    (request, _reply, { params, body }) => content.createModule(staff(request), params.id, body.title),
    { tags },
  );
  route(
    app,
    courseRoutes.updateModule,
    (request, _reply, { params, body }) =>
      content.updateModule(staff(request), params.id, params.moduleId, body.title),
    { tags },
  );
  route(
    app,
    courseRoutes.deleteModule,
    async (request, _reply, { params }) => {
      await content.deleteModule(staff(request), params.id, params.moduleId);
      return ok;
    },
    { tags },
  );
  route(
    app,
    courseRoutes.reorderModules,
    (request, _reply, { params, body }) => content.reorderModules(staff(request), params.id, body.moduleIds),
    { tags },
  );

  // Lessons
  route(
    app,
    courseRoutes.createLesson,
    (request, _reply, { params, body }) =>
      content.createLesson(staff(request), params.id, params.moduleId, body),
    { tags },
  );
  route(
    app,
    courseRoutes.reorderLessons,
    (request, _reply, { params, body }) =>
      content.reorderLessons(staff(request), params.id, params.moduleId, body.lessonIds),
    { tags },
  );
  route(
    app,
    courseRoutes.getLesson,
    (request, _reply, { params }) => content.getLesson(staff(request), params.id, params.lessonId),
    { tags },
  );
  route(
    app,
    courseRoutes.updateLesson,
    (request, _reply, { params, body }) =>
      content.updateLesson(staff(request), params.id, params.lessonId, body),
    { tags },
  );
  route(
    app,
    courseRoutes.deleteLesson,
    async (request, _reply, { params }) => {
      await content.deleteLesson(staff(request), params.id, params.lessonId);
      return ok;
    },
    { tags },
  );
  route(
    app,
    courseRoutes.moveLesson,
    (request, _reply, { params, body }) =>
      content.moveLesson(staff(request), params.id, params.lessonId, body),
    { tags },
  );

  // Enrolments
  route(
    app,
    courseRoutes.listEnrollments,
    (request, _reply, { params, query }) => enrollments.list(staff(request), params.id, query),
    { tags },
  );
  route(
    app,
    courseRoutes.enroll,
    async (request, _reply, { params, body }) => {
      const user = staff(request);
      const result = await enrollments.enroll(user, params.id, body);
      request.log.info(
        { event: 'course.enroll', by: user.id, courseId: params.id, added: result.addedCount },
        'students enrolled',
      );
      return result;
    },
    { tags },
  );
  route(
    app,
    courseRoutes.unenroll,
    async (request, _reply, { params }) => {
      await enrollments.unenroll(staff(request), params.id, params.studentId);
      return ok;
    },
    { tags },
  );
  route(
    app,
    courseRoutes.listEnrollmentCandidates,
    (request, _reply, { params, query }) => enrollments.candidates(staff(request), params.id, query),
    { tags },
  );
}
