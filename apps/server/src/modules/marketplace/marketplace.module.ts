import type { FastifyPluginAsync } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { FilesService } from '../files/files.module.ts';
import { marketplaceRoutesPlugin } from './marketplace.routes.ts';
import { createMarketplaceService, type FormationCopies } from './marketplace.service.ts';
import { seedDemoMarketplace } from './seed-demo-marketplace.ts';

/**
 * The marketplace (issue 16 point 8): formation templates shared as snapshots by the platform and
 * by organisations, previewed and imported as draft copies. Formations are read and written
 * through the courses module, their files copied through the files module.
 */
export function createMarketplaceModule(deps: {
  database: Database;
  courses: FormationCopies;
  files: FilesService;
  organizationNames: (tx: Tx, organizationIds: string[]) => Promise<Map<string, string>>;
  now: () => Date;
}) {
  const service = createMarketplaceService(deps);
  const routes: FastifyPluginAsync = (app) => marketplaceRoutesPlugin(app, { marketplace: service });
  return {
    service,
    routes,
    seedDemo: (input: Parameters<typeof seedDemoMarketplace>[1]) =>
      seedDemoMarketplace({ database: deps.database, service }, input),
  };
}
