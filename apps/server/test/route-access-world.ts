import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@cursus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { documentRequirements } from '../src/modules/documents/documents.tables.ts';
import { evaluationInvitations } from '../src/modules/evaluations/evaluations.tables.ts';
import { webhookLogs } from '../src/modules/funding-webhooks/funding-webhooks.tables.ts';
import { certifiedSignatures } from '../src/modules/signatures/signatures.tables.ts';
import { cookieHeader, createConfirmedUser, createTestApp, ORIGIN, signIn, type TestApp } from './helper.ts';

/** Who calls each route: a visitor, organisation A's student and trainer, organisation B's trainer and student. */
export type Caller = 'anonymous' | 'student' | 'trainer' | 'otherTrainer' | 'otherStudent';
export type SignedInCaller = Exclude<Caller, 'anonymous'>;

/** The kinds of id a route's path can name; a path parameter of any other kind fails the test. */
export type IdKind =
  | 'organization'
  | 'course'
  | 'module'
  | 'lesson'
  | 'student'
  | 'file'
  | 'timeSession'
  | 'notification'
  | 'badge'
  | 'exercise'
  | 'submission'
  | 'quiz'
  | 'quizQuestion'
  | 'quizCategory'
  | 'quizAttempt'
  | 'positioningInvitation'
  | 'conversation'
  | 'assistantConversation'
  | 'forumThread'
  | 'forumPost'
  | 'studentQuestion'
  | 'groupSession'
  | 'attendanceSlot'
  | 'signingToken'
  | 'certificate'
  | 'certificateCode'
  | 'questionnaire'
  | 'evaluationInvitation'
  | 'evaluationToken'
  | 'calendarFeed'
  | 'signature'
  | 'marketplaceListing'
  | 'trainer'
  | 'trainerDocument'
  | 'complianceEvidence'
  | 'document'
  | 'webhookLog'
  | 'complaint'
  | 'improvement'
  | 'watchEntry'
  | 'documentRequirement';

export interface AccessWorld {
  testApp: TestApp;
  roles: Record<SignedInCaller, Role>;
  emails: Record<SignedInCaller, string>;
  /** Organisation A's real ids, one per kind. */
  ids: Record<IdKind, string> & { organization: string };
  /** Whose own record an id is, for routes scoped to their owner (anything else is the organisation's). */
  owners: Partial<Record<IdKind, SignedInCaller>>;
  /** Ids, names and addresses of organisation A: none may reach organisation B's trainer. */
  markersOfA: string[];
  call(
    caller: Caller,
    request: { method: string; url: string; payload?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const EMAILS: Record<SignedInCaller, string> = {
  trainer: 'albertine@alphaville-formation.example',
  student: 'anatole@alphaville-formation.example',
  otherTrainer: 'bertrand@betaville-formation.example',
  otherStudent: 'berenice@betaville-formation.example',
};
// Names nothing else in the database could contain, so finding one in a body is a real leak.
const NAMES_OF_A = {
  organization: 'Organisme Alphaville',
  course: 'Formation Alphaville Confidentielle',
  module: 'Module Alphaville Secret',
  lesson: 'Leçon Alphaville Privée',
  file: 'alphaville-programme.pdf',
  message: 'Message privé Alphaville',
  forumThread: 'Discussion Alphaville Interne',
  studentQuestion: 'Question Alphaville Confidentielle',
  complaint: 'Réclamation Alphaville Confidentielle',
  improvement: 'Amélioration Alphaville Confidentielle',
  watchEntry: 'Veille Alphaville Confidentielle',
};
export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(2000, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

export function multipart(file: Buffer, fileName: string) {
  const boundary = '----cursus-route-access';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Two organisations built through the API: A with a trainer, a student enrolled in a published
 * formation (a module, a document lesson on an uploaded PDF), an open time session and a
 * notification; B with a trainer and a student. The app also serves a tiny built SPA and the test
 * clock, so their routes are in the table too.
 */
export async function createAccessWorld(): Promise<AccessWorld> {
  const folder = mkdtempSync(path.join(tmpdir(), 'cursus-route-access-'));
  const webDist = path.join(folder, 'web');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Cursus</title>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  const testApp = await createTestApp({
    env: { DATA_DIR: path.join(folder, 'data'), TEST_CLOCK: 'true' },
    webDist,
  });
  const { app } = testApp;
  const cookies = {} as Record<SignedInCaller, string>;
  // Each caller has an address of its own, so the per-IP limits of sign-up and mails stay out of the way.
  const addresses: Record<Caller, string> = {
    anonymous: '10.0.0.1',
    student: '10.0.0.2',
    trainer: '10.0.0.3',
    otherTrainer: '10.0.0.4',
    otherStudent: '10.0.0.5',
  };

  async function call(
    caller: Caller,
    request: { method: string; url: string; payload?: unknown; headers?: Record<string, string> },
  ) {
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      remoteAddress: addresses[caller],
      headers: {
        ...ORIGIN,
        ...(caller === 'anonymous' ? {} : { cookie: cookies[caller] }),
        ...request.headers,
      },
      payload: request.payload as string | object | Buffer | undefined,
    });
    // A route that ended the caller's session (sign-out): sign in again for the next routes.
    const setCookie = [response.headers['set-cookie'] ?? []].flat().join('\n');
    if (caller !== 'anonymous' && /session_token=;|session_token=[^;\n]*;[^\n]*Max-Age=0/i.test(setCookie))
      cookies[caller] = cookieHeader(await signIn(app, EMAILS[caller]));
    return response;
  }
  const json = async (caller: Caller, method: string, url: string, payload?: unknown) => {
    const response = await call(caller, { method, url, payload });
    if (response.statusCode !== 200)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const sessionUser = async (caller: SignedInCaller) => (await json(caller, 'GET', '/api/auth/session')).user;

  cookies.trainer = await createConfirmedUser(testApp, {
    email: EMAILS.trainer,
    role: 'trainer',
    organizationName: NAMES_OF_A.organization,
    firstName: 'Albertine',
    lastName: 'Alphatrainer',
  });
  cookies.otherTrainer = await createConfirmedUser(testApp, {
    email: EMAILS.otherTrainer,
    role: 'trainer',
    organizationName: 'Organisme Betaville',
    firstName: 'Bertrand',
    lastName: 'Betatrainer',
  });
  await createConfirmedUser(testApp, {
    email: EMAILS.student,
    firstName: 'Anatole',
    lastName: 'Alphastudent',
  });
  await json('trainer', 'POST', '/api/organizations/assign-student', { email: EMAILS.student });
  cookies.student = cookieHeader(await signIn(app, EMAILS.student));
  await createConfirmedUser(testApp, { email: EMAILS.otherStudent, firstName: 'Bérénice' });
  await json('otherTrainer', 'POST', '/api/organizations/assign-student', { email: EMAILS.otherStudent });
  cookies.otherStudent = cookieHeader(await signIn(app, EMAILS.otherStudent));

  const trainer = await sessionUser('trainer');
  const student = await sessionUser('student');
  const { body, contentType } = multipart(PDF, NAMES_OF_A.file);
  const uploaded = await call('trainer', {
    method: 'POST',
    url: '/api/files?purpose=document',
    headers: { 'content-type': contentType },
    payload: body,
  });
  if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const file = uploaded.json();
  const course = await json('trainer', 'POST', '/api/courses', { title: NAMES_OF_A.course });
  const courseModule = await json('trainer', 'POST', `/api/courses/${course.id}/modules`, {
    title: NAMES_OF_A.module,
  });
  const lesson = await json(
    'trainer',
    'POST',
    `/api/courses/${course.id}/modules/${courseModule.id}/lessons`,
    {
      title: NAMES_OF_A.lesson,
      content: { type: 'document', fileId: file.id },
    },
  );
  await json('trainer', 'POST', `/api/courses/${course.id}/publish`);
  await json('trainer', 'POST', `/api/courses/${course.id}/enrollments`, { studentIds: [student.id] });
  const { session: timeSession } = await json('student', 'POST', '/api/time-tracking/sessions/start', {
    courseId: course.id,
  });
  // A learner's tracking problem notifies the organisation's trainers (SPEC 6).
  await json('student', 'POST', '/api/time-tracking/issues', { issueType: 'sync_error', message: 'probe' });
  const [notification] = (await json('trainer', 'GET', '/api/notifications')).items;
  if (!notification) throw new Error('no notification for the trainer of organisation A');

  const badge = await json('trainer', 'POST', '/api/trainer/badges', {
    name: 'Badge Alphaville',
    criterion: 'login',
    threshold: 5,
    rarity: 'rare',
  });
  const groupSession = await json('trainer', 'POST', '/api/trainer/group-sessions', {
    title: 'Session Alphaville',
    meetingDate: '2030-01-15T09:00:00.000Z',
    durationMinutes: 60,
    location: 'Salle Alphaville',
    studentIds: [student.id],
  });
  // Opening the sheet creates the session's signing slots.
  const attendanceSheet = await json(
    'trainer',
    'GET',
    `/api/trainer/group-sessions/${groupSession.id}/attendance`,
  );
  const exercise = await json('trainer', 'POST', '/api/trainer/exercises', {
    courseId: course.id,
    title: 'Exercice Alphaville',
    instructions: 'Consignes Alphaville',
  });
  const submission = await json('student', 'POST', `/api/exercises/${exercise.id}/submission`, {
    text: 'Rendu Alphaville',
  });

  const quizCategory = await json('trainer', 'POST', '/api/quiz-bank/categories', {
    name: 'Catégorie Alphaville',
  });
  const quiz = await json('trainer', 'POST', '/api/quizzes', {
    title: 'Quiz Alphaville',
    courseId: course.id,
    questions: [
      {
        type: 'short_answer',
        text: 'Question Alphaville ?',
        acceptedAnswers: ['Réponse Alphaville'],
        categoryId: quizCategory.id,
      },
    ],
  });
  const quizAttempt = await json('student', 'POST', `/api/learning/quizzes/${quiz.id}/attempts`);
  await json('trainer', 'POST', '/api/positioning/invitations', {
    quizId: quiz.id,
    courseId: course.id,
    lines: ['Alphafuture <alphafuture@example.com>'],
  });
  const [positioningInvitation] = (await json('trainer', 'GET', '/api/positioning/invitations')).items;
  const forum = await json('trainer', 'POST', '/api/forum/threads', {
    title: NAMES_OF_A.forumThread,
    body: 'Message Alphaville',
  });
  const forumPost = await json('trainer', 'POST', `/api/forum/threads/${forum.thread.id}/posts`, {
    body: 'Réponse Alphaville',
  });

  const conversation = await json('student', 'POST', '/api/messages/conversations', {
    participantId: trainer.id,
  });
  await json('student', 'POST', `/api/messages/conversations/${conversation.id}/messages`, {
    body: NAMES_OF_A.message,
  });
  // The learner's conversation with their assistant: theirs alone.
  const assistantConversation = await json('student', 'POST', '/api/assistant/chat', {
    message: 'Où en suis-je ?',
    space: 'student_space',
  });
  // A learner's question about their lesson, with a trainer's reply.
  const studentQuestion = await json('student', 'POST', '/api/student-questions', {
    subject: NAMES_OF_A.studentQuestion,
    message: 'Détails Alphaville',
    courseId: course.id,
    lessonId: lesson.id,
  });
  await json('trainer', 'POST', `/api/trainer/student-questions/${studentQuestion.id}/replies`, {
    message: 'Réponse Alphaville',
  });
  // A learner's pending signature request (a fixture: the owner writes it, as the trainer's list would).
  const [signature] = await testApp.database.db
    .insert(certifiedSignatures)
    .values({
      organizationId: trainer.organizationId as string,
      userId: student.id,
      formationId: course.id,
      signatureType: 'formation_completion',
    })
    .returning({ id: certifiedSignatures.id });
  const certificate = await json('trainer', 'POST', '/api/trainer/certificates', {
    courseId: course.id,
    studentId: student.id,
    kind: 'realisation',
  });
  // A questionnaire of A waiting for its learner's answer (a fixture: the owner writes the
  // invitation, as the completion job would).
  const questionnaire = await json('trainer', 'POST', '/api/trainer/evaluations', {
    title: 'Enquête Alphaville',
    audience: 'learners',
    kind: 'survey',
    questions: [{ id: 'note', type: 'rating', label: 'Note', required: true }],
  });
  const [evaluationInvitation] = await testApp.database.db
    .insert(evaluationInvitations)
    .values({
      organizationId: trainer.organizationId as string,
      questionnaireId: questionnaire.id,
      studentId: student.id,
      email: EMAILS.student,
      tokenHash: '0'.repeat(64),
      sentAt: new Date(),
    })
    .returning({ id: evaluationInvitations.id });

  // A template A shares on the marketplace: every organisation's staff reads it by design, so it
  // names nothing of A's private formations.
  const template = await json('trainer', 'POST', '/api/courses', { title: 'Modèle partagé' });
  const templateModule = await json('trainer', 'POST', `/api/courses/${template.id}/modules`, {
    title: 'Module du modèle',
  });
  await json('trainer', 'POST', `/api/courses/${template.id}/modules/${templateModule.id}/lessons`, {
    title: 'Leçon du modèle',
    content: { type: 'text', html: '<p>Contenu du modèle</p>' },
  });
  const listing = await json('trainer', 'POST', '/api/marketplace/listings', {
    courseId: template.id,
    summary: 'Un modèle partagé',
    category: 'other',
    level: 'beginner',
    language: 'fr',
    durationMinutes: 60,
  });

  // A document only A's staff read: B's people must not reach it, nor its file.
  const recordUpload = multipart(PDF, 'alphaville-reglement.pdf');
  const recordFile = await call('trainer', {
    method: 'POST',
    url: '/api/files?purpose=record',
    headers: { 'content-type': recordUpload.contentType },
    payload: recordUpload.body,
  });
  const document = await json('trainer', 'POST', '/api/trainer/documents', {
    title: 'Règlement Alphaville Interne',
    category: 'internal_rules',
    visibility: 'staff',
    fileId: recordFile.json().id,
  });

  // A's trainer's CV: their organisation's staff read it, nobody else.
  const cvUpload = multipart(PDF, 'alphaville-cv.pdf');
  const cvFile = await call('trainer', {
    method: 'POST',
    url: `/api/trainer/trainers/${trainer.id}/files?purpose=document`,
    headers: { 'content-type': cvUpload.contentType },
    payload: cvUpload.body,
  });
  const trainerDocument = await json('trainer', 'POST', `/api/trainer/trainers/${trainer.id}/documents`, {
    kind: 'cv',
    fileId: cvFile.json().id,
  });

  // Qualiopi evidence of A: its staff read it, nobody else.
  const evidenceUpload = multipart(PDF, 'alphaville-procedure.pdf');
  const evidenceFile = await call('trainer', {
    method: 'POST',
    url: '/api/files?purpose=record',
    headers: { 'content-type': evidenceUpload.contentType },
    payload: evidenceUpload.body,
  });
  const complianceEvidence = await json('trainer', 'POST', '/api/trainer/compliance/evidence', {
    indicator: 31,
    fileId: evidenceFile.json().id,
    title: 'Procédure réclamations Alphaville',
    provenOn: '2026-01-05',
  });

  // A funding-platform delivery to A (admins alone read the logs; written as the receiver would).
  const [webhookLog] = await testApp.database.db
    .insert(webhookLogs)
    .values({
      organizationId: trainer.organizationId as string,
      payload: '{"type":"ping"}',
      isAuthenticated: true,
    })
    .returning({ id: webhookLogs.id });

  // A's registers (Qualiopi 23 to 25, 31, 32): its staff alone read and write them.
  const complaint = await json('trainer', 'POST', '/api/trainer/registers/complaints', {
    kind: 'complaint',
    source: 'typed_in',
    receivedOn: '2026-01-05',
    subject: NAMES_OF_A.complaint,
    description: NAMES_OF_A.complaint,
  });
  const improvement = await json('trainer', 'POST', '/api/trainer/registers/improvements', {
    origin: 'complaint',
    complaintId: complaint.id,
    title: NAMES_OF_A.improvement,
    description: NAMES_OF_A.improvement,
  });
  const watchEntry = await json('trainer', 'POST', '/api/trainer/registers/watch', {
    indicator: 23,
    observedOn: '2026-01-05',
    source: NAMES_OF_A.watchEntry,
    summary: NAMES_OF_A.watchEntry,
    impact: NAMES_OF_A.watchEntry,
    improvementId: improvement.id,
  });

  // A document requirement: platform data, written by admins alone (none among the callers).
  const [documentRequirement] = await testApp.database.db
    .insert(documentRequirements)
    .values({ name: 'Exigence Sonde', audience: 'organization', documentCategory: 'other' })
    .returning({ id: documentRequirements.id });

  const ids = {
    organization: trainer.organizationId as string,
    course: course.id,
    module: courseModule.id,
    lesson: lesson.id,
    student: student.id,
    file: file.id,
    timeSession: timeSession.id,
    notification: notification.id,
    badge: badge.id,
    exercise: exercise.id,
    submission: submission.id,
    quiz: quiz.id,
    quizQuestion: quiz.questions[0].id,
    quizCategory: quizCategory.id,
    quizAttempt: quizAttempt.id,
    positioningInvitation: positioningInvitation.id,
    conversation: conversation.id,
    assistantConversation: assistantConversation.conversationId,
    forumThread: forum.thread.id,
    forumPost: forumPost.id,
    studentQuestion: studentQuestion.id,
    groupSession: groupSession.id,
    attendanceSlot: attendanceSheet.slots[0].id,
    // Signing links exist only hashed and in emails: an unknown one, answered like any other.
    signingToken: 'a'.repeat(43),
    certificate: certificate.id,
    trainer: trainer.id as string,
    trainerDocument: trainerDocument.id,
    complianceEvidence: complianceEvidence.id,
    certificateCode: certificate.code,
    questionnaire: questionnaire.id,
    evaluationInvitation: evaluationInvitation!.id,
    // Answering links exist only hashed and in emails: an unknown one, answered like any other.
    evaluationToken: 'a'.repeat(43),
    // The whole path segment: a feed token nobody holds, and its extension.
    calendarFeed: `${'a'.repeat(43)}.ics`,
    signature: signature!.id,
    marketplaceListing: listing.id,
    document: document.id,
    webhookLog: webhookLog!.id,
    complaint: complaint.id,
    improvement: improvement.id,
    watchEntry: watchEntry.id,
    documentRequirement: documentRequirement!.id,
  };
  return {
    testApp,
    roles: { trainer: 'trainer', student: 'student', otherTrainer: 'trainer', otherStudent: 'student' },
    emails: EMAILS,
    ids,
    owners: {
      timeSession: 'student',
      notification: 'trainer',
      quizAttempt: 'student',
      studentQuestion: 'student',
      assistantConversation: 'student',
      evaluationInvitation: 'student',
    },
    markersOfA: [
      // A requirement is the platform's, read by every organisation: no marker of A.
      ...Object.entries(ids).flatMap(([kind, id]) => (kind === 'documentRequirement' ? [] : [id])),
      trainer.id,
      ...Object.values(NAMES_OF_A),
      EMAILS.trainer,
      EMAILS.student,
      'Alphatrainer',
      'Alphastudent',
    ],
    call,
    async close() {
      await testApp.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
