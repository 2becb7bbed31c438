import { AUDIT_PACK_ENTRIES_HEADER, complianceRoutes } from '@cursus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/i18n.ts';
import { accessOptions, route } from '../../lib/route.ts';
import { requireRole } from '../../plugins/session.ts';
import { type AuditService, auditActorOf } from '../audit/audit.module.ts';
import { listPackEntries, writeZip } from './audit-pack.ts';
import type { ComplianceService } from './compliance.service.ts';

const tags = ['compliance'];

const staff = (request: FastifyRequest) => requireRole(request, ['trainer']);

export async function complianceRoutesPlugin(
  app: FastifyInstance,
  options: { compliance: ComplianceService; audit: Pick<AuditService, 'recordEvent'>; now: () => Date },
) {
  const { compliance, now } = options;

  route(app, complianceRoutes.report, (request) => compliance.report(staff(request)), { tags });
  route(
    app,
    complianceRoutes.updateProfile,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const profile = await compliance.updateProfile(user, body);
      request.log.info(
        { event: 'compliance.profile', by: user.id, ...profile },
        'compliance profile changed',
      );
      return profile;
    },
    { tags },
  );
  route(
    app,
    complianceRoutes.createEvidence,
    async (request, _reply, { body }) => {
      const user = staff(request);
      const evidence = await compliance.createEvidence(user, body);
      request.log.info(
        {
          event: 'compliance.evidence.create',
          by: user.id,
          indicator: evidence.indicator,
          evidenceId: evidence.id,
        },
        'compliance evidence recorded',
      );
      return evidence;
    },
    { tags },
  );
  route(
    app,
    complianceRoutes.deleteEvidence,
    async (request, _reply, { params }) => {
      const user = staff(request);
      await compliance.deleteEvidence(user, params.evidenceId);
      request.log.info(
        { event: 'compliance.evidence.delete', by: user.id, evidenceId: params.evidenceId },
        'compliance evidence deleted',
      );
      return { ok: true as const };
    },
    { tags },
  );

  // A streamed download: registered by hand, with the same access declaration.
  app.get(
    complianceRoutes.auditPack.path,
    {
      ...accessOptions(complianceRoutes.auditPack.access),
      schema: { tags },
      // PDFs and images gain nothing; the announced length must be the bytes sent (progress bar).
      compress: false,
    },
    async (request, reply) => {
      const user = staff(request);
      const at = now();
      const language = requestLanguage(request);
      const { report, sheets, uploads, registerFiles } = await compliance.snapshot(user, {
        withRegisterFiles: true,
      });
      const entries = await listPackEntries({
        report,
        sheets,
        uploads,
        registerFiles,
        attendanceSheets: await compliance.attendanceSheets(user, language),
        language,
        at,
      });
      const { stream, totalBytes } = await writeZip(entries, compliance.readFile, at);
      // An auditor's copy of the organisation's records leaves the platform: the trail says who took it.
      await options.audit.recordEvent({
        action: 'export.created',
        organizationId: user.organizationId,
        actor: auditActorOf(user),
        targetType: 'organization',
        targetId: user.organizationId,
        details: { export: 'audit_pack', entryCount: entries.length },
      });
      request.log.info(
        { event: 'compliance.audit_pack', by: user.id, entries: entries.length, bytes: totalBytes },
        'audit pack downloaded',
      );
      reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="audit-qualiopi-${at.toISOString().slice(0, 10)}.zip"`,
        )
        .header('cache-control', 'no-store')
        .header(AUDIT_PACK_ENTRIES_HEADER, String(entries.length));
      if (totalBytes !== null) reply.header('content-length', String(totalBytes));
      return reply.send(stream);
    },
  );
}
