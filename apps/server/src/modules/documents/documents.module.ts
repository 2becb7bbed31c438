import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { FileAccessPolicy, FilesService } from '../files/files.module.ts';
import { createDocumentFileAccess } from './document-file-access.ts';
import { createDocumentRequirementsService } from './document-requirements.service.ts';
import { documentRoutesPlugin } from './documents.routes.ts';
import { createDocumentsService, type LegalLinesOf } from './documents.service.ts';
import { seedDemoDocuments } from './seed-demo-documents.ts';
import { seedDemoRequirements } from './seed-demo-requirements.ts';

/**
 * Documents (issue 16 point 4): the organisation's documents with their versions and who reads
 * them, each learner's papers (a convocation generated per enrolment, what staff upload for them,
 * their attendance), files stored through the files module; and the documents the platform requires
 * of organisations and learners, with the admins' reviews (issue 17 point 3).
 */
export { exportDocumentsPersonalData } from './documents.personal-data.ts';
export function createDocumentsModule(deps: {
  database: Database;
  files: FilesService;
  /** The organisations module's legal lines, printed on convocations. */
  legalLinesOf: LegalLinesOf;
  /** Admins' changes to requirements and their reviews are written to the audit log. */
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}) {
  const { database, now } = deps;
  const service = createDocumentsService({ database, legalLinesOf: deps.legalLinesOf, now });
  const requirements = createDocumentRequirementsService({ database, audit: deps.audit, now });
  const routes: FastifyPluginAsync = (app) =>
    documentRoutesPlugin(app, { documents: service, requirements, now });
  return {
    service,
    requirements,
    routes,
    /** Adds the documents' files to another domain's file policy (reads and the orphan sweep). */
    fileAccess: (base: FileAccessPolicy) => createDocumentFileAccess({ database, base }),
    seedDemo: (input: Parameters<typeof seedDemoDocuments>[1]) =>
      seedDemoDocuments({ database, files: deps.files, service }, input),
    /** After the documents: the platform's requirements and the demo admin's reviews. */
    seedDemoRequirements: (input: Parameters<typeof seedDemoRequirements>[1]) =>
      seedDemoRequirements({ database, requirements }, input),
  };
}
