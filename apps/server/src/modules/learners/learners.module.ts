import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import { learnerRoutesPlugin } from './learners.routes.ts';
import { createLearnersService, type LearnerSources } from './learners.service.ts';
import { learnerRecords } from './learners.tables.ts';
import { seedDemoLearners } from './seed-demo-learners.ts';

export { eraseLearnerRecord, exportLearnersPersonalData } from './learners.personal-data.ts';
export type { LearnerSources } from './learners.service.ts';

/**
 * The organisation's learners (issue 16 point 2): the list, invitations, the CSV import, each
 * learner's record composed from the other modules, and the administrative info.
 */
export function createLearnersModule(deps: {
  database: Database;
  secret: string;
  adminEmails: readonly string[];
  organizations: OrganizationsService;
  sources: LearnerSources;
  now: () => Date;
}) {
  const service = createLearnersService(deps);
  /** Who employs the learner, from their administrative info (the certificat de réalisation prints it). */
  async function employerOf(tx: Tx, organizationId: string, studentId: string): Promise<string | null> {
    const [row] = await tx
      .select({ employer: learnerRecords.employer })
      .from(learnerRecords)
      .where(and(eq(learnerRecords.organizationId, organizationId), eq(learnerRecords.studentId, studentId)));
    return row?.employer ?? null;
  }
  const routes: FastifyPluginAsync = (app) => learnerRoutesPlugin(app, { learners: service });
  return {
    service,
    employerOf,
    routes,
    seedDemo: (input: Parameters<typeof seedDemoLearners>[1]) => seedDemoLearners({ service }, input),
  };
}
