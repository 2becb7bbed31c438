import type { SessionUser } from '@cursus/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { Mailer } from '../email/email.module.ts';
import type { FileAccessPolicy, FilesService } from '../files/files.module.ts';
import { seedDemoTrainers } from './seed-demo-trainers.ts';
import { createTrainerFileAccess } from './trainer-file-access.ts';
import { trainerRoutesPlugin } from './trainers.routes.ts';
import { createTrainersService, type Invitations, type VerifiedEmails } from './trainers.service.ts';

/**
 * The organisation's team of trainers (issue 16 point 3): roles within the organisation, invitations,
 * each trainer's record with their formations, group sessions, CV and diplomas.
 */
export function createTrainersModule(deps: {
  database: Database;
  auth: Invitations;
  mailer: Pick<Mailer, 'send'>;
  files: FilesService;
  verifiedEmails: VerifiedEmails;
  invitationLinkDays: number;
  audit: Pick<AuditService, 'recordEvent'>;
  now: () => Date;
}) {
  const service = createTrainersService(deps);
  const routes: FastifyPluginAsync = (app) =>
    trainerRoutesPlugin(app, { trainers: service, files: deps.files });
  return {
    service,
    routes,
    /** Adds trainers' documents to another domain's file policy (reads and the orphan sweep). */
    fileAccess: (base: FileAccessPolicy) =>
      createTrainerFileAccess({
        base,
        fileIdsInUse: service.fileIdsInUse,
        isTrainerDocument: service.isTrainerDocument,
      }),
    seedDemo: (input: { organizationId: string; manager: SessionUser; trainer: SessionUser; now: Date }) =>
      seedDemoTrainers({ database: deps.database, files: deps.files, service }, input),
  };
}
