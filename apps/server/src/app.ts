import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_LIMITS, TIME_TRACKING } from '@cursus/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { createScheduler, type Scheduler } from './lib/scheduler.ts';
import { createLocalStorage } from './lib/storage.ts';
import { authRoutesPlugin } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCourseContentService } from './modules/courses/course-content.service.ts';
import { createCourseFileAccess } from './modules/courses/course-file-access.ts';
import { courseRoutesPlugin } from './modules/courses/courses.routes.ts';
import { createCoursesService } from './modules/courses/courses.service.ts';
import { createEnrollmentsService } from './modules/courses/enrollments.service.ts';
import { learningRoutesPlugin } from './modules/courses/learning.routes.ts';
import { createLearningService } from './modules/courses/learning.service.ts';
import { createMailer, type Mailer } from './modules/email/email.service.ts';
import { fileRoutesPlugin } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { notificationRoutesPlugin } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { organizationRoutesPlugin } from './modules/organizations/organizations.routes.ts';
import { createOrganizationsService } from './modules/organizations/organizations.service.ts';
import { systemRoutesPlugin } from './modules/system/system.routes.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { createConnectionLogsService } from './modules/time-tracking/connection-logs.service.ts';
import { createDashboardService } from './modules/time-tracking/dashboard.service.ts';
import { createIntegrityService, INTEGRITY_JOB } from './modules/time-tracking/integrity.service.ts';
import { createSyncSessions } from './modules/time-tracking/sync-sessions.ts';
import { createTimeIssueReporter } from './modules/time-tracking/time-issues.ts';
import { timeTrackingRoutesPlugin } from './modules/time-tracking/time-tracking.routes.ts';
import { createTimeTrackingService } from './modules/time-tracking/time-tracking.service.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
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

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  // Browser journeys move the server's clock (env.ts refuses TEST_CLOCK in production).
  const testClock = env.TEST_CLOCK ? createTestClock() : null;
  const clockNow = testClock?.now ?? options.now;
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // External plugins
  await app.register(fastifyCookie);
  // Uploads: one file per request, at most the largest purpose's limit (each route checks its own).
  await app.register(fastifyMultipart, {
    limits: { fileSize: FILE_LIMITS.video.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  await registerSecurity(app, env.APP_URL);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Cursus API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Our services and plugins
  const mailer =
    options.mailer ??
    createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log });
  const organizations = createOrganizationsService({ database, adminEmails: env.ADMIN_EMAILS });
  const notifications = createNotificationsService({ database, listStaffIds: organizations.listStaffIds });
  const authService = createAuthService({
    database,
    secret: options.secret,
    appUrl: env.APP_URL,
    mailer,
    organizations,
    now: clockNow,
  });
  registerSession(app, authService);
  app.decorate('services', { mailer, organizations, authService, notifications });

  // Modules
  const system = createSystemService({ database, now: clockNow });
  if (testClock) {
    // The scheduler is created below; the route calls it only once the server is up.
    await app.register(testClockRoutesPlugin, { clock: testClock, runDueJobs: () => scheduler.tick() });
  }
  await app.register(systemRoutesPlugin, {
    database,
    smtp: Boolean(env.SMTP_URL),
    system,
    supportEmail: env.SUPPORT_EMAIL,
  });
  await app.register(authRoutesPlugin, {
    authService,
    secure: env.APP_URL.startsWith('https://'),
    onSignIn: (user, request) =>
      system.recordSignIn(user, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  });
  await app.register(organizationRoutesPlugin, { organizations });
  await app.register(notificationRoutesPlugin, { notifications });
  const files = createFilesService({
    database,
    storage: createLocalStorage(path.join(path.resolve(env.DATA_DIR), 'files')),
  });
  const learning = createLearningService({ database });
  const courses = createCoursesService({ database });
  await app.register(courseRoutesPlugin, {
    courses,
    content: createCourseContentService({ database, files }),
    enrollments: createEnrollmentsService({ database }),
  });
  await app.register(learningRoutesPlugin, { learning });
  await app.register(fileRoutesPlugin, { files, access: createCourseFileAccess({ database, learning }) });
  const now = clockNow ?? (() => new Date());
  const timeIssues = createTimeIssueReporter({ system, notifications, organizations, log: app.log });
  const timeTracking = createTimeTrackingService({
    database,
    issues: timeIssues,
    organizations,
    learning,
    now,
  });
  const integrity = createIntegrityService({ database, issues: timeIssues, now });
  await app.register(timeTrackingRoutesPlugin, {
    database,
    timeTracking,
    integrity,
    syncSessions: createSyncSessions({ database, issues: timeIssues, learning, now }),
    getDashboard: createDashboardService({ database, timeTracking, learning, now }),
    connectionLogs: createConnectionLogsService({ database, organizations, system, courses }),
    issues: timeIssues,
    now,
  });

  // Background jobs (ADR 004): main.ts starts the scheduler; tests call tick() with their clock.
  const scheduler = createScheduler({
    jobs: [
      {
        name: INTEGRITY_JOB,
        intervalMs: TIME_TRACKING.integrityCheckIntervalMs,
        run: (at) => integrity.runIntegrityCheck(at),
      },
    ],
    store: { claim: system.claimJobRun, finish: system.finishJobRun },
    now,
    log: app.log,
  });
  app.decorate('scheduler', scheduler);
  app.decorate('timeTracking', { service: timeTracking, integrity });

  // The SPA: files from the build, index.html for every other page path (history fallback).
  const webDist = options.webDist ?? WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
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
    await mailer.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      mailer: Mailer;
      organizations: ReturnType<typeof createOrganizationsService>;
      authService: ReturnType<typeof createAuthService>;
      notifications: ReturnType<typeof createNotificationsService>;
    };
    scheduler: Scheduler;
    timeTracking: {
      service: ReturnType<typeof createTimeTrackingService>;
      integrity: ReturnType<typeof createIntegrityService>;
    };
  }
}
