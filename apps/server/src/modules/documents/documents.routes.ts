import { documentPdfRoutes, documentRequirementRoutes, documentRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessOptions, route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import { downloadContentSecurityPolicy } from '../files/files.module.ts';
import { renderAttendanceExtractPdf, renderConvocationPdf } from './document-pdf.ts';
import type { DocumentRequirementsService } from './document-requirements.service.ts';
import type { DocumentsService } from './documents.service.ts';

const tags = ['documents'];

/** A generated PDF, shown in the browser's viewer with the same guard as a stored file. */
function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('content-security-policy', downloadContentSecurityPolicy('application/pdf'))
    .send(Buffer.from(bytes));
}

export async function documentRoutesPlugin(
  app: FastifyInstance,
  options: { documents: DocumentsService; requirements: DocumentRequirementsService; now: () => Date },
) {
  const { documents, requirements, now } = options;
  const admin = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['admin']);
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['trainer']);
  const learner = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['student']);

  route(app, documentRoutes.list, (request, _reply, { query }) => documents.list(staff(request), query), {
    tags,
  });
  route(
    app,
    documentRoutes.create,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const document = await documents.create(user, body);
      request.log.info(
        { event: 'document.create', by: user.id, documentId: document.id, visibility: document.visibility },
        'document created',
      );
      return document;
    },
    { tags },
  );
  route(
    app,
    documentRoutes.update,
    (request, _reply, { params, body }) => documents.update(staff(request), params.id, body),
    { tags },
  );
  route(
    app,
    documentRoutes.replace,
    async (request, _reply, { params, body }) => {
      const user = staff(request);
      const document = await documents.replace(user, params.id, body);
      request.log.info(
        { event: 'document.replace', by: user.id, documentId: document.id, version: document.version },
        'document replaced',
      );
      return document;
    },
    { tags },
  );
  route(
    app,
    documentRoutes.versions,
    (request, _reply, { params }) => documents.versions(staff(request), params.id),
    {
      tags,
    },
  );
  route(
    app,
    documentRoutes.remove,
    async (request, _reply, { params }) => {
      const user = staff(request);
      const result = await documents.remove(user, params.id);
      request.log.info({ event: 'document.delete', by: user.id, documentId: params.id }, 'document deleted');
      return result;
    },
    { tags },
  );
  route(
    app,
    documentRoutes.learner,
    (request, _reply, { params }) => documents.forLearner(staff(request), params.studentId),
    { tags },
  );
  route(app, documentRoutes.mine, (request) => documents.mine(learner(request)), { tags });

  route(app, documentRequirementRoutes.list, (request) => requirements.list(admin(request)), { tags });
  route(
    app,
    documentRequirementRoutes.create,
    (request, _reply, { body }) => requirements.create(admin(request), body),
    { tags },
  );
  route(
    app,
    documentRequirementRoutes.update,
    (request, _reply, { params, body }) => requirements.update(admin(request), params.id, body),
    { tags },
  );
  route(
    app,
    documentRequirementRoutes.remove,
    (request, _reply, { params }) => requirements.remove(admin(request), params.id),
    { tags },
  );
  route(
    app,
    documentRequirementRoutes.overview,
    (request, _reply, { query }) => requirements.overview(admin(request), query),
    { tags },
  );
  route(
    app,
    documentRequirementRoutes.organization,
    (request, _reply, { params, query }) =>
      requirements.organization(admin(request), params.organizationId, query),
    { tags },
  );
  route(
    app,
    documentRequirementRoutes.review,
    async (request, _reply, { params, body }) => {
      const user = admin(request);
      const check = await requirements.review(user, params.id, body);
      request.log.info(
        { event: 'document_requirement.review', by: user.id, requirementId: params.id, status: body.status },
        'document requirement reviewed',
      );
      return check;
    },
    { tags },
  );
  route(
    app,
    documentRequirementRoutes.mineAsStaff,
    (request, _reply, { query }) => requirements.mineAsStaff(staff(request), query),
    { tags },
  );
  route(app, documentRequirementRoutes.mine, (request) => requirements.mine(learner(request)), { tags });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    documentPdfRoutes.learnerConvocation.path,
    {
      ...accessOptions(documentPdfRoutes.learnerConvocation.access),
      schema: { tags, params: documentPdfRoutes.learnerConvocation.params },
    },
    async (request, reply) => {
      const user = staff(request);
      const { studentId, courseId } = request.params;
      const facts = await documents.convocationFacts(user, studentId, courseId);
      return sendPdf(reply, await renderConvocationPdf(facts, user.language, now()), 'convocation.pdf');
    },
  );
  typed.get(
    documentPdfRoutes.myConvocation.path,
    {
      ...accessOptions(documentPdfRoutes.myConvocation.access),
      schema: { tags, params: documentPdfRoutes.myConvocation.params },
    },
    async (request, reply) => {
      const user = learner(request);
      const facts = await documents.convocationFacts(user, user.id, request.params.courseId);
      return sendPdf(reply, await renderConvocationPdf(facts, user.language, now()), 'convocation.pdf');
    },
  );
  typed.get(
    documentPdfRoutes.myAttendance.path,
    {
      ...accessOptions(documentPdfRoutes.myAttendance.access),
      schema: { tags, params: documentPdfRoutes.myAttendance.params },
    },
    async (request, reply) => {
      const user = learner(request);
      const extract = await documents.attendanceExtract(user, request.params.sessionId);
      return sendPdf(
        reply,
        await renderAttendanceExtractPdf(extract, user.language, now()),
        'releve-presence.pdf',
      );
    },
  );
}
