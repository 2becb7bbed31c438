import { attendanceRoutes, attendanceSheetPdfRoute } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessOptions, route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import type { AttendanceService, RequestEvidence } from './attendance.service.ts';

const tags = ['attendance'];
const ok = { ok: true as const };

/** Evidence comes from the connection (behind the trusted proxy setting), never from the body. */
function evidenceOf(request: FastifyRequest): RequestEvidence {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export async function attendanceRoutesPlugin(
  app: FastifyInstance,
  options: {
    attendance: AttendanceService;
    renderPdf: (
      request: FastifyRequest,
      sessionId: string,
    ) => Promise<{ bytes: Uint8Array; fileName: string }>;
  },
) {
  const { attendance } = options;
  const staff = (request: FastifyRequest) => requireRole(request, ['trainer']);
  const learner = (request: FastifyRequest) => requireRole(request, ['student']);

  route(
    app,
    attendanceRoutes.getSheet,
    (request, _reply, { params }) => attendance.getSheet(staff(request), params.sessionId),
    { tags },
  );
  route(
    app,
    attendanceRoutes.sendLinks,
    (request, _reply, { params }) => attendance.sendLinks(staff(request), params.slotId),
    { tags },
  );
  route(
    app,
    attendanceRoutes.getQrCode,
    (request, _reply, { params }) => attendance.getQrCode(staff(request), params.slotId),
    { tags },
  );
  route(
    app,
    attendanceRoutes.countersign,
    (request, _reply, { params, body }) =>
      attendance.countersign(staff(request), params.slotId, body.signature, evidenceOf(request)),
    { tags },
  );
  route(
    app,
    attendanceRoutes.signInPerson,
    (request, _reply, { params, body }) =>
      attendance.signInPerson(
        staff(request),
        params.slotId,
        body.studentId,
        body.signature,
        evidenceOf(request),
      ),
    { tags },
  );
  route(
    app,
    attendanceRoutes.mark,
    async (request, _reply, { params, body }) => {
      await attendance.mark(staff(request), params.slotId, params.studentId, body);
      return ok;
    },
    { tags },
  );
  route(app, attendanceRoutes.getSettings, (request) => attendance.getSettings(staff(request)), { tags });
  route(
    app,
    attendanceRoutes.updateSettings,
    (request, _reply, { body }) => attendance.updateSettings(staff(request), body),
    { tags },
  );
  route(app, attendanceRoutes.getLink, (_request, _reply, { params }) => attendance.getLink(params.token), {
    tags,
  });
  route(
    app,
    attendanceRoutes.signLink,
    (request, _reply, { params, body }) =>
      attendance.signLink(params.token, body.signature, evidenceOf(request)),
    { tags },
  );
  route(
    app,
    attendanceRoutes.checkQr,
    (request, _reply, { body }) => attendance.checkQr(learner(request), body.code),
    { tags },
  );
  route(
    app,
    attendanceRoutes.signQr,
    (request, _reply, { body }) =>
      attendance.signQr(learner(request), body.code, body.signature, evidenceOf(request)),
    { tags },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    attendanceSheetPdfRoute.path,
    {
      ...accessOptions(attendanceSheetPdfRoute.access),
      schema: { tags, params: attendanceSheetPdfRoute.params },
    },
    async (request, reply) => {
      const { bytes, fileName } = await options.renderPdf(request, request.params.sessionId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
}
