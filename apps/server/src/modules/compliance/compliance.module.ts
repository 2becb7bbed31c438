import type { SessionUser } from '@cursus/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { FileAccessPolicy, FilesService } from '../files/files.module.ts';
import { complianceRoutesPlugin } from './compliance.routes.ts';
import {
  type AttendanceSheetsSource,
  createComplianceService,
  type RegistersSource,
} from './compliance.service.ts';
import { createEvidenceFileAccess } from './evidence-file-access.ts';
import { seedDemoCompliance } from './seed-demo-compliance.ts';

/**
 * Qualiopi compliance (issue 17 point 1): the national quality framework's indicators that apply to
 * the organisation, the evidence the platform already holds for each (read from the other domains'
 * records), uploaded evidence, the readiness score and the audit pack.
 */
export function createComplianceModule(deps: {
  database: Database;
  files: FilesService;
  /** The registers module's figures and CSVs (indicators 23 to 25, 31, 32). */
  registers: RegistersSource;
  /** The attendance module's signed sheets (indicator 12's folder of the audit pack). */
  attendanceSheets: AttendanceSheetsSource;
  /** Audit pack downloads go to the audit trail (issue 19). */
  audit: Pick<AuditService, 'recordEvent'>;
  now: () => Date;
}) {
  const service = createComplianceService(deps);
  const routes: FastifyPluginAsync = (app) =>
    complianceRoutesPlugin(app, { compliance: service, audit: deps.audit, now: deps.now });
  return {
    service,
    routes,
    /** Adds evidence files to another domain's file policy (reads and the orphan sweep). */
    fileAccess: (base: FileAccessPolicy) =>
      createEvidenceFileAccess({
        base,
        isEvidenceFile: service.isEvidenceFile,
        fileIdsInUse: service.fileIdsInUse,
      }),
    seedDemo: (input: { organizationId: string; trainer: SessionUser; now: Date }) =>
      seedDemoCompliance({ database: deps.database, files: deps.files, service }, input),
  };
}
