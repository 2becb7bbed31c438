import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { FileAccessPolicy } from '../files/files.module.ts';
import { createRegisterFileAccess } from './register-file-access.ts';
import { registersRoutesPlugin } from './registers.routes.ts';
import { createRegistersService } from './registers.service.ts';
import { seedDemoRegisters } from './seed-demo-registers.ts';

export type { RegisterFile, RegistersEvidence } from './registers-evidence.ts';

/**
 * The Qualiopi registers (issue 17 point 2): complaints and difficulties (indicator 31), improvement
 * actions of the organisations and of the platform (32), and the watch registers (23, 24, 25).
 * The compliance module reads `service.evidenceOf` and `service.exportFiles` in its own tenant
 * transaction: `(tx, organizationId)`.
 */
export function createRegistersModule(deps: {
  database: Database;
  audit: Pick<AuditService, 'record'>;
  /** The organisations module's staff of an organisation (trainers and admins). */
  staffIdsOf: (organizationId: string) => Promise<string[]>;
  adminEmails: readonly string[];
  now: () => Date;
}) {
  const service = createRegistersService(deps);
  const routes: FastifyPluginAsync = (app) => registersRoutesPlugin(app, { registers: service });
  return {
    service,
    routes,
    /** Keeps improvement actions' closure evidence out of the orphan sweep. */
    fileAccess: (base: FileAccessPolicy) => createRegisterFileAccess({ database: deps.database, base }),
    seedDemo: (input: Parameters<typeof seedDemoRegisters>[1]) =>
      seedDemoRegisters({ database: deps.database }, input),
  };
}
