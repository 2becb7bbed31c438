import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { FileAccessPolicy, FilesService } from '../files/files.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { createExerciseFileAccess } from './exercise-file-access.ts';
import { exerciseRoutesPlugin } from './exercises.routes.ts';
import { createExercisesService } from './exercises.service.ts';
import { seedDemoExercises } from './seed-demo-exercises.ts';

/** Practical work (issue 13 point 6): trainers set it on a formation or module, learners hand it in. */
export function createExercisesModule(deps: {
  database: Database;
  files: FilesService;
  notifications: NotificationsService;
  /** The organisations module's answer: who the trainers and admins of an organisation are. */
  listStaffIds: (organizationId: string) => Promise<string[]>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, files } = deps;
  const service = createExercisesService(deps);
  const routes: FastifyPluginAsync = (app) => exerciseRoutesPlugin(app, { exercises: service, files });
  return {
    service,
    routes,
    /** Adds the files handed in to the formations' file policy (reads and the orphan sweep). */
    fileAccess: (base: FileAccessPolicy) =>
      createExerciseFileAccess({ database, base, listStaffIds: deps.listStaffIds }),
    seedDemo: (input: Parameters<typeof seedDemoExercises>[1]) => seedDemoExercises({ database }, input),
  };
}
