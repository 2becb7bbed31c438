import { hasPermission, questionRoutes, type SessionUser } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { QuestionsService } from './questions.service.ts';

const tags = ['questions'];

/** SPEC 6: a learner's questions need 'view:questions'. */
function requireLearner(request: FastifyRequest): SessionUser {
  const user = requireRole(request, ['student']);
  if (!hasPermission(user.role, ['view:questions'])) throw new AppError('NOT_AUTHORIZED');
  return user;
}

/** SPEC 6: answering, assigning and closing questions is 'edit:questions'. */
function requireQuestionStaff(request: FastifyRequest): SessionUser {
  const user = requireRole(request, ['trainer']);
  if (!hasPermission(user.role, ['edit:questions'])) throw new AppError('NOT_AUTHORIZED');
  return user;
}

export async function questionRoutesPlugin(app: FastifyInstance, options: { questions: QuestionsService }) {
  const { questions } = options;
  const staff = requireQuestionStaff;

  route(
    app,
    questionRoutes.create,
    async (request, _reply, { body }) => {
      const user = requireLearner(request);
      const question = await questions.create(user, body);
      request.log.info({ event: 'question.create', by: user.id, questionId: question.id }, 'question asked');
      return question;
    },
    { tags },
  );
  route(
    app,
    questionRoutes.listMine,
    (request, _reply, { query }) => questions.listMine(requireLearner(request), query),
    { tags },
  );
  route(
    app,
    questionRoutes.hub,
    (request, _reply, { query }) => questions.hub(requireLearner(request), query.organizationId),
    { tags },
  );
  route(
    app,
    questionRoutes.getMine,
    (request, _reply, { params }) => questions.getMine(requireLearner(request), params.id),
    { tags },
  );
  route(
    app,
    questionRoutes.replyAsStudent,
    (request, _reply, { params, body }) => questions.replyAsStudent(requireLearner(request), params.id, body),
    { tags },
  );
  route(
    app,
    questionRoutes.listForTrainer,
    (request, _reply, { query }) => questions.listForTrainer(staff(request), query),
    { tags },
  );
  route(
    app,
    questionRoutes.listTrainers,
    (request, _reply, { query }) => questions.listTrainers(staff(request), query.organizationId),
    { tags },
  );
  route(
    app,
    questionRoutes.getForTrainer,
    (request, _reply, { params }) => questions.getForTrainer(staff(request), params.id),
    { tags },
  );
  route(
    app,
    questionRoutes.replyAsTrainer,
    (request, _reply, { params, body }) => questions.replyAsTrainer(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    questionRoutes.update,
    async (request, _reply, { params, body }) => {
      const user = staff(request);
      const question = await questions.update(user, params.id, body);
      request.log.info(
        { event: 'question.update', by: user.id, questionId: params.id, ...body },
        'question updated',
      );
      return question;
    },
    { tags },
  );
}
