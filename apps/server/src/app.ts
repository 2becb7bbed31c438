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
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { createResponseSerializer } from './lib/response-serializer.ts';
import { recordRouteTable } from './lib/route.ts';
import { createScheduler, type Scheduler } from './lib/scheduler.ts';
import { createAchievementsModule } from './modules/achievements/achievements.module.ts';
import { createAdminModule } from './modules/admin/admin.module.ts';
import { createAnalyticsModule } from './modules/analytics/analytics.module.ts';
import { createAssistantModule, readModelSettings } from './modules/assistant/assistant.module.ts';
import { createAttendanceModule } from './modules/attendance/attendance.module.ts';
import { createAuditModule } from './modules/audit/audit.module.ts';
import {
  createAuthModule,
  createVerifiedEmails,
  INVITATION_LINK_DAYS,
  type PasswordHashing,
  scryptHashing,
} from './modules/auth/auth.module.ts';
import { createCertificatesModule } from './modules/certificates/certificates.module.ts';
import { createComplianceModule } from './modules/compliance/compliance.module.ts';
import {
  createCoursesModule,
  enrollFromFunding,
  isCourseOf,
  unenrollFromFunding,
} from './modules/courses/courses.module.ts';
import { createDocumentsModule } from './modules/documents/documents.module.ts';
import { createEmailModule, type Mailer } from './modules/email/email.module.ts';
import { createEvaluationsModule } from './modules/evaluations/evaluations.module.ts';
import { createExercisesModule } from './modules/exercises/exercises.module.ts';
import { createFilesModule, s3StorageOptionsOf } from './modules/files/files.module.ts';
import { createForumModule } from './modules/forum/forum.module.ts';
import { createFundingWebhooksModule } from './modules/funding-webhooks/funding-webhooks.module.ts';
import { createGroupSessionsModule } from './modules/group-sessions/group-sessions.module.ts';
import { createLearnersModule } from './modules/learners/learners.module.ts';
import { createMarketplaceModule } from './modules/marketplace/marketplace.module.ts';
import { createMessagesModule } from './modules/messages/messages.module.ts';
import { createNotificationsModule } from './modules/notifications/notifications.module.ts';
import { createOrganizationsModule, describePlatform } from './modules/organizations/organizations.module.ts';
import { createPlanningModule } from './modules/planning/planning.module.ts';
import { createPrivacyModule } from './modules/privacy/privacy.module.ts';
import { createQuestionsModule } from './modules/questions/questions.module.ts';
import { createPositioningAttachment, createQuizzesModule } from './modules/quizzes/quizzes.module.ts';
import { createRegistersModule } from './modules/registers/registers.module.ts';
import { createRemindersModule } from './modules/reminders/reminders.module.ts';
import { createSignaturesModule } from './modules/signatures/signatures.module.ts';
import { createSystemModule } from './modules/system/system.module.ts';
import { createTimeTrackingModule } from './modules/time-tracking/time-tracking.module.ts';
import { createTrainersModule } from './modules/trainers/trainers.module.ts';
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
  /** Injected in the API tests: a cheaper cost, see password-hash.ts. */
  passwordHashing?: PasswordHashing;
  webDist?: string;
  /**
   * The API tests': every answer is also checked against its response schema by zod, and its
   * projection held to zod's encoding (lib/response-serializer.ts). Off, answers are projected only.
   */
  checkResponses?: boolean;
}

/** Every module, built in dependency order: each is handed the services of those before it. */
function createModules(options: AppOptions, log: FastifyBaseLogger, clockNow: (() => Date) | undefined) {
  const { env, database } = options;
  const now = clockNow ?? (() => new Date());
  // First: any module an admin can change another organisation's data through records it here.
  const audit = createAuditModule({
    database,
    // Called at request time, once the organisations module exists.
    organizationNames: (tx, ids) => organizations.service.namesOf(tx, ids),
    now,
  });
  const system = createSystemModule({
    database,
    smtp: Boolean(env.SMTP_URL),
    supportEmail: env.SUPPORT_EMAIL,
    dataDir: env.DATA_DIR,
    audit: audit.service,
    // Called at request time, once the organisations module exists.
    organizationNames: (tx, ids) => organizations.service.namesOf(tx, ids),
    log,
    now: clockNow,
    benchBaseline: env.BENCH_BASELINE,
  });
  // Before the organisations: their logo and Qualiopi certificate are stored files.
  const files = createFilesModule({ database, dataDir: env.DATA_DIR, s3: s3StorageOptionsOf(env), now, log });
  // Roles need the accounts' verified addresses, which the auth module (built later) owns.
  const organizations = createOrganizationsModule({
    database,
    adminEmails: env.ADMIN_EMAILS,
    verifiedEmails: createVerifiedEmails(database),
    files: files.service,
    audit: audit.service,
    platform: describePlatform(env, database.kind),
    now,
  });
  // After the organisations: sendToUser looks up each recipient's address, name and language there.
  const email = createEmailModule({
    database,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    log,
    mailer: options.mailer,
    secret: options.secret,
    appUrl: env.APP_URL,
    supportEmail: env.SUPPORT_EMAIL,
    loadUser: organizations.service.loadUser,
  });
  const notifications = createNotificationsModule({ database, organizations: organizations.service, log });
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
    audit: audit.service,
    adminsRequireTwoFactor: env.MFA_REQUIRED_FOR_ADMINS,
    attachPositioning: createPositioningAttachment(database),
    passwordHashing: options.passwordHashing ?? scryptHashing(),
    log,
    now: clockNow,
  });
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
  const questions = createQuestionsModule({
    database,
    notifications: notifications.service,
    email: email.service,
    listStaffIds: organizations.service.listStaffIds,
    now,
    log,
  });
  const forum = createForumModule({
    database,
    notifications: notifications.service,
    listStaffIds: organizations.service.listStaffIds,
    now,
    log,
  });
  const messages = createMessagesModule({
    database,
    files: files.service,
    notifications: notifications.service,
    organizations: organizations.service,
    now,
    log,
  });
  const timeTracking = createTimeTrackingModule({
    database,
    organizations: organizations.service,
    notifications: notifications.service,
    system: system.service,
    courses: courses.service,
    learning: courses.learning,
    achievements: achievements.service,
    audit: audit.service,
    now,
    log,
  });
  const groupSessions = createGroupSessionsModule({
    database,
    organizations: organizations.service,
    email: email.service,
    notifications: notifications.service,
    now,
    log,
  });
  // Session quizzes read their sessions through the group-sessions module.
  const quizzes = createQuizzesModule({
    database,
    organizations: organizations.service,
    courses: courses.service,
    groupSessions: groupSessions.service,
    achievements: achievements.service,
    email: email.service,
    now,
    log,
    mailer: email.service,
    appUrl: env.APP_URL,
  });
  // Attendance reads sessions through the group-sessions module; a signing link is an email nobody
  // can turn off (the organisation needs the signature as evidence).
  const attendance = createAttendanceModule({
    database,
    groupSessions: groupSessions.service,
    files: files.service,
    achievements: achievements.service,
    audit: audit.service,
    loadUserName: async (userId) => (await organizations.service.loadUser(userId))?.fullName ?? null,
    sendSigningLink: (message) =>
      email.service.sendRequiredToUser({
        userId: message.userId,
        template: 'attendance-signing-link',
        data: {
          url: new URL(message.path, env.APP_URL).toString(),
          course: message.sessionTitle,
          expiresAt: message.expiresAt,
        },
      }),
    secret: options.secret,
    appUrl: env.APP_URL,
    now,
    log,
  });
  // The planning moves sessions through the group-sessions module and asks attendance which have
  // signatures; its feed reads each holder's calendar as them.
  const planning = createPlanningModule({
    database,
    groupSessions: groupSessions.service,
    isSigned: attendance.service.isSigned,
    loadUser: organizations.service.loadUser,
    secret: options.secret,
    appUrl: env.APP_URL,
    now,
  });
  const certificates = createCertificatesModule({
    database,
    files: files.service,
    notifications: notifications.service,
    log,
    legalLinesOf: organizations.settings.legalLinesOf,
    // Called at issue time, once every module exists.
    employerOf: (tx, organizationId, studentId) => learners.employerOf(tx, organizationId, studentId),
    courseTimeOf: timeTracking.service.courseTimeOf,
    attendedTimeOf: async (tx, courseId, studentIds) =>
      attendance.service.attendedTimeOf(
        tx,
        await groupSessions.service.sessionIdsOfCourse(tx, courseId),
        studentIds,
      ),
    appUrl: env.APP_URL,
    now,
  });
  const documents = createDocumentsModule({
    database,
    files: files.service,
    legalLinesOf: organizations.settings.legalLinesOf,
    audit: audit.service,
    now,
  });
  // Who may read a stored file: the formations' rules, plus the files handed in for exercises,
  // certificates' PDFs (their learner's), documents (those shared with the reader), the
  // organisation's logo (every member's), and messages' attachments (their conversation's two
  // people only, decided before the others).
  // Trainers' CVs and diplomas: their organisation's staff only, never a learner.
  const trainers = createTrainersModule({
    database,
    auth: { inviteAccounts: auth.inviteAccounts, renewInvitation: auth.service.renewInvitation },
    mailer: email.service,
    files: files.service,
    verifiedEmails: createVerifiedEmails(database),
    invitationLinkDays: INVITATION_LINK_DAYS,
    audit: audit.service,
    now,
  });
  // The Qualiopi registers: handlers and owners are the organisation's staff (organisations module);
  // admins' writes on the platform's improvement actions go to the audit log.
  const registers = createRegistersModule({
    database,
    audit: audit.service,
    staffIdsOf: organizations.service.listStaffIds,
    adminEmails: env.ADMIN_EMAILS,
    now,
  });
  // Qualiopi compliance reads the other domains' records in aggregate, and the registers' figures
  // and CSVs through that module; its evidence files are staff-only.
  const compliance = createComplianceModule({
    database,
    files: files.service,
    registers: registers.service,
    attendanceSheets: attendance,
    audit: audit.service,
    now,
  });
  const fileAccess = compliance.fileAccess(
    registers.fileAccess(
      messages.fileAccess(
        trainers.fileAccess(
          organizations.fileAccess(
            documents.fileAccess(
              certificates.fileAccess(attendance.fileAccess(exercises.fileAccess(courses.fileAccess))),
            ),
          ),
        ),
      ),
    ),
  );
  const signatures = createSignaturesModule({
    database,
    learning: courses.learning,
    courseTimeOf: timeTracking.service.courseTimeOf,
    email: email.service,
    now,
  });
  // Reminders read the formations and the time they own, and mail through the email module; the
  // missing-signature job asks the signatures module which completions are still unsigned.
  const reminders = createRemindersModule({
    database,
    courses: courses.service,
    signatures: signatures.service,
    lastActivityOf: timeTracking.service.lastActivityOf,
    email: email.service,
  });
  // Templates are read from and written to formations through the courses module, their files
  // copied through the files module.
  const marketplace = createMarketplaceModule({
    database,
    courses: courses.copies,
    files: files.service,
    organizationNames: organizations.service.namesOf,
    now,
  });
  // Hot and cold questionnaires follow the formations' completions (courses module); learners'
  // invitations go to the address and language the organisations module knows.
  const evaluations = createEvaluationsModule({
    database,
    courses: courses.service,
    email: email.service,
    loadRecipient: organizations.service.loadUser,
    secret: options.secret,
    appUrl: env.APP_URL,
    supportEmail: env.SUPPORT_EMAIL,
    now,
  });
  // The dashboard and analytics read every domain's records in aggregate; satisfaction comes from
  // the evaluations' questionnaires.
  const analytics = createAnalyticsModule({
    database,
    now,
    satisfactionOf: evaluations.service.satisfactionSummary,
  });
  // A learner's record composes what each domain keeps about them; accounts come from the auth
  // module, enrolments from the courses module, the invitation through the email module.
  const learners = createLearnersModule({
    database,
    secret: options.secret,
    adminEmails: env.ADMIN_EMAILS,
    organizations: organizations.service,
    sources: {
      ...courses.learnerEnrollments,
      enrollmentsOf: courses.learnerEnrollments.listFor,
      ...timeTracking.learnerTime,
      timeOf: timeTracking.learnerTime.totalsFor,
      signInCount: system.service.signInsFragments.count,
      attemptsOf: quizzes.listLearnerAttempts,
      signaturesOf: signatures.listLearnerSignatures,
      attendanceOf: attendance.listLearnerAttendance,
      certificatesOf: certificates.listLearnerCertificates,
      courseTitlesOf: courses.learnerEnrollments.titlesIn,
      emailVerifiedOf: async (userId) => (await createVerifiedEmails(database)([userId])).has(userId),
      enroll: (actor, courseId, studentIds) => courses.enrollments.enroll(actor, courseId, { studentIds }),
      inviteAccounts: auth.inviteAccounts,
      sendInvitations: ({ language, organizationName, recipients }) =>
        email.service.sendMany({
          template: 'learner-invitation',
          language,
          data: {
            organization: organizationName ?? undefined,
            expiresAt: new Date(now().getTime() + INVITATION_LINK_DAYS * 24 * 60 * 60 * 1000),
          },
          recipients,
        }),
    },
    now,
  });
  // The admin space's organisations: onboarding invites through the trainers module, assigned
  // formations are copied through the courses and files modules, every change goes to the audit log.
  const admin = createAdminModule({
    database,
    audit: audit.service,
    trainers: trainers.service,
    courses: courses.copies,
    files: files.service,
    adminEmails: env.ADMIN_EMAILS,
    now,
  });
  // The funding platform's registration folders place learners through the learners module (invited
  // like any learner) and enrol them in the webhook job's transaction through the courses module.
  const fundingWebhooks = createFundingWebhooksModule({
    database,
    secretKey: env.FUNDING_WEBHOOK_SECRET ?? options.secret,
    audit: audit.service,
    sources: {
      placeLearner: learners.service.placeFromIntegration,
      organizationNames: organizations.service.namesOf,
      courseTitles: courses.learnerEnrollments.titlesIn,
      isCourseOf,
      enroll: enrollFromFunding,
      unenroll: unenrollFromFunding,
    },
    now,
    log,
  });
  // The assistants read the user's own records through their modules, as the user.
  const assistant = createAssistantModule({
    database,
    sources: {
      progressionOf: courses.learning.progression,
      upcomingSessionsOf: async (actor) =>
        (await groupSessions.service.listMine(actor, { when: 'upcoming', pageSize: 5 })).items,
      questionsOf: async (actor) => (await questions.service.listMine(actor, { pageSize: 5 })).items,
      dashboardOf: analytics.service.dashboard,
      complianceOf: compliance.service.report,
    },
    model: readModelSettings(env),
    now,
    log,
  });
  // GDPR export and erasure read and erase through each module's personal-data functions; the files
  // they name are read through the files module.
  const privacy = createPrivacyModule({ database, files: files.service, audit: audit.service, now, log });
  return {
    email,
    reminders,
    evaluations,
    system,
    audit,
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
    questions,
    forum,
    messages,
    signatures,
    groupSessions,
    attendance,
    certificates,
    planning,
    trainers,
    learners,
    documents,
    marketplace,
    analytics,
    admin,
    registers,
    compliance,
    fundingWebhooks,
    assistant,
    privacy,
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
  app.setSerializerCompiler(createResponseSerializer({ check: options.checkResponses ?? false }));
  registerErrorHandler(app);
  const modules = createModules(options, app.log, clockNow);
  const { system, organizations, notifications, auth, files, courses, timeTracking } = modules;
  // Response times for the SPEC 9 monitoring and the health page (system module).
  app.addHook('onSend', system.responseTimes.onSend);
  const jobs = Object.values(modules).flatMap((module) => ('jobs' in module ? module.jobs : []));
  const scheduler = createScheduler({
    jobs,
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
  // Every audit event recorded while a request is served says where it came from (issue 19).
  app.addHook('onRequest', modules.audit.service.rememberOrigin);
  // The dashboard and the analytics keep their figures a minute: a change the staff make shows there at once.
  app.addHook('onSend', modules.analytics.service.forgetOnStaffChange);
  if (testClock) {
    await app.register(testClockRoutesPlugin, { clock: testClock, runDueJobs: () => scheduler.tick() });
  }

  // The API, module by module
  await app.register(system.routes, {
    health: {
      jobs,
      outboxStatus: modules.email.outboxStatus,
      probeStorage: files.probeStorage,
      storageKind: env.S3_BUCKET ? 's3' : 'local',
    },
  });
  await app.register(auth.routes);
  await app.register(organizations.routes);
  await app.register(notifications.routes);
  await app.register(courses.routes);
  await app.register(modules.quizzes.routes);
  await app.register(files.routes, { access: modules.fileAccess });
  await app.register(timeTracking.routes);
  await app.register(modules.achievements.routes);
  await app.register(modules.exercises.routes);
  await app.register(modules.email.routes);
  await app.register(modules.questions.routes);
  await app.register(modules.forum.routes);
  await app.register(modules.groupSessions.routes);
  await app.register(modules.attendance.routes);
  await app.register(modules.certificates.routes);
  await app.register(modules.planning.routes);
  await app.register(modules.trainers.routes);
  await app.register(modules.learners.routes);
  await app.register(modules.documents.routes);
  await app.register(modules.marketplace.routes);
  await app.register(modules.messages.routes);
  await app.register(modules.signatures.routes);
  await app.register(modules.evaluations.routes);
  await app.register(modules.analytics.routes);
  await app.register(modules.audit.routes);
  await app.register(modules.admin.routes);
  await app.register(modules.registers.routes);
  await app.register(modules.compliance.routes);
  await app.register(modules.fundingWebhooks.routes);
  await app.register(modules.assistant.routes);
  await app.register(modules.privacy.routes);

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
    await modules.notifications.closeStreams();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await system.responseTimes
      .close()
      .catch((error) => app.log.error({ err: error }, 'response times not recorded'));
    modules.email.service.close();
  });
  return { app, modules, scheduler };
}
