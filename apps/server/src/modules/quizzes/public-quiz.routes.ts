import { quizAccessRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { PublicQuizService } from './public-quiz.service.ts';
import { requireQuizStaff } from './quizzes.routes.ts';

const tags = ['quiz-access'];

/**
 * /quiz/{quizId}/public (issue 13 point 3): visitors read the quiz's questions (never their answers)
 * and submit once per attempt; the organisation's staff switch the link and read the answers.
 */
export async function publicQuizRoutesPlugin(
  app: FastifyInstance,
  options: { publicQuiz: PublicQuizService },
) {
  const { publicQuiz } = options;
  const staff = requireQuizStaff;

  route(
    app,
    quizAccessRoutes.getPublicQuiz,
    (request, _reply, { params }) => publicQuiz.getPublicQuiz(params.quizId, request.ip),
    { tags },
  );
  route(
    app,
    quizAccessRoutes.startPublicAttempt,
    async (request, _reply, { params, body }) => {
      const attempt = await publicQuiz.start(params.quizId, body, request.ip);
      request.log.info(
        { event: 'public_quiz.start', quizId: params.quizId, attemptId: attempt.attemptId },
        'public quiz started',
      );
      return attempt;
    },
    { tags },
  );
  route(
    app,
    quizAccessRoutes.submitPublicAttempt,
    (request, _reply, { params, body }) =>
      publicQuiz.submit(params.quizId, params.attemptId, body, request.ip),
    { tags },
  );

  route(
    app,
    quizAccessRoutes.getPublicLink,
    (request, _reply, { params }) => publicQuiz.getLink(staff(request), params.quizId),
    { tags },
  );
  route(
    app,
    quizAccessRoutes.setPublicLink,
    async (request, _reply, { params, body }) => {
      const user = staff(request);
      const link = await publicQuiz.setLink(user, params.quizId, body.isEnabled);
      request.log.info(
        { event: 'public_quiz.link', by: user.id, quizId: params.quizId, isEnabled: body.isEnabled },
        'public link switched',
      );
      return link;
    },
    { tags },
  );
  route(
    app,
    quizAccessRoutes.listGuestAttempts,
    (request, _reply, { params, query }) => publicQuiz.listAttempts(staff(request), params.quizId, query),
    { tags },
  );
  route(
    app,
    quizAccessRoutes.getGuestAttempt,
    (request, _reply, { params }) => publicQuiz.getAttempt(staff(request), params.id),
    { tags },
  );
}
