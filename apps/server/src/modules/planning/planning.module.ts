import type { SessionUser } from '@cursus/contracts';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { GroupSessionsService } from '../group-sessions/group-sessions.module.ts';
import { planningRoutesPlugin } from './planning.routes.ts';
import { createPlanningService } from './planning.service.ts';
import { seedDemoPlanning } from './seed-demo-planning.ts';

/**
 * Planning (issue 16 point 7): the organisation's calendar of group sessions and formation dates,
 * rescheduling through the group-sessions module, and each person's private iCalendar feed.
 */
export function createPlanningModule(deps: {
  database: Database;
  groupSessions: Pick<GroupSessionsService, 'update'>;
  isSigned: (sessionId: SQLWrapper) => SQL<boolean>;
  loadUser: (userId: string) => Promise<Omit<SessionUser, 'emailVerified'> | null>;
  secret: string;
  appUrl: string;
  now: () => Date;
}) {
  const service = createPlanningService(deps);
  const routes: FastifyPluginAsync = (app) => planningRoutesPlugin(app, { planning: service });
  return {
    service,
    routes,
    seedDemo: (input: Parameters<typeof seedDemoPlanning>[1]) =>
      seedDemoPlanning({ database: deps.database }, input),
  };
}
