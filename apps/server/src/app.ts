import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_LIMITS } from '@cursus/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { recordRouteTable } from './lib/route.ts';
import { createScheduler, type Scheduler } from './lib/scheduler.ts';
import { createAchievementsModule } from './modules/achievements/achievements.module.ts';
import { createAuthModule, createVerifiedEmails } from './modules/auth/auth.module.ts';
import { createCoursesModule } from './modules/courses/courses.module.ts';
import { createEmailModule, type Mailer } from './modules/email/email.module.ts';
import { createExercisesModule } from './modules/exercises/exercises.module.ts';
import { createFilesModule } from './modules/files/files.module.ts';
import { createNotificationsModule } from './modules/notifications/notifications.module.ts';
import { createOrganizationsModule } from './modules/organizations/organizations.module.ts';
import { createPositioningAttachment, createQuizzesModule } from './modules/quizzes/quizzes.module.ts';
import { createSystemModule } from './modules/system/system.module.ts';
import { createTimeTrackingModule } from './modules/time-tracking/time-tracking.module.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { withRedactedRequests } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSession } from './plugins/session.ts';
import { createStaticCacheHeaders } from './plugins/static-cache.ts';
import { createTestClock, testClockRoutesPlugin } from './plugins/test-clock.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  env: Env;
  database: Database;
  secret: string;
  logger?: FastifyServerOptions['logger'];
  /** Injected in tests: a mail transport to fail on purpose, a clock to move. */
  mailer?: Mailer;
  now?: () => Date;
  webDist?: string;
}

/** Every module, built in dependency order: each is handed the services of those before it. */
function createModules(options: AppOptions, log: FastifyBaseLogger, clockNow: (() => Date) | undefined) {
  const { env, database } = options;
  const now = clockNow ?? (() => new Date());
  const email = createEmailModule({
    database,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    log,
    mailer: options.mailer,
  });
  const system = createSystemModule({
    database,
    smtp: Boolean(env.SMTP_URL),
    supportEmail: env.SUPPORT_EMAIL,
    now: clockNow,
    benchBaseline: env.BENCH_BASELINE,
  });
  // Roles need the accounts' verified addresses, which the auth module (built later) owns.
  const organizations = createOrganizationsModule({
    database,
    adminEmails: env.ADMIN_EMAILS,
    verifiedEmails: createVerifiedEmails(database),
  });
  const notifications = createNotificationsModule({ database, organizations: organizations.service });
  // Before the modules whose events earn badges (sign-in, time, completions, quizzes).
  const achievements = createAchievementsModule({ database, notifications: notifications.service, log });
  const auth = createAuthModule({
    database,
    secret: options.secret,
    appUrl: env.APP_URL,
    mailer: email.service,
    organizations: organizations.service,
    system: system.service,
    achievements: achievements.service,
    attachPositioning: createPositioningAttachment(database),
    now: clockNow,
  });
  const files = createFilesModule({ database, dataDir: env.DATA_DIR, now, log });
  const courses = createCoursesModule({
    database,
    organizations: organizations.service,
    files: files.service,
    achievements: achievements.service,
  });
  const exercises = createExercisesModule({
    database,
    files: files.service,
    notifications: notifications.service,
    listStaffIds: organizations.service.listStaffIds,
    now,
    log,
  });
  // Who may read a stored file: the formations' rules, plus the files handed in for exercises.
  const fileAccess = exercises.fileAccess(courses.fileAccess);
  const quizzes = createQuizzesModule({
    database,
    organizations: organizations.service,
    courses: courses.service,
    achievements: achievements.service,
    now,
    log,
    mailer: email.service,
    appUrl: env.APP_URL,
  });
  const timeTracking = createTimeTrackingModule({
    database,
    organizations: organizations.service,
    notifications: notifications.service,
    system: system.service,
    courses: courses.service,
    learning: courses.learning,
    achievements: achievements.service,
    now,
    log,
  });
  return {
    email,
    system,
    organizations,
    notifications,
    auth,
    // The orphan sweep asks the domain that uses files which ones it still uses.
    files: { ...files, jobs: files.jobsFor(fileAccess) },
    fileAccess,
    courses,
    quizzes,
    timeTracking,
    achievements,
    exercises,
  };
}

export type Modules = ReturnType<typeof createModules>;

export interface BuiltApp {
  app: FastifyInstance;
  modules: Modules;
  /** Background jobs (ADR 004): main.ts starts it; tests call tick() with their clock. */
  scheduler: Scheduler;
}

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { env } = options;
  // Browser journeys move the server's clock (env.ts refuses TEST_CLOCK in production).
  const testClock = env.TEST_CLOCK ? createTestClock() : null;
  const clockNow = testClock?.now ?? options.now;
  const app = Fastify({
    // Request lines log the path and the query's names only: emailed links carry tokens there.
    logger: withRedactedRequests(options.logger ?? { level: env.LOG_LEVEL }),
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // The whole request, body included, must arrive within 15 minutes: enough for the largest upload
    // (a 200 MB video, modules/files) at ~230 kB/s, a slow uplink. Node checks it for every request
    // before routing, so one route cannot be exempted; headers alone still have 60 s (headersTimeout).
    requestTimeout: 15 * 60_000,
    // A socket with no traffic either way for 2 minutes is closed. An upload in progress keeps it
    // busy; a request waiting on a database that went away fails long before (db/client.ts timeouts).
    connectionTimeout: 2 * 60_000,
  });
  recordRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const modules = createModules(options, app.log, clockNow);
  const { system, organizations, notifications, auth, files, courses, timeTracking } = modules;
  const scheduler = createScheduler({
    jobs: Object.values(modules).flatMap((module) => ('jobs' in module ? module.jobs : [])),
    store: { claim: system.service.claimJobRun, finish: system.service.finishJobRun },
    now: clockNow,
    log: app.log,
  });

  // External plugins
  await app.register(fastifyCookie);
  // Uploads: one file per request, at most the largest purpose's limit (each route checks its own).
  await app.register(fastifyMultipart, {
    limits: { fileSize: FILE_LIMITS.video.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  await registerSecurity(app, env.APP_URL);
  await registerCompression(app);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Cursus API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Our plugins
  registerSession(app, auth.service);
  if (testClock) {
    await app.register(testClockRoutesPlugin, { clock: testClock, runDueJobs: () => scheduler.tick() });
  }

  // The API, module by module
  await app.register(system.routes);
  await app.register(auth.routes);
  await app.register(organizations.routes);
  await app.register(notifications.routes);
  await app.register(courses.routes);
  await app.register(modules.quizzes.routes);
  await app.register(files.routes, { access: modules.fileAccess });
  await app.register(timeTracking.routes);
  await app.register(modules.achievements.routes);
  await app.register(modules.exercises.routes);

  // The SPA: files from the build, index.html for every other page path (history fallback).
  const webDist = options.webDist ?? WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/build/precompress.ts): the
      // one the browser accepts is sent, with Vary: Accept-Encoding; index.html (sendFile) too.
      preCompressed: true,
      setHeaders: createStaticCacheHeaders(webDist),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing build file (an old chunk after a deploy) is a 404, not the page: a module script
    // answered with HTML only fails later, with a confusing MIME error.
    const isMissingFile = request.url.startsWith('/assets/');
    if (
      request.url.startsWith('/api/') ||
      isMissingFile ||
      !['GET', 'HEAD'].includes(request.method) ||
      !hasWeb
    )
      throw new AppError('NOT_FOUND');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  // Graceful shutdown: requests still in flight finish, but their keep-alive connections must not
  // hold the server open afterwards (Fastify closes only the connections idle at close time).
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    modules.email.service.close();
  });
  return { app, modules, scheduler };
}
