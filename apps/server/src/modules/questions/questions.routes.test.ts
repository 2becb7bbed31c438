import {
  type MyQuestionList,
  QUESTION_MESSAGE_MAX,
  QUESTION_SUBJECT_MAX,
  type QuestionHub,
  type QuestionTrainerList,
  type QuestionWithReplies,
  type TrainerQuestionList,
} from '@cursus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { cookieHeader, createConfirmedUser, ENGINE, ORIGIN, signIn } from '../../../test/helper.ts';
import { emailOutbox } from '../email/email.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { questionReplies, studentQuestions } from './questions.tables.ts';

let world: CoursesWorld;
let courseId: string;
let lessonId: string;
/** A second trainer of organisation A, placed there by the fixture. */
let colleague: { id: string; cookie: string };
const COLLEAGUE_EMAIL = 'colleague@org-a.example';

beforeAll(async () => {
  world = await createCoursesWorld();
  const { call } = world;
  courseId = expectStatus(await call('trainerA', 'POST', '/api/courses', { title: 'Excel' }), 200).id;
  const moduleId = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules`, { title: 'Formules' }),
    200,
  ).id;
  lessonId = expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/modules/${moduleId}/lessons`, {
      title: 'RECHERCHEV',
      content: { type: 'text', html: '<p>RECHERCHEV</p>' },
    }),
    200,
  ).id;
  expectStatus(await call('trainerA', 'POST', `/api/courses/${courseId}/publish`), 200);
  expectStatus(
    await call('trainerA', 'POST', `/api/courses/${courseId}/enrollments`, {
      studentIds: [world.users.studentA1.id],
    }),
    200,
  );
  // No route moves a trainer between organisations yet: the fixture places the colleague in A.
  const { testApp } = world;
  await createConfirmedUser(testApp, {
    email: COLLEAGUE_EMAIL,
    role: 'trainer',
    organizationName: 'Organisme éphémère',
    firstName: 'Sophie',
    lastName: 'Collègue',
  });
  const [row] = await testApp.database.db
    .update(profiles)
    .set({ organizationId: world.users.trainerA.organizationId })
    .where(eq(profiles.email, COLLEAGUE_EMAIL))
    .returning({ id: profiles.id });
  testApp.modules.organizations.service.forget(row!.id);
  colleague = { id: row!.id, cookie: cookieHeader(await signIn(testApp.app, COLLEAGUE_EMAIL)) };
});
afterAll(() => world.close());

const ask = (person: Person, body: Record<string, unknown>) =>
  world.call(person, 'POST', '/api/student-questions', body);

function asColleague(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return world.testApp.app.inject({
    method,
    url,
    headers: { ...ORIGIN, cookie: colleague.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const notificationsOf = (userId: string, type: string) =>
  world.testApp.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

const mailsTo = (address: string, template: string) =>
  world.testApp.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)));

const errorCode = (response: { json(): { error?: { code?: string } } }) => response.json().error?.code;

describe(`asking a question on ${ENGINE} (SPEC 5)`, () => {
  let question: QuestionWithReplies;

  it('stores a trimmed, pending question about the lesson, and tells the staff by notification and email', async () => {
    question = expectStatus<QuestionWithReplies>(
      await ask('studentA1', {
        subject: '  RECHERCHEV ou INDEX ?  ',
        message: '  Laquelle choisir ?\n',
        category: 'pedagogy',
        courseId,
        lessonId,
      }),
      200,
    );
    expect(question).toMatchObject({
      subject: 'RECHERCHEV ou INDEX ?',
      message: 'Laquelle choisir ?',
      category: 'pedagogy',
      status: 'pending',
      trainerId: null,
      courseTitle: 'Excel',
      lessonTitle: 'RECHERCHEV',
      studentId: world.users.studentA1.id,
      organizationId: world.users.trainerA.organizationId,
      replies: [],
    });
    for (const staffId of [world.users.trainerA.id, colleague.id]) {
      const [notification] = await notificationsOf(staffId, 'question_created');
      expect(notification).toMatchObject({
        actionUrl: `/trainer/forum?question=${question.id}`,
        context: 'trainer',
        metadata: { questionId: question.id, subject: 'RECHERCHEV ou INDEX ?' },
      });
    }
    expect(await notificationsOf(world.users.trainerB.id, 'question_created')).toEqual([]);
    expect(await mailsTo('trainer@org-a.example', 'question-created')).toHaveLength(1);
    expect(await mailsTo(COLLEAGUE_EMAIL, 'question-created')).toHaveLength(1);
    expect(await mailsTo('trainer@org-b.example', 'question-created')).toHaveLength(0);
  });

  it('refuses a subject or message empty once trimmed', async () => {
    for (const body of [
      { subject: '   ', message: 'Un message' },
      { subject: 'Un sujet', message: ' \n\t ' },
      { subject: 'Un sujet' },
    ]) {
      const response = await ask('studentA1', body);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_ERROR');
    }
  });

  it('holds subject and message to their bounds', async () => {
    const tooLongSubject = await ask('studentA1', {
      subject: 'a'.repeat(QUESTION_SUBJECT_MAX + 1),
      message: 'Un message',
    });
    expect(tooLongSubject.statusCode).toBe(400);
    const tooLongMessage = await ask('studentA1', {
      subject: 'Un sujet',
      message: 'b'.repeat(QUESTION_MESSAGE_MAX + 1),
    });
    expect(tooLongMessage.statusCode).toBe(400);
    const atTheBounds = await ask('studentA1', {
      subject: 'a'.repeat(QUESTION_SUBJECT_MAX),
      message: 'b'.repeat(QUESTION_MESSAGE_MAX),
      category: 'general',
    });
    expect(atTheBounds.statusCode).toBe(200);
    expect(
      (await ask('studentA1', { subject: 'Sujet', message: 'Message', category: 'other' })).statusCode,
    ).toBe(400);
  });

  it('refuses a learner without an organisation (NO_ORGANIZATION)', async () => {
    const response = await ask('loneStudent', { subject: 'Sujet', message: 'Message' });
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('NO_ORGANIZATION');
  });

  it('refuses another organisation’s formation, and a lesson of another formation', async () => {
    const otherCourse = expectStatus(
      await world.call('trainerB', 'POST', '/api/courses', { title: 'Formation B' }),
      200,
    ).id;
    const foreign = await ask('studentA1', { subject: 'Sujet', message: 'Message', courseId: otherCourse });
    expect(foreign.statusCode).toBe(404);
    const secondCourse = expectStatus(
      await world.call('trainerA', 'POST', '/api/courses', { title: 'Word' }),
      200,
    ).id;
    const mismatched = await ask('studentA2', {
      subject: 'Sujet',
      message: 'Message',
      courseId: secondCourse,
      lessonId,
    });
    // studentA2 reads neither formation (not enrolled): both answer like unknown ones.
    expect(mismatched.statusCode).toBe(404);
  });

  it('keeps trainers out of the learner’s routes', async () => {
    const response = await ask('trainerA', { subject: 'Sujet', message: 'Message' });
    expect(response.statusCode).toBe(403);
  });

  it('lists the learner’s own questions with their replies, never another learner’s', async () => {
    const mine = expectStatus<MyQuestionList>(
      await world.call('studentA1', 'GET', '/api/student-questions?pageSize=50'),
      200,
    );
    expect(mine.items.map((item) => item.id)).toContain(question.id);
    expect(mine.items.every((item) => item.studentId === world.users.studentA1.id)).toBe(true);
    const other = expectStatus<MyQuestionList>(
      await world.call('studentA2', 'GET', '/api/student-questions'),
      200,
    );
    expect(other.items.map((item) => item.id)).not.toContain(question.id);
    expect((await world.call('studentA2', 'GET', `/api/student-questions/${question.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await world.call('studentA2', 'POST', `/api/student-questions/${question.id}/replies`, {
          message: 'Moi aussi',
        })
      ).statusCode,
    ).toBe(404);
    expect((await world.call('studentA1', 'GET', `/api/student-questions/${question.id}`)).statusCode).toBe(
      200,
    );
    const searched = expectStatus<MyQuestionList>(
      await world.call('studentA1', 'GET', '/api/student-questions?search=recherchev&status=pending'),
      200,
    );
    expect(searched.items.map((item) => item.id)).toEqual([question.id]);
  });

  it('shows the learner their organisation’s hub and trainers, and another organisation’s id as unknown', async () => {
    const organizationId = world.users.trainerA.organizationId!;
    const hub = expectStatus<QuestionHub>(
      await world.call('studentA1', 'GET', `/api/student-questions/hub?organizationId=${organizationId}`),
      200,
    );
    expect(hub.organization).toEqual({ id: organizationId, name: 'Organisme A' });
    expect(hub.trainers.map((trainer) => trainer.id).sort()).toEqual(
      [world.users.trainerA.id, colleague.id].sort(),
    );
    const foreign = await world.call(
      'studentA1',
      'GET',
      `/api/student-questions/hub?organizationId=${world.users.trainerB.organizationId}`,
    );
    expect(foreign.statusCode).toBe(404);
    const unknown = await world.call(
      'studentA1',
      'GET',
      '/api/student-questions/hub?organizationId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
  });
});

describe(`the trainers' hub on ${ENGINE} (SPEC 2, SPEC 4)`, () => {
  let first: QuestionWithReplies;
  let second: QuestionWithReplies;
  let third: QuestionWithReplies;

  beforeAll(async () => {
    first = expectStatus(await ask('studentA2', { subject: 'Première', message: 'Une' }), 200);
    second = expectStatus(await ask('studentA2', { subject: 'Deuxième', message: 'Deux' }), 200);
    third = expectStatus(await ask('studentA2', { subject: 'Troisième', message: 'Trois' }), 200);
  });

  const list = async (person: Person | 'colleague', query: string) => {
    const url = `/api/trainer/student-questions?pageSize=100&${query}`;
    const response =
      person === 'colleague' ? await asColleague('GET', url) : await world.call(person, 'GET', url);
    return expectStatus<TrainerQuestionList>(response, 200);
  };
  const ids = (page: TrainerQuestionList) => page.items.map((item) => item.id);

  it('assigns only to a trainer of the question’s organisation, and tells a trainer assigned by someone else', async () => {
    const foreign = await world.call('trainerA', 'PATCH', `/api/trainer/student-questions/${first.id}`, {
      trainerId: world.users.trainerB.id,
    });
    expect(foreign.statusCode).toBe(404);
    const learner = await world.call('trainerA', 'PATCH', `/api/trainer/student-questions/${first.id}`, {
      trainerId: world.users.studentA1.id,
    });
    expect(learner.statusCode).toBe(404);
    const assigned = expectStatus<QuestionWithReplies>(
      await world.call('trainerA', 'PATCH', `/api/trainer/student-questions/${first.id}`, {
        trainerId: colleague.id,
      }),
      200,
    );
    expect(assigned).toMatchObject({ trainerId: colleague.id, trainerName: 'Sophie Collègue' });
    const [notification] = await notificationsOf(colleague.id, 'question_assigned');
    expect(notification).toMatchObject({
      actionUrl: `/trainer/forum?question=${first.id}`,
      metadata: { questionId: first.id, subject: 'Première' },
    });
    // Taking a question oneself tells nobody.
    expectStatus(
      await world.call('trainerA', 'PATCH', `/api/trainer/student-questions/${second.id}`, {
        trainerId: world.users.trainerA.id,
      }),
      200,
    );
    expect(await notificationsOf(world.users.trainerA.id, 'question_assigned')).toEqual([]);
  });

  it('lists for a trainer the questions assigned to them plus the unassigned pending ones (tab all)', async () => {
    expectStatus(
      await world.call('trainerA', 'PATCH', `/api/trainer/student-questions/${third.id}`, {
        status: 'answered',
      }),
      200,
    );
    const all = await list('trainerA', 'tab=all');
    expect(ids(all)).toContain(second.id);
    expect(ids(all)).not.toContain(first.id); // the colleague's
    expect(ids(all)).not.toContain(third.id); // unassigned but answered
    expect(
      all.items.every(
        (item) =>
          item.trainerId === world.users.trainerA.id ||
          (item.trainerId === null && item.status === 'pending'),
      ),
    ).toBe(true);
    const colleagueAll = await list('colleague', 'tab=all');
    expect(ids(colleagueAll)).toContain(first.id);
    expect(ids(colleagueAll)).not.toContain(second.id);

    const pending = await list('trainerA', 'tab=pending');
    expect(pending.items.every((item) => item.status === 'pending')).toBe(true);
    expect(ids(pending)).toEqual(expect.arrayContaining([first.id, second.id]));
    const answered = await list('trainerA', 'tab=answered');
    expect(ids(answered)).toContain(third.id);
    const assigned = await list('trainerA', 'tab=assigned');
    expect(ids(assigned).sort()).toEqual([first.id, second.id].sort());
    const mine = await list('trainerA', 'tab=mine');
    expect(ids(mine)).toEqual([second.id]);
    expect(all.counts).toEqual({
      all: all.total,
      pending: pending.total,
      answered: answered.total,
      assigned: 2,
      mine: 1,
    });
    const searched = await list('trainerA', 'tab=pending&search=premi');
    expect(ids(searched)).toEqual([first.id]);
  });

  it('replies as a trainer: the question becomes answered, the learner is notified and emailed', async () => {
    const replied = expectStatus<QuestionWithReplies>(
      await world.call('trainerA', 'POST', `/api/trainer/student-questions/${second.id}/replies`, {
        message: '  Voici la réponse.  ',
      }),
      200,
    );
    expect(replied.status).toBe('answered');
    expect(replied.replies).toMatchObject([
      { message: 'Voici la réponse.', responderId: world.users.trainerA.id, isFromStudent: false },
    ]);
    const [notification] = await notificationsOf(world.users.studentA2.id, 'question_replied');
    expect(notification).toMatchObject({
      actionUrl: `/questions?question=${second.id}`,
      metadata: { questionId: second.id, subject: 'Deuxième' },
    });
    const mails = await mailsTo('hugo@org-a.example', 'question-replied');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/questions?question=${second.id}`);
    expect(
      (
        await world.call('trainerA', 'POST', `/api/trainer/student-questions/${second.id}/replies`, {
          message: '  ',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets the learner follow up: back to pending, and the trainer in charge alone is told', async () => {
    const followed = expectStatus<QuestionWithReplies>(
      await world.call('studentA2', 'POST', `/api/student-questions/${second.id}/replies`, {
        message: 'Merci, mais encore une chose.',
      }),
      200,
    );
    expect(followed.status).toBe('pending');
    expect(followed.replies.at(-1)).toMatchObject({
      isFromStudent: true,
      responderId: world.users.studentA2.id,
    });
    const [notification] = await notificationsOf(world.users.trainerA.id, 'student_reply_received');
    expect(notification).toMatchObject({ actionUrl: `/trainer/forum?question=${second.id}` });
    expect(await notificationsOf(colleague.id, 'student_reply_received')).toEqual([]);
    expect(await mailsTo('trainer@org-a.example', 'student-reply-received')).toHaveLength(1);
    expect(await mailsTo(COLLEAGUE_EMAIL, 'student-reply-received')).toHaveLength(0);
  });

  it('tells the whole staff of a follow-up on an unassigned question', async () => {
    expectStatus(
      await world.call('studentA2', 'POST', `/api/student-questions/${third.id}/replies`, {
        message: 'Et ensuite ?',
      }),
      200,
    );
    expect(await notificationsOf(colleague.id, 'student_reply_received')).toHaveLength(1);
    expect(await mailsTo(COLLEAGUE_EMAIL, 'student-reply-received')).toHaveLength(1);
  });

  it('changes status to any of the three, keeps resolved on a trainer’s reply, and unassigns', async () => {
    for (const status of ['resolved', 'pending', 'answered', 'resolved'] as const) {
      const changed = expectStatus<QuestionWithReplies>(
        await world.call('trainerA', 'PATCH', `/api/trainer/student-questions/${third.id}`, { status }),
        200,
      );
      expect(changed.status).toBe(status);
    }
    const replied = expectStatus<QuestionWithReplies>(
      await world.call('trainerA', 'POST', `/api/trainer/student-questions/${third.id}/replies`, {
        message: 'Pour mémoire.',
      }),
      200,
    );
    expect(replied.status).toBe('resolved');
    expect(
      (
        await world.call('trainerA', 'PATCH', `/api/trainer/student-questions/${third.id}`, {
          status: 'closed',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await world.call('trainerA', 'PATCH', `/api/trainer/student-questions/${third.id}`, {})).statusCode,
    ).toBe(400);
    const unassigned = expectStatus<QuestionWithReplies>(
      await world.call('trainerA', 'PATCH', `/api/trainer/student-questions/${first.id}`, {
        trainerId: null,
      }),
      200,
    );
    expect(unassigned.trainerId).toBeNull();
  });

  it('lists the organisation’s trainers for assignment', async () => {
    const trainers = expectStatus<QuestionTrainerList>(
      await world.call('trainerA', 'GET', '/api/trainer/student-questions/trainers'),
      200,
    );
    expect(trainers.items.map((trainer) => trainer.id).sort()).toEqual(
      [world.users.trainerA.id, colleague.id].sort(),
    );
  });

  it('answers another organisation’s questions like unknown ones (tenant isolation)', async () => {
    const url = `/api/trainer/student-questions/${first.id}`;
    const unknownUrl = '/api/trainer/student-questions/00000000-0000-4000-8000-000000000000';
    for (const [method, path, payload] of [
      ['GET', url, undefined],
      ['POST', `${url}/replies`, { message: 'Intrusion' }],
      ['PATCH', url, { status: 'resolved' }],
    ] as const) {
      const response = await world.call('trainerB', method, path, payload);
      expect(response.statusCode).toBe(404);
    }
    expect((await world.call('trainerB', 'GET', unknownUrl)).statusCode).toBe(404);
    expect((await world.call('studentB', 'GET', `/api/student-questions/${first.id}`)).statusCode).toBe(404);
    const listB = await list('trainerB', 'tab=pending');
    expect(listB.total).toBe(0);
    const named = await world.call(
      'trainerB',
      'GET',
      `/api/trainer/student-questions?organizationId=${world.users.trainerA.organizationId}`,
    );
    expect(named.statusCode).toBe(404);
    expect(
      (
        await world.call(
          'trainerB',
          'GET',
          `/api/trainer/student-questions/trainers?organizationId=${world.users.trainerA.organizationId}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('lets an admin open an organisation’s hub by naming it', async () => {
    const page = expectStatus<TrainerQuestionList>(
      await world.call(
        'admin',
        'GET',
        `/api/trainer/student-questions?tab=all&pageSize=100&organizationId=${world.users.trainerA.organizationId}`,
      ),
      200,
    );
    expect(page.total).toBe(page.counts.all);
    expect(ids(page)).toEqual(expect.arrayContaining([first.id, second.id, third.id]));
    expect((await world.call('admin', 'GET', `/api/trainer/student-questions/${first.id}`)).statusCode).toBe(
      200,
    );
  });

  it('keeps learners out of the trainers’ routes', async () => {
    expect((await world.call('studentA1', 'GET', '/api/trainer/student-questions')).statusCode).toBe(403);
    expect(
      (
        await world.call('studentA2', 'PATCH', `/api/trainer/student-questions/${first.id}`, {
          status: 'resolved',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe(`row-level security of the questions on ${ENGINE}`, () => {
  it('lets a learner only reopen their own question, and read no one else’s question or replies', async () => {
    const { database } = world.testApp;
    const own = expectStatus<QuestionWithReplies>(
      await ask('studentA1', { subject: 'Mienne', message: 'M' }),
      200,
    );
    const other = expectStatus<QuestionWithReplies>(
      await ask('studentA2', { subject: 'Sienne', message: 'S' }),
      200,
    );
    expectStatus(
      await world.call('trainerA', 'POST', `/api/trainer/student-questions/${other.id}/replies`, {
        message: 'R',
      }),
      200,
    );
    const learner = {
      userId: world.users.studentA1.id,
      role: 'student' as const,
      organizationId: world.users.studentA1.organizationId,
    };
    await expect(
      database.withTenant(learner, (tx) =>
        tx.update(studentQuestions).set({ status: 'resolved' }).where(eq(studentQuestions.id, own.id)),
      ),
    ).rejects.toThrow();
    await expect(
      database.withTenant(learner, (tx) =>
        tx.update(studentQuestions).set({ subject: 'Réécrit' }).where(eq(studentQuestions.id, own.id)),
      ),
    ).rejects.toThrow();
    const moved = await database.withTenant(learner, (tx) =>
      tx
        .update(studentQuestions)
        .set({ status: 'pending' })
        .where(eq(studentQuestions.id, other.id))
        .returning({ id: studentQuestions.id }),
    );
    expect(moved).toEqual([]);
    const seen = await database.withTenant(learner, async (tx) => ({
      questions: await tx.select().from(studentQuestions).where(eq(studentQuestions.id, other.id)),
      replies: await tx.select().from(questionReplies).where(eq(questionReplies.questionId, other.id)),
    }));
    expect(seen).toEqual({ questions: [], replies: [] });
    await expect(
      database.withTenant(learner, (tx) =>
        tx.insert(questionReplies).values({
          organizationId: other.organizationId,
          questionId: other.id,
          message: 'Intrusion',
          responderId: world.users.studentA1.id,
        }),
      ),
    ).rejects.toThrow();
  });
});
