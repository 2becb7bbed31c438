import { evaluationRoutes } from '@cursus/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/i18n.ts';
import { route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { EvaluationSending } from './evaluation-sending.ts';
import type { EvaluationsService } from './evaluations.service.ts';

const tags = ['evaluations'];
/** What a duplicated questionnaire's title ends with, in the trainer's language. */
const COPY_SUFFIX = { fr: '(copie)', en: '(copy)' } as const;

export async function evaluationRoutesPlugin(
  app: FastifyInstance,
  options: { evaluations: EvaluationsService; sending: EvaluationSending; now: () => Date },
) {
  const { evaluations, sending } = options;
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['trainer']);

  route(app, evaluationRoutes.list, (request, _reply, { query }) => evaluations.list(staff(request), query), {
    tags,
  });
  route(
    app,
    evaluationRoutes.create,
    (request, _reply, { body }) => evaluations.create(staff(request), body),
    {
      tags,
    },
  );
  route(
    app,
    evaluationRoutes.get,
    (request, _reply, { params }) => evaluations.get(staff(request), params.id),
    {
      tags,
    },
  );
  route(
    app,
    evaluationRoutes.update,
    (request, _reply, { params, body }) => evaluations.update(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    evaluationRoutes.duplicate,
    (request, _reply, { params }) =>
      evaluations.duplicate(staff(request), params.id, COPY_SUFFIX[requestLanguage(request)]),
    { tags },
  );
  route(
    app,
    evaluationRoutes.archive,
    (request, _reply, { params, body }) => evaluations.archive(staff(request), params.id, body.archived),
    { tags },
  );
  route(
    app,
    evaluationRoutes.send,
    async (request, _reply, { params, body }) => {
      const user = staff(request);
      const result = await sending.sendSurvey(user, params.id, body);
      // Counts only: the addresses are personal data.
      request.log.info(
        { event: 'evaluation.send', by: user.id, questionnaireId: params.id, sent: result.sent },
        'evaluation survey sent',
      );
      return result;
    },
    { tags },
  );
  route(
    app,
    evaluationRoutes.invitations,
    (request, _reply, { params, query }) => evaluations.invitations(staff(request), params.id, query),
    { tags },
  );
  route(
    app,
    evaluationRoutes.results,
    (request, _reply, { params, query }) =>
      evaluations.results(staff(request), params.id, query, requestLanguage(request)),
    { tags },
  );
  route(
    app,
    evaluationRoutes.exportResults,
    async (request, reply, { params, query }) => {
      const csv = await evaluations.exportResults(staff(request), params.id, query, requestLanguage(request));
      const day = options.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="evaluation-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
    { tags },
  );
  route(
    app,
    evaluationRoutes.listMine,
    (request) => evaluations.listMine(requireRole(request, ['student'])),
    {
      tags,
    },
  );
  route(
    app,
    evaluationRoutes.answerMine,
    (request, _reply, { params, body }) =>
      evaluations.answerMine(requireRole(request, ['student']), params.id, body),
    { tags },
  );
  route(
    app,
    evaluationRoutes.view,
    (request, _reply, { params }) => evaluations.view(params.token, request.ip),
    {
      tags,
    },
  );
  route(
    app,
    evaluationRoutes.answer,
    (request, _reply, { params, body }) => evaluations.answer(params.token, request.ip, body),
    { tags },
  );
}
