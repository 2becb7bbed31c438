import { hasPermission, quizRoutes, type SessionUser } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { AttemptsService } from './attempts.service.ts';
import type { QuestionBankService } from './question-bank.service.ts';
import type { QuizzesService } from './quizzes.service.ts';

const tags = ['quizzes'];
const ok = { ok: true as const };

/**
 * Quizzes are part of a formation's content: the same gate as formations (SPEC 6 'edit:courses'),
 * and a trainer must have an organisation (NO_ORGANIZATION).
 */
export function requireQuizStaff(request: FastifyRequest): SessionUser {
  const user = requireRole(request, ['trainer']);
  if (!hasPermission(user.role, ['edit:courses'])) throw new AppError('NOT_AUTHORIZED');
  if (user.role === 'trainer' && !user.organizationId) throw new AppError('NO_ORGANIZATION');
  return user;
}

/** Trainers build quizzes and their bank; learners take them. */
export async function quizRoutesPlugin(
  app: FastifyInstance,
  options: { quizzes: QuizzesService; bank: QuestionBankService; attempts: AttemptsService },
) {
  const { quizzes, bank, attempts } = options;
  const staff = requireQuizStaff;
  const student = (request: FastifyRequest) => requireRole(request, ['student']);

  // Quizzes
  route(app, quizRoutes.list, (request, _reply, { query }) => quizzes.list(staff(request), query), { tags });
  route(
    app,
    quizRoutes.create,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const quiz = await quizzes.create(user, body);
      request.log.info({ event: 'quiz.create', by: user.id, quizId: quiz.id }, 'quiz created');
      return quiz;
    },
    { tags },
  );
  route(app, quizRoutes.get, (request, _reply, { params }) => quizzes.get(staff(request), params.id), {
    tags,
  });
  route(
    app,
    quizRoutes.update,
    (request, _reply, { params, body }) => quizzes.update(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    quizRoutes.delete,
    async (request, _reply, { params }) => {
      const user = staff(request);
      await quizzes.remove(user, params.id);
      request.log.info({ event: 'quiz.delete', by: user.id, quizId: params.id }, 'quiz deleted');
      return ok;
    },
    { tags },
  );
  route(
    app,
    quizRoutes.duplicate,
    (request, _reply, { params }) => quizzes.duplicate(staff(request), params.id),
    { tags },
  );
  route(
    app,
    quizRoutes.results,
    (request, _reply, { params, query }) => quizzes.results(staff(request), params.id, query),
    { tags },
  );

  // The question bank
  route(
    app,
    quizRoutes.listQuestions,
    (request, _reply, { query }) => bank.listQuestions(staff(request), query),
    { tags },
  );
  route(
    app,
    quizRoutes.createQuestion,
    (request, _reply, { body }) => bank.createQuestion(staff(request), body),
    { tags },
  );
  route(
    app,
    quizRoutes.updateQuestion,
    (request, _reply, { params, body }) => bank.updateQuestion(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    quizRoutes.deleteQuestion,
    async (request, _reply, { params }) => {
      await bank.deleteQuestion(staff(request), params.id);
      return ok;
    },
    { tags },
  );
  route(app, quizRoutes.listCategories, (request) => bank.listCategories(staff(request)), { tags });
  route(
    app,
    quizRoutes.createCategory,
    (request, _reply, { body }) => bank.createCategory(staff(request), body.name),
    { tags },
  );
  route(
    app,
    quizRoutes.deleteCategory,
    async (request, _reply, { params }) => {
      await bank.deleteCategory(staff(request), params.id);
      return ok;
    },
    { tags },
  );
  route(
    app,
    quizRoutes.importQuestions,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const result = await bank.importQuestions(user, body);
      request.log.info(
        { event: 'quiz.import', by: user.id, format: body.format, imported: result.importedCount },
        'questions imported',
      );
      return result;
    },
    { tags },
  );
  route(
    app,
    quizRoutes.exportQuestions,
    (request, _reply, { query }) => bank.exportQuestions(staff(request), query),
    { tags },
  );

  // The learner's quizzes
  route(app, quizRoutes.listMine, (request, _reply, { query }) => attempts.list(student(request), query), {
    tags,
  });
  route(app, quizRoutes.stats, (request) => attempts.stats(student(request)), { tags });
  route(
    app,
    quizRoutes.getMine,
    (request, _reply, { params }) => attempts.get(student(request), params.quizId),
    { tags },
  );
  route(
    app,
    quizRoutes.start,
    (request, _reply, { params }) => attempts.start(student(request), params.quizId),
    { tags },
  );
  route(
    app,
    quizRoutes.getAttempt,
    (request, _reply, { params }) => attempts.getAttempt(student(request), params.attemptId),
    { tags },
  );
  route(
    app,
    quizRoutes.saveAnswer,
    (request, _reply, { params, body }) =>
      attempts.saveAnswer(student(request), params.attemptId, params.questionId, body.answer),
    { tags },
  );
  route(
    app,
    quizRoutes.submit,
    async (request, _reply, { params }) => {
      const user = student(request);
      const attempt = await attempts.submit(user, params.attemptId);
      request.log.info(
        { event: 'quiz.submit', by: user.id, attemptId: attempt.id, passed: attempt.result?.passed },
        'quiz attempt submitted',
      );
      return attempt;
    },
    { tags },
  );
}
