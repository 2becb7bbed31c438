import * as contracts from '@cursus/contracts';
import { canEnterSpace, type RouteAccess } from '@cursus/contracts';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from './helper.ts';
import {
  type AccessWorld,
  type Caller,
  createAccessWorld,
  type IdKind,
  multipart,
  PDF,
} from './route-access-world.ts';

interface TableRoute {
  method: string;
  url: string;
  options: RouteOptions;
}
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * Routes registered by plugins that cannot carry our config, and why anyone may call them. Every
 * other route must declare its access (`route()` does it from the contract), or the first test fails.
 */
const PUBLIC_WITHOUT_DECLARATION: { matches: (url: string) => boolean; reason: string }[] = [
  {
    matches: (url) => url === '/api/docs' || url.startsWith('/api/docs/'),
    reason: "@fastify/swagger-ui's viewer and the OpenAPI description: the API's shape, never its data",
  },
  {
    matches: (url) => !url.startsWith('/api/'),
    reason:
      "@fastify/static's files of the built SPA: registerSession reads the session under /api/ only, so no caller is known there",
  },
];

/**
 * Public routes whose path parameter is a secret handed to its holder, never an id anyone could list:
 * what they answer is meant for whoever holds it, so organisation A's data in that answer is no leak.
 */
const SECRET_IN_PATH: Record<string, string> = {
  'GET /api/certificates/verify/:code':
    "a certificate's verification code, printed on its PDF for anyone to check (80 random bits, reads rate limited per IP)",
  'GET /api/planning/feed/:token.ics':
    "a person's calendar feed token, handed to their calendar app (256 bits, reset at will, rate limited per IP and per token)",
};

/**
 * Routes whose answer is meant for every organisation's staff: the marketplace's listings, which
 * an organisation chose to share (a snapshot, never its live formation) and anyone may import.
 */
const SHARED_ACROSS_ORGANIZATIONS: Record<string, string> = {
  'GET /api/marketplace/listings': 'the catalogue of shared templates',
  'GET /api/marketplace/listings/:id': "a shared template's preview",
  'POST /api/marketplace/listings/:id/import':
    "a copy of a shared template into the caller's own organisation",
};

const isRouteContract = (value: unknown): value is contracts.RouteContract =>
  typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'access' in value;
/** Every route contract of @cursus/contracts, by method and path. */
const CONTRACTS = new Map<string, contracts.RouteContract>(
  Object.values(contracts as Record<string, unknown>)
    .flatMap((value) => (typeof value === 'object' && value !== null ? Object.values(value) : []))
    .filter(isRouteContract)
    .map((contract) => [keyOf({ method: contract.method, url: contract.path }), contract]),
);

function declaredAccess(route: TableRoute): RouteAccess | undefined {
  if (route.options.config?.access) return route.options.config.access;
  return PUBLIC_WITHOUT_DECLARATION.some((rule) => rule.matches(route.url)) ? 'public' : undefined;
}

/** Which of organisation A's ids a path parameter takes: `<segment>/:id` first, then the name. */
const ID_KINDS: Record<string, IdKind> = {
  'courses/:id': 'course',
  'notifications/:id': 'notification',
  'sessions/:id': 'timeSession',
  ':courseId': 'course',
  ':moduleId': 'module',
  ':lessonId': 'lesson',
  ':studentId': 'student',
  ':userId': 'student',
  ':fileId': 'file',
  'badges/:id': 'badge',
  'exercises/:id': 'exercise',
  'exercise-submissions/:id': 'submission',
  'quizzes/:id': 'quiz',
  ':quizId': 'quiz',
  'questions/:id': 'quizQuestion',
  ':questionId': 'quizQuestion',
  'categories/:id': 'quizCategory',
  ':attemptId': 'quizAttempt',
  'guest-attempts/:id': 'quizAttempt',
  'invitations/:id': 'positioningInvitation',
  'conversations/:id': 'conversation',
  ':conversationId': 'assistantConversation',
  'threads/:id': 'forumThread',
  'posts/:id': 'forumPost',
  'student-questions/:id': 'studentQuestion',
  'group-sessions/:id': 'groupSession',
  ':sessionId': 'groupSession',
  ':slotId': 'attendanceSlot',
  'sign/:token': 'signingToken',
  'certificates/:id': 'certificate',
  'verify/:code': 'certificateCode',
  'evaluations/:id': 'questionnaire',
  'mine/:id': 'evaluationInvitation',
  'evaluations/:token': 'evaluationToken',
  'feed/:token.ics': 'calendarFeed',
  'signatures/:id': 'signature',
  'listings/:id': 'marketplaceListing',
  'documents/:id': 'document',
  ':organizationId': 'organization',
  ':trainerId': 'trainer',
  ':trainerDocumentId': 'trainerDocument',
  ':evidenceId': 'complianceEvidence',
  ':logId': 'webhookLog',
  'complaints/:id': 'complaint',
  'improvements/:id': 'improvement',
  'watch/:id': 'watchEntry',
  'document-requirements/:id': 'documentRequirement',
};

/** The path with organisation A's real ids in it, and the kinds of the ids used. */
function fillPath(url: string, world: AccessWorld): { url: string; kinds: IdKind[] } {
  const kinds: IdKind[] = [];
  const segments = url.split('/').map((segment, index, all) => {
    if (segment === '*') return 'probe';
    if (!segment.startsWith(':')) return segment;
    const kind = ID_KINDS[`${all[index - 1]}/${segment}`] ?? ID_KINDS[segment];
    if (!kind) throw new Error(`${url}: say which id ${segment} takes in ID_KINDS`);
    kinds.push(kind);
    return world.ids[kind];
  });
  return { url: segments.join('/'), kinds };
}

interface SampleInput {
  query?: Record<string, string>;
  body?: unknown;
  /** The body is the file upload's multipart form. */
  multipart?: true;
}
/** A new address per call: the per-email limits of sign-in and mails stay out of the way. */
let probeCount = 0;
const unknownEmail = () => {
  probeCount += 1;
  return `probe-${probeCount}@nowhere.example`;
};
const NEW_PASSWORD = 'Nouveau-Soleil-77';
/**
 * A valid input per route that takes one (keyed by its GET/POST/... and path), naming organisation
 * A's ids wherever it can, so callers who pass the access gate reach the service and its checks.
 * Harm is avoided on purpose: unknown accounts, a wrong current password.
 */
const SAMPLE_QUESTION = { type: 'short_answer', text: 'Question Sonde ?', acceptedAnswers: ['Sonde'] };

/** A PNG's first bytes: the server refuses it as too short to hold a drawn stroke, after the gates. */
const SAMPLE_SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';

const SAMPLE_QUESTIONNAIRE = {
  title: 'Enquête Sonde',
  audience: 'learners',
  kind: 'survey',
  questions: [{ id: 'note', type: 'rating', label: 'Note', required: true }],
};

const SAMPLE_COMPLAINT = {
  kind: 'difficulty',
  source: 'phone',
  receivedOn: '2026-01-05',
  subject: 'Sonde',
  description: 'Sonde',
};
const SAMPLE_IMPROVEMENT = { origin: 'other', title: 'Sonde', description: 'Sonde' };
const SAMPLE_REQUIREMENT = { name: 'Sonde', audience: 'organization', documentCategory: 'other' };
const SAMPLE_WATCH_ENTRY = {
  indicator: 25,
  observedOn: '2026-01-05',
  source: 'Sonde',
  summary: 'Sonde',
  impact: 'Sonde',
};

let sampleCounter = 0;
const SAMPLES: Record<string, (world: AccessWorld) => SampleInput> = {
  'POST /api/trainer/evaluations': () => ({ body: SAMPLE_QUESTIONNAIRE }),
  'PUT /api/trainer/evaluations/:id': () => ({ body: SAMPLE_QUESTIONNAIRE }),
  'POST /api/trainer/evaluations/:id/archive': () => ({ body: { archived: false } }),
  'POST /api/trainer/evaluations/:id/send': () => ({ body: { recipients: [{ email: unknownEmail() }] } }),
  'POST /api/evaluations/mine/:id': () => ({ body: { answers: { note: 4 } } }),
  'POST /api/public/evaluations/:token': () => ({ body: { answers: { note: 4 } } }),
  'POST /api/trainer/attendance/slots/:slotId/countersign': () => ({ body: { signature: SAMPLE_SIGNATURE } }),
  'POST /api/trainer/attendance/slots/:slotId/in-person': (world) => ({
    body: { studentId: world.ids.student, signature: SAMPLE_SIGNATURE },
  }),
  'PUT /api/trainer/attendance/slots/:slotId/learners/:studentId': () => ({ body: { status: 'attended' } }),
  // A neutral name: organisation B never takes A's, which would read as a leak in B's later answers.
  'PUT /api/organizations/mine/settings': () => ({
    body: { name: 'Organisme Échantillon', logoFileId: null, brandColor: '#0f766e' },
  }),
  'PUT /api/organizations/mine/legal-info': () => ({
    body: {
      siret: '85237964300012',
      activityDeclarationNumber: '84691234569',
      qualiopiNumber: null,
      qualiopiIssuer: null,
      qualiopiValidUntil: null,
      qualiopiFileId: null,
      vatNumber: null,
      addressLine: null,
      postalCode: '69002',
      city: 'Lyon',
      country: 'France',
      legalRepresentativeName: null,
      legalRepresentativeTitle: null,
    },
  }),
  // Each call invites a new address, so a second caller is judged on access, not on a duplicate.
  'POST /api/learners/invitations': () => ({
    body: { email: `invite-${++sampleCounter}@access.example`, firstName: 'Ada', lastName: 'Lovelace' },
  }),
  'POST /api/learners/import/preview': () => ({
    body: { file: Buffer.from('nom;prénom;email\nDoe;Jane;jane@access.example\n').toString('base64') },
  }),
  'POST /api/learners/import': () => ({
    body: {
      rows: [
        { line: 2, lastName: 'Doe', firstName: 'Jane', email: `import-${++sampleCounter}@access.example` },
      ],
    },
  }),
  'PUT /api/learners/settings': () => ({ body: { collectsSocialSecurityNumber: false } }),
  'POST /api/admin/funding-webhooks/endpoints/:organizationId/references': (world) => ({
    body: { reference: 'RS-ACCESS', courseId: world.ids.course },
  }),
  'POST /api/admin/funding-webhooks/endpoints/:organizationId/references/remove': () => ({
    body: { reference: 'RS-ACCESS' },
  }),
  // Admin only: every caller here is refused before the body counts; a new address each time all the same.
  'POST /api/admin/organizations': () => ({
    body: {
      name: 'Organisme Accès',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `onboard-${++sampleCounter}@access.example`,
    },
  }),
  'POST /api/admin/organizations/:organizationId/courses': (world) => ({
    body: { courseId: world.ids.course, status: 'draft' },
  }),
  'PUT /api/learners/:studentId/administrative': () => ({
    body: {
      address: null,
      city: 'Lyon',
      postalCode: null,
      country: null,
      birthDate: null,
      birthPlace: null,
      professionalStatus: null,
      employer: null,
    },
  }),
  'PUT /api/trainer/attendance/settings': () => ({ body: { lateSigningMinutes: 30 } }),
  'POST /api/attendance/sign/:token': () => ({ body: { signature: SAMPLE_SIGNATURE } }),
  'POST /api/attendance/qr/check': () => ({ body: { code: `q.${'0'.repeat(36)}.1.probe` } }),
  'POST /api/attendance/qr/sign': () => ({
    body: { code: `q.${'0'.repeat(36)}.1.probe`, signature: SAMPLE_SIGNATURE },
  }),
  'POST /api/test/clock': () => ({ body: { offsetMs: 0 } }),
  'POST /api/system/not-found': () => ({ body: { path: '/nowhere' } }),
  'POST /api/admin/system/alerts/resolve': () => ({
    body: { ids: ['00000000-0000-4000-8000-000000000000'] },
  }),
  'POST /api/system/logs': () => ({
    body: { entries: [{ message: 'probe', category: 'test', severity: 'low' }] },
  }),
  'POST /api/knowledge-base/feedback': () => ({ body: { guideId: 'getting-started', helpful: true } }),
  'POST /api/auth/sign-up': () => ({
    body: {
      firstName: 'Sonde',
      lastName: 'Publique',
      email: unknownEmail(),
      role: 'student',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    },
  }),
  'POST /api/auth/sign-in': () => ({ body: { email: unknownEmail(), password: 'wrong-password' } }),
  'POST /api/auth/admin/sign-in': () => ({ body: { email: unknownEmail(), password: 'wrong-password' } }),
  'POST /api/auth/resend-confirmation': () => ({ body: { email: unknownEmail() } }),
  'GET /api/auth/verify-email': () => ({ query: { token: 'not-a-token' } }),
  'POST /api/auth/forgot-password': () => ({ body: { email: unknownEmail() } }),
  'POST /api/auth/reset-password': () => ({
    body: { token: 'not-a-token', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  }),
  'POST /api/auth/change-password': () => ({
    body: { currentPassword: 'not-the-password', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  }),
  'PATCH /api/auth/preferences': () => ({ body: { language: 'fr' } }),
  'POST /api/auth/sign-in/two-factor': () => ({ body: { method: 'totp', code: '123456' } }),
  'POST /api/auth/two-factor/enable': () => ({ body: { password: 'wrong-password' } }),
  'POST /api/auth/two-factor/confirm': () => ({ body: { code: '123456' } }),
  'POST /api/auth/two-factor/disable': () => ({ body: { password: 'wrong-password', code: '123456' } }),
  'POST /api/auth/two-factor/recovery-codes': () => ({ body: { password: 'wrong-password' } }),
  // Not required: organisation A's trainer must reach the routes probed after this one.
  'PUT /api/organizations/mine/two-factor-policy': () => ({ body: { staffRequired: false } }),
  'POST /api/organizations/mine': () => ({ body: { organizationName: 'Organisme Sonde' } }),
  'POST /api/organizations/assign-student': (world) => ({
    body: { email: world.emails.student, organizationId: world.ids.organization },
  }),
  'GET /api/organizations/students': (world) => ({ query: { organizationId: world.ids.organization } }),
  'POST /api/notifications/read-all': () => ({ body: {} }),
  'GET /api/courses': (world) => ({ query: { organizationId: world.ids.organization } }),
  'POST /api/courses': () => ({ body: { title: 'Formation Sonde' } }),
  'PATCH /api/courses/:id': () => ({ body: { category: 'Formation' } }),
  'POST /api/courses/:id/modules': () => ({ body: { title: 'Module Sonde' } }),
  'PATCH /api/courses/:id/modules/:moduleId': () => ({ body: { title: 'Module Sonde' } }),
  'PUT /api/courses/:id/modules/order': (world) => ({ body: { moduleIds: [world.ids.module] } }),
  'POST /api/courses/:id/modules/:moduleId/lessons': () => ({
    body: { title: 'Leçon Sonde', content: { type: 'text', html: '<p>sonde</p>' } },
  }),
  'PUT /api/courses/:id/modules/:moduleId/lessons/order': (world) => ({
    body: { lessonIds: [world.ids.lesson] },
  }),
  'PATCH /api/courses/:id/lessons/:lessonId': () => ({ body: { estimatedMinutes: 12 } }),
  'POST /api/courses/:id/lessons/:lessonId/move': (world) => ({ body: { moduleId: world.ids.module } }),
  'POST /api/courses/:id/enrollments': (world) => ({ body: { studentIds: [world.ids.student] } }),
  'POST /api/files': (world) => ({
    query: { purpose: 'document', courseId: world.ids.course },
    multipart: true,
  }),
  'POST /api/trainer/badges': () => ({
    body: { name: 'Badge Sonde', criterion: 'time_spent', threshold: 60, rarity: 'common' },
  }),
  'PATCH /api/trainer/badges/:id': () => ({ body: { isActive: true } }),
  'POST /api/trainer/exercises': (world) => ({
    body: { courseId: world.ids.course, title: 'Exercice Sonde', instructions: 'Consignes' },
  }),
  'PATCH /api/trainer/exercises/:id': () => ({ body: { title: 'Exercice Sonde' } }),
  'POST /api/trainer/group-sessions': (world) => ({
    body: {
      title: 'Session Sonde',
      meetingDate: '2030-02-01T09:00:00.000Z',
      durationMinutes: 60,
      location: 'Salle Sonde',
      studentIds: [world.ids.student],
    },
  }),
  'PATCH /api/trainer/group-sessions/:id': () => ({ body: { title: 'Session Sonde' } }),
  'GET /api/trainer/planning': () => ({
    query: { from: '2030-02-01T00:00:00.000Z', to: '2030-03-01T00:00:00.000Z' },
  }),
  'PATCH /api/trainer/planning/sessions/:id': () => ({
    body: { meetingDate: '2030-02-02T09:00:00.000Z', durationMinutes: 60 },
  }),
  'POST /api/trainer/exercise-submissions/:id/review': () => ({
    body: { status: 'reviewed', feedback: 'Sonde' },
  }),
  'POST /api/exercises/:id/submission': () => ({ body: { text: 'Rendu Sonde' } }),
  'GET /api/trainer/certificates/candidates': (world) => ({ query: { courseId: world.ids.course } }),
  'POST /api/marketplace/listings': (world) => ({
    body: {
      courseId: world.ids.course,
      summary: 'Sonde',
      category: 'other',
      level: 'beginner',
      language: 'fr',
      durationMinutes: 60,
    },
  }),
  'POST /api/trainer/certificates': (world) => ({
    body: { courseId: world.ids.course, studentId: world.ids.student, kind: 'completion' },
  }),
  'POST /api/signatures/courses/:courseId': () => ({ body: { image: SAMPLE_SIGNATURE } }),
  'POST /api/trainer/documents': (world) => ({
    body: { title: 'Document Sonde', category: 'other', visibility: 'staff', fileId: world.ids.file },
  }),
  'PUT /api/trainer/documents/:id': () => ({
    body: { title: 'Document Sonde', category: 'other', visibility: 'staff' },
  }),
  'POST /api/trainer/documents/:id/versions': (world) => ({ body: { fileId: world.ids.file } }),
  'POST /api/exercises/:id/files': () => ({ query: { purpose: 'document' }, multipart: true }),
  'POST /api/quizzes': () => ({ body: { title: 'Quiz Sonde', questions: [SAMPLE_QUESTION] } }),
  'PUT /api/quizzes/:id': (world) => ({
    body: { title: 'Quiz Sonde', questions: [{ ...SAMPLE_QUESTION, id: world.ids.quizQuestion }] },
  }),
  'POST /api/quiz-bank/questions': () => ({ body: SAMPLE_QUESTION }),
  'PUT /api/quiz-bank/questions/:id': () => ({ body: SAMPLE_QUESTION }),
  'POST /api/quiz-bank/categories': () => ({ body: { name: 'Catégorie Sonde' } }),
  'POST /api/quiz-bank/import': () => ({
    body: { format: 'aiken', content: 'Sonde ?\nA) Oui\nB) Non\nANSWER: A' },
  }),
  'GET /api/quiz-bank/export': () => ({ query: { format: 'gift' } }),
  'PUT /api/learning/quiz-attempts/:attemptId/answers/:questionId': () => ({
    body: { answer: { text: 'Sonde' } },
  }),
  'POST /api/public/quizzes/:quizId/attempts': () => ({
    body: { name: 'Visiteur Sonde', email: 'sonde@example.com' },
  }),
  'POST /api/public/quizzes/:quizId/attempts/:attemptId/submit': () => ({ body: { answers: {} } }),
  'GET /api/public/positioning': () => ({ query: { token: 'a'.repeat(43) } }),
  'PUT /api/email-preferences': () => ({
    body: { preferences: [{ kind: 'meeting-invitation', enabled: true }] },
  }),
  'PUT /api/privacy/retention': () => ({ body: { retentionYears: 6 } }),
  'GET /api/email/unsubscribe': () => ({ query: { token: 'sonde.sonde' } }),
  'POST /api/email/unsubscribe': () => ({ query: { token: 'sonde.sonde' } }),
  'POST /api/public/positioning/start': () => ({ body: { token: 'a'.repeat(43), name: 'Sonde' } }),
  'POST /api/public/positioning/submit': () => ({ body: { token: 'a'.repeat(43), answers: {} } }),
  'PUT /api/quizzes/:quizId/public-link': () => ({ body: { isEnabled: true } }),
  'GET /api/quizzes/:quizId/guest-attempts': () => ({ query: { kind: 'public' } }),
  'POST /api/positioning/invitations': (world) => ({
    body: { quizId: world.ids.quiz, courseId: world.ids.course, lines: ['sonde@example.com'] },
  }),
  'POST /api/student-questions': () => ({ body: { subject: 'Question Sonde', message: 'Sonde' } }),
  'POST /api/assistant/chat': () => ({ body: { message: 'Sonde', space: 'student_space' } }),
  'GET /api/student-questions/hub': (world) => ({ query: { organizationId: world.ids.organization } }),
  'POST /api/student-questions/:id/replies': () => ({ body: { message: 'Relance Sonde' } }),
  'GET /api/trainer/student-questions': (world) => ({ query: { organizationId: world.ids.organization } }),
  'GET /api/trainer/student-questions/trainers': (world) => ({
    query: { organizationId: world.ids.organization },
  }),
  'POST /api/trainer/student-questions/:id/replies': () => ({ body: { message: 'Réponse Sonde' } }),
  'PATCH /api/trainer/student-questions/:id': () => ({ body: { status: 'answered' } }),
  'GET /api/forum/threads': (world) => ({ query: { organizationId: world.ids.organization } }),
  'POST /api/forum/threads': () => ({ body: { title: 'Fil Sonde', body: 'Sonde' } }),
  'PATCH /api/forum/threads/:id': () => ({ body: { title: 'Fil Sonde', body: 'Sonde' } }),
  'PUT /api/forum/threads/:id/pin': () => ({ body: { pinned: true } }),
  'PUT /api/forum/threads/:id/like': () => ({ body: { liked: true } }),
  'POST /api/forum/threads/:id/posts': () => ({ body: { body: 'Réponse Sonde' } }),
  'PATCH /api/forum/posts/:id': () => ({ body: { body: 'Réponse Sonde' } }),
  'PUT /api/forum/posts/:id/like': () => ({ body: { liked: true } }),
  'GET /api/forum/trainers': (world) => ({ query: { organizationId: world.ids.organization } }),
  'POST /api/messages/conversations': (world) => ({ body: { participantId: world.ids.student } }),
  'POST /api/messages/conversations/:id/messages': () => ({ body: { body: 'Message Sonde' } }),
  'POST /api/messages/conversations/:id/files': () => ({ query: { purpose: 'document' }, multipart: true }),
  'POST /api/time-tracking/sessions/start': (world) => ({ body: { courseId: world.ids.course } }),
  'POST /api/time-tracking/sessions/:id/heartbeat': () => ({ body: { elapsedSeconds: 30 } }),
  'POST /api/time-tracking/sessions/:id/end': () => ({ body: { elapsedSeconds: 60 } }),
  // The id of a session the server opened closes that session: only its owner's may.
  'POST /api/time-tracking/sessions/sync': (world) => ({
    body: {
      sessions: [
        {
          id: world.ids.timeSession,
          sessionStart: new Date(Date.now() - 600_000).toISOString(),
          sessionEnd: new Date(Date.now() - 300_000).toISOString(),
          durationSeconds: 300,
        },
      ],
    },
  }),
  'POST /api/time-tracking/check': (world) => ({
    body: { sessionId: world.ids.timeSession, localElapsedSeconds: 30 },
  }),
  'POST /api/time-tracking/issues': () => ({ body: { issueType: 'sync_error' } }),
  'GET /api/time-tracking/settings': (world) => ({ query: { organizationId: world.ids.organization } }),
  'PUT /api/time-tracking/settings': (world) => ({
    body: { weeklyGoalHours: 20, organizationId: world.ids.organization },
  }),
  'GET /api/time-tracking/connection-logs': (world) => ({
    query: {
      studentId: world.ids.student,
      courseId: world.ids.course,
      organizationId: world.ids.organization,
    },
  }),
  'POST /api/trainer/trainers': () => ({
    body: { email: 'sonde-formateur@nowhere.example', firstName: 'Sonde', lastName: 'Formateur' },
  }),
  'PUT /api/trainer/trainers/:trainerId/role': () => ({ body: { organizationRole: 'manager' } }),
  'PUT /api/trainer/trainers/:trainerId/profile': () => ({ body: { bio: 'Sonde', specialities: [] } }),
  'PUT /api/trainer/trainers/:trainerId/courses': () => ({ body: { courseIds: [] } }),
  'POST /api/trainer/trainers/:trainerId/files': () => ({ query: { purpose: 'document' }, multipart: true }),
  'POST /api/trainer/trainers/:trainerId/documents': (world) => ({
    body: { kind: 'cv', fileId: world.ids.file },
  }),
  'GET /api/trainer/analytics/export': () => ({ query: { chart: 'outcomes' } }),
  'PUT /api/trainer/compliance/profile': () => ({
    body: { actionCategories: ['training'], certifying: false, workLinked: false },
  }),
  'POST /api/trainer/compliance/evidence': (world) => ({
    body: { indicator: 26, fileId: world.ids.file, title: 'Sonde', provenOn: '2026-01-05' },
  }),
  'POST /api/trainer/registers/complaints': () => ({ body: SAMPLE_COMPLAINT }),
  'PUT /api/trainer/registers/complaints/:id': () => ({
    body: { ...SAMPLE_COMPLAINT, status: 'in_progress' },
  }),
  'POST /api/trainer/registers/complaints/:id/close': () => ({ body: {} }),
  'POST /api/trainer/registers/improvements': () => ({ body: SAMPLE_IMPROVEMENT }),
  'PUT /api/trainer/registers/improvements/:id': () => ({
    body: { ...SAMPLE_IMPROVEMENT, status: 'in_progress' },
  }),
  'POST /api/trainer/registers/improvements/:id/close': () => ({
    body: { status: 'abandoned', closureNote: 'Sonde' },
  }),
  'POST /api/admin/document-requirements': () => ({ body: SAMPLE_REQUIREMENT }),
  'PUT /api/admin/document-requirements/:id': () => ({ body: SAMPLE_REQUIREMENT }),
  'PUT /api/admin/document-requirements/:id/review': (world) => ({
    body: { documentId: world.ids.document, status: 'valid' },
  }),
  'PUT /api/admin/organizations/:organizationId/legal-info': (world) =>
    SAMPLES['PUT /api/organizations/mine/legal-info']!(world),
  'POST /api/admin/improvements': () => ({ body: SAMPLE_IMPROVEMENT }),
  'PUT /api/admin/improvements/:id': () => ({ body: { ...SAMPLE_IMPROVEMENT, status: 'in_progress' } }),
  'POST /api/admin/improvements/:id/close': () => ({ body: { status: 'abandoned', closureNote: 'Sonde' } }),
  'POST /api/trainer/registers/watch': () => ({ body: SAMPLE_WATCH_ENTRY }),
  'PUT /api/trainer/registers/watch/:id': () => ({ body: SAMPLE_WATCH_ENTRY }),
  // Left unpublished: the public page of organisation A stays a 404 for the probes that follow.
  'PUT /api/trainer/analytics/indicators': () => ({
    body: { isPublished: false, indicators: ['completionRate'] },
  }),
  'GET /api/time-tracking/connection-logs/export': (world) => ({
    query: {
      studentId: world.ids.student,
      courseId: world.ids.course,
      organizationId: world.ids.organization,
    },
  }),
};

function sampleFor(route: TableRoute, world: AccessWorld): SampleInput {
  const sample = SAMPLES[keyOf({ method: route.method === 'HEAD' ? 'GET' : route.method, url: route.url })];
  return sample ? sample(world) : {};
}

type ZodLike = { safeParse(value: unknown): { success: boolean } };
const isZod = (schema: unknown): schema is ZodLike =>
  typeof (schema as ZodLike | undefined)?.safeParse === 'function';

let world: AccessWorld;
let routes: TableRoute[];
beforeAll(async () => {
  world = await createAccessWorld();
  // DELETEs last, so every caller probes the other routes on organisation A's data still whole.
  routes = world.testApp.app.routeTable
    .flatMap((options) => [options.method].flat().map((method) => ({ method, url: options.url, options })))
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}, 120_000);
afterAll(() => world?.close());

/** Calls `route` as `caller` with organisation A's ids and the route's sample input. */
async function send(
  caller: Caller,
  route: TableRoute,
): Promise<{ response: LightMyRequestResponse; sent: string }> {
  const { url } = fillPath(route.url, world);
  const sample = sampleFor(route, world);
  const target = url + (sample.query ? `?${new URLSearchParams(sample.query)}` : '');
  const sent = `${target} ${JSON.stringify(sample.body ?? null)}`;
  if (sample.multipart) {
    const { body, contentType } = multipart(PDF, 'sonde.pdf');
    const headers = { 'content-type': contentType };
    return {
      response: await world.call(caller, { method: route.method, url: target, headers, payload: body }),
      sent,
    };
  }
  return {
    response: await world.call(caller, { method: route.method, url: target, payload: sample.body }),
    sent,
  };
}

const codeOf = (response: LightMyRequestResponse): string | undefined => {
  try {
    return response.json()?.error?.code;
  } catch {
    return undefined;
  }
};
const describeResponse = (response: LightMyRequestResponse) =>
  `${response.statusCode} ${codeOf(response) ?? response.body.slice(0, 120)}`;

/**
 * What `caller` must get from `route`, or null when the answer is right. The declared access is
 * the first gate: a visitor gets 401 NO_SESSION, a wrong role 403 NOT_AUTHORIZED, anyone let in
 * never those two (the declaration would be looser than the handler). Nobody outside organisation
 * A reads its data: another organisation's people get 403/404 on A's ids, and no body names them.
 */
function judge(
  caller: Caller,
  route: TableRoute,
  { response, sent }: { response: LightMyRequestResponse; sent: string },
): string | null {
  const access = declaredAccess(route);
  if (!access) return 'a declared access';
  const isHead = route.method === 'HEAD';
  const status = response.statusCode;
  const code = codeOf(response);
  if (status >= 500) return 'a server error';
  const isLetIn =
    access === 'public' ||
    (caller !== 'anonymous' && (access.roles === 'any' || canEnterSpace(world.roles[caller], access.roles)));
  if (!isLetIn) {
    const [expectedStatus, expectedCode] =
      caller === 'anonymous' ? [401, 'NO_SESSION'] : [403, 'NOT_AUTHORIZED'];
    if (status !== expectedStatus || (!isHead && code !== expectedCode))
      return `${expectedStatus} ${expectedCode}, the declared refusal`;
  } else if ((status === 401 && code === 'NO_SESSION') || (status === 403 && code === 'NOT_AUTHORIZED')) {
    return 'to be let in, as its declared access says';
  }
  const routeKey = `${isHead ? 'GET' : route.method} ${route.url}`;
  const holdsSecret = routeKey in SECRET_IN_PATH || routeKey in SHARED_ACROSS_ORGANIZATIONS;
  const isOutsider =
    !holdsSecret && (caller === 'anonymous' || caller === 'otherTrainer' || caller === 'otherStudent');
  if (isOutsider) {
    // What the caller sent may come back (an id echoed in an error); anything else of A is a leak.
    const leaked = world.markersOfA.filter(
      (marker) => response.body.includes(marker) && !sent.includes(marker),
    );
    if (leaked.length > 0) return `no data of organisation A, got ${leaked.join(', ')}`;
  }
  const { kinds } = fillPath(route.url, world);
  const isRefused = status === 403 || status === 404;
  if (isOutsider && isLetIn && kinds.length > 0 && !isRefused) return "403 or 404 on organisation A's ids";
  // A record of one person is nobody else's, even in their organisation (notifications, time sessions).
  const isSomeoneElses = kinds.some((kind) => world.owners[kind] && world.owners[kind] !== caller);
  if (access !== 'public' && access.scope === 'owner' && isLetIn && isSomeoneElses && !isRefused)
    return "403 or 404 on another person's record";
  return null;
}

/** Calls every route of the table as `caller`; the failures, one line each. */
async function probeAll(caller: Caller): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    const answer = await send(caller, route);
    const expected = judge(caller, route, answer);
    if (expected)
      failures.push(`${keyOf(route)}: expected ${expected}, got ${describeResponse(answer.response)}`);
    called.get(caller)!.add(keyOf(route));
  }
  return failures;
}
// Organisation A's trainer last: what they may do (delete, reorder) would spoil the others' probes.
const CALLERS: Caller[] = ['anonymous', 'student', 'otherStudent', 'otherTrainer', 'trainer'];
const called = new Map<Caller, Set<string>>(CALLERS.map((caller) => [caller, new Set()]));

describe('route access', () => {
  it('finds who may call every route, the kind of each path id and a valid sample input', () => {
    const problems: string[] = [];
    for (const route of routes) {
      if (!declaredAccess(route)) problems.push(`${keyOf(route)}: no access declared`);
      try {
        fillPath(route.url, world);
      } catch (error) {
        problems.push((error as Error).message);
      }
      const sample = sampleFor(route, world);
      const schema = route.options.schema;
      if (isZod(schema?.body) && !schema.body.safeParse(sample.body).success)
        problems.push(`${keyOf(route)}: give it a valid body in SAMPLES`);
      if (isZod(schema?.querystring) && !schema.querystring.safeParse(sample.query ?? {}).success)
        problems.push(`${keyOf(route)}: give it a valid query in SAMPLES`);
    }
    expect(problems).toEqual([]);
  });

  it('reads the whole API: every route contract is in the table', () => {
    const registered = new Set(routes.map(keyOf));
    expect([...CONTRACTS.keys()].filter((key) => !registered.has(key))).toEqual([]);
    expect(routes.length).toBeGreaterThan(CONTRACTS.size);
  });

  it('refuses a visitor before reading what they send: bad ids, query and body', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (declaredAccess(route) === 'public') continue;
      const url = `${route.url.replaceAll(/:\w+/g, 'not-an-id')}?page=0&organizationId=not-an-id`;
      const hasBody = !['GET', 'HEAD'].includes(route.method);
      const response = await world.call('anonymous', {
        method: route.method,
        url,
        ...(hasBody
          ? {
              headers: {
                'content-type': sampleFor(route, world).multipart
                  ? 'multipart/form-data; boundary=x'
                  : 'application/json',
              },
              payload: '{"broken',
            }
          : {}),
      });
      const isRefused =
        response.statusCode === 401 && (route.method === 'HEAD' || codeOf(response) === 'NO_SESSION');
      if (!isRefused)
        failures.push(`${keyOf(route)}: expected 401 NO_SESSION, got ${describeResponse(response)}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(CALLERS)(
    'gives %s the declared answer on every route and nothing of another organisation',
    async (caller) => {
      expect(await probeAll(caller)).toEqual([]);
    },
  );

  it('called every route of the table as every caller', () => {
    const all = new Set(routes.map(keyOf));
    for (const caller of CALLERS) expect(called.get(caller)).toEqual(all);
  });
});
