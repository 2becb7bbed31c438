import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { LearningService } from '../courses/courses.module.ts';
import type { EmailService } from '../email/email.module.ts';
import type { TimeTrackingService } from '../time-tracking/time-tracking.module.ts';
import { listLearnerSignatures } from './learner-signatures.ts';
import { seedDemoSignatures } from './seed-demo-signatures.ts';
import { signatureRoutesPlugin } from './signatures.routes.ts';
import { createSignaturesService } from './signatures.service.ts';

export { signaturePath } from './signature-rows.ts';
export { exportSignaturesPersonalData } from './signatures.personal-data.ts';
export type { SignaturesService } from './signatures.service.ts';

/** Certified signatures (issue 15 point 3): learners sign completed formations and modules. */
export function createSignaturesModule(deps: {
  database: Database;
  learning: Pick<LearningService, 'getCourse'>;
  /** The time-tracking module's read of learners' time on a formation. */
  courseTimeOf: TimeTrackingService['courseTimeOf'];
  email: Pick<EmailService, 'sendToUser'>;
  now: () => Date;
}) {
  const { database } = deps;
  const service = createSignaturesService(deps);
  const routes: FastifyPluginAsync = (app) => signatureRoutesPlugin(app, { signatures: service });
  return {
    service,
    routes,
    /** One learner's signatures, for the learners module's record. */
    listLearnerSignatures,
    seedDemo: (input: Parameters<typeof seedDemoSignatures>[1]) => seedDemoSignatures({ database }, input),
  };
}
