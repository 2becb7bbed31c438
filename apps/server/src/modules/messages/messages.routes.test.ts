import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Conversation,
  type ConversationList,
  MESSAGE_BODY_MAX,
  type Message,
  type MessageContactList,
  type MessageList,
  type StoredFile,
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
import { notifications } from '../notifications/notifications.tables.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { ATTACHMENT_SEND_WINDOW_MS } from './messages.service.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);

let world: CoursesWorld;
let dataDir: string;
/** A second trainer of organisation A: staff of the organisation, but a third party to A1's conversations. */
let secondTrainer: { id: string; cookie: string };
/** Moves forward a little on every read, so messages sent back to back keep their order. */
let clock = Date.now();
let conversationA1: Conversation;

type Caller = Person | 'secondTrainer';

function call(caller: Caller, method: 'GET' | 'POST', url: string, payload?: unknown) {
  if (caller !== 'secondTrainer') return world.call(caller, method, url, payload);
  return world.testApp.app.inject({
    method,
    url,
    headers: { ...ORIGIN, cookie: secondTrainer.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function upload(caller: Caller, conversationId: string, file: Buffer, fileName: string) {
  const boundary = '----cursus-messages-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const cookie = caller === 'secondTrainer' ? secondTrainer.cookie : world.users[caller].cookie;
  return world.testApp.app.inject({
    method: 'POST',
    url: `/api/messages/conversations/${conversationId}/files?purpose=document`,
    headers: { ...ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
    payload: body,
  });
}

const unreadCount = async (caller: Caller) =>
  expectStatus<{ count: number }>(await call(caller, 'GET', '/api/messages/unread-count'), 200).count;

const send = async (caller: Caller, conversationId: string, payload: unknown) =>
  expectStatus<Message>(
    await call(caller, 'POST', `/api/messages/conversations/${conversationId}/messages`, payload),
    200,
  );

const messageNotificationsOf = (userId: string) =>
  world.testApp.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'message_received')));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cursus-messages-'));
  world = await createCoursesWorld(
    { DATA_DIR: dataDir },
    {
      now: () => {
        clock += 5;
        return new Date(clock);
      },
    },
  );
  const { testApp } = world;
  // A trainer who joined organisation A: placed there by the owner, as no route moves a trainer.
  const email = 'bastien@org-a.example';
  await createConfirmedUser(testApp, {
    email,
    role: 'trainer',
    organizationName: 'Organisme provisoire',
    firstName: 'Bastien',
    lastName: 'Second',
  });
  const [placed] = await testApp.database.db
    .update(profiles)
    .set({ organizationId: world.users.trainerA.organizationId })
    .where(eq(profiles.email, email))
    .returning({ id: profiles.id });
  testApp.modules.organizations.service.forget(placed!.id);
  secondTrainer = { id: placed!.id, cookie: cookieHeader(await signIn(testApp.app, email)) };
});
afterAll(async () => {
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`messages on ${ENGINE} (issue 14 point 4)`, () => {
  it('lets a learner start a conversation with a trainer of their organisation, once per pair', async () => {
    conversationA1 = expectStatus<Conversation>(
      await call('studentA1', 'POST', '/api/messages/conversations', {
        participantId: world.users.trainerA.id,
      }),
      200,
    );
    expect(conversationA1).toMatchObject({
      participant: { id: world.users.trainerA.id, role: 'trainer' },
      lastMessage: null,
      unreadCount: 0,
    });
    const again = expectStatus<Conversation>(
      await call('studentA1', 'POST', '/api/messages/conversations', {
        participantId: world.users.trainerA.id,
      }),
      200,
    );
    expect(again.id).toBe(conversationA1.id);
    // The trainer starting it finds the same conversation.
    const fromTrainer = expectStatus<Conversation>(
      await call('trainerA', 'POST', '/api/messages/conversations', {
        participantId: world.users.studentA1.id,
      }),
      200,
    );
    expect(fromTrainer).toMatchObject({
      id: conversationA1.id,
      participant: { id: world.users.studentA1.id, role: 'student' },
    });
  });

  it('pairs a learner only with a trainer of their own organisation, and a trainer with its learners', async () => {
    const start = (caller: Caller, participantId: string) =>
      call(caller, 'POST', '/api/messages/conversations', { participantId });
    const { users } = world;
    // A learner cannot write to another learner, to another organisation's trainer, or to themselves.
    expect((await start('studentA1', users.studentA2.id)).statusCode).toBe(404);
    expect((await start('studentA1', users.trainerB.id)).statusCode).toBe(404);
    expect((await start('studentA1', users.studentA1.id)).statusCode).toBe(404);
    expect((await start('studentA1', 'not-a-user')).statusCode).toBe(404);
    // A trainer cannot open a conversation with a colleague or another organisation's learner.
    expect((await start('trainerA', secondTrainer.id)).statusCode).toBe(404);
    expect((await start('trainerA', users.studentB.id)).statusCode).toBe(404);
    expect((await start('trainerB', users.studentA1.id)).statusCode).toBe(404);
    // No organisation, no conversation.
    const lone = await start('loneStudent', users.trainerA.id);
    expect([lone.statusCode, lone.json().error.code]).toEqual([409, 'NO_ORGANIZATION']);
    expect((await call('studentA1', 'POST', '/api/messages/conversations', {})).statusCode).toBe(400);
    const nul = await call('studentA1', 'POST', '/api/messages/conversations', { participantId: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect((await call('studentA1', 'GET', '/api/messages/conversations?search=a%00b')).statusCode).toBe(400);
    expect((await call('studentA1', 'GET', '/api/messages/contacts?search=a%00b')).statusCode).toBe(400);
  });

  it('refuses an empty message, one of spaces only or one over the limit, and trims the text', async () => {
    const url = `/api/messages/conversations/${conversationA1.id}/messages`;
    for (const payload of [
      {},
      { body: '' },
      { body: '   \n ' },
      { body: 'x'.repeat(MESSAGE_BODY_MAX + 1) },
      { body: 'octet \u0000 nul' },
    ]) {
      expect((await call('studentA1', 'POST', url, payload)).statusCode).toBe(400);
    }
    const sent = await send('studentA1', conversationA1.id, { body: '  Bonjour, une question sur SI  ' });
    expect(sent).toMatchObject({ body: 'Bonjour, une question sur SI', isMine: true, file: null });
  });

  it('counts exactly what the reader has not read, and clears it when they mark the conversation read', async () => {
    await send('studentA1', conversationA1.id, { body: 'Mon résultat affiche toujours OK.' });
    expect(await unreadCount('trainerA')).toBe(2);
    expect(await unreadCount('studentA1')).toBe(0);
    const list = expectStatus<ConversationList>(
      await call('trainerA', 'GET', '/api/messages/conversations'),
      200,
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: conversationA1.id,
      unreadCount: 2,
      lastMessage: { text: 'Mon résultat affiche toujours OK.', isMine: false, hasAttachment: false },
    });

    expectStatus(
      await call('trainerA', 'POST', `/api/messages/conversations/${conversationA1.id}/read`),
      200,
    );
    expect(await unreadCount('trainerA')).toBe(0);
    await send('trainerA', conversationA1.id, { body: 'Vérifiez les $ de la référence.' });
    expect(await unreadCount('trainerA')).toBe(0);
    expect(await unreadCount('studentA1')).toBe(1);
    await send('studentA1', conversationA1.id, { body: 'Merci !' });
    expect(await unreadCount('trainerA')).toBe(1);
  });

  it('tells the recipient once per unread stretch of the conversation, with a link to it', async () => {
    const trainerNotes = await messageNotificationsOf(world.users.trainerA.id);
    // Three messages from the learner, one read in between: two notifications, not three.
    expect(trainerNotes).toHaveLength(2);
    expect(trainerNotes[0]).toMatchObject({
      actionUrl: `/trainer/messages?conversation=${conversationA1.id}`,
      metadata: { conversationId: conversationA1.id },
    });
    // The trainer's reading in between read the first announcement too.
    expect(trainerNotes.map((note) => note.isRead).sort()).toEqual([false, true]);
    const learnerNotes = await messageNotificationsOf(world.users.studentA1.id);
    expect(learnerNotes).toHaveLength(1);
    expect(learnerNotes[0]!.actionUrl).toBe(`/messages?conversation=${conversationA1.id}`);
    await send('trainerA', conversationA1.id, { body: 'Je vous envoie une fiche.' });
    expect(await messageNotificationsOf(world.users.studentA1.id)).toHaveLength(1);
    expectStatus(
      await call('studentA1', 'POST', `/api/messages/conversations/${conversationA1.id}/read`),
      200,
    );
    // Opening the conversation reads its announcement in the bell too.
    expect((await messageNotificationsOf(world.users.studentA1.id)).map((note) => note.isRead)).toEqual([
      true,
    ]);
    await send('trainerA', conversationA1.id, { body: 'Et un exemple corrigé.' });
    const afterReading = await messageNotificationsOf(world.users.studentA1.id);
    expect(afterReading.map((note) => note.isRead).sort()).toEqual([false, true]);
  });

  it('reads a thread newest last, older messages page by page', async () => {
    const url = `/api/messages/conversations/${conversationA1.id}/messages`;
    const all = expectStatus<MessageList>(await call('studentA1', 'GET', url), 200);
    expect(all.hasOlder).toBe(false);
    expect(all.items.map((message) => message.body)).toEqual([
      'Bonjour, une question sur SI',
      'Mon résultat affiche toujours OK.',
      'Vérifiez les $ de la référence.',
      'Merci !',
      'Je vous envoie une fiche.',
      'Et un exemple corrigé.',
    ]);
    const newest = expectStatus<MessageList>(await call('studentA1', 'GET', `${url}?limit=4`), 200);
    expect(newest.hasOlder).toBe(true);
    expect(newest.items.map((message) => message.id)).toEqual(
      all.items.slice(2).map((message) => message.id),
    );
    const older = expectStatus<MessageList>(
      await call('studentA1', 'GET', `${url}?limit=4&before=${newest.items[0]!.id}`),
      200,
    );
    expect(older).toMatchObject({ hasOlder: false });
    expect(older.items.map((message) => message.id)).toEqual(
      all.items.slice(0, 2).map((message) => message.id),
    );
    expect((await call('studentA1', 'GET', `${url}?limit=0`)).statusCode).toBe(400);
  });

  it('answers 404 to everyone but the two participants, a trainer of the same organisation included', async () => {
    const base = `/api/messages/conversations/${conversationA1.id}`;
    for (const caller of ['secondTrainer', 'studentA2', 'trainerB', 'studentB'] as const) {
      const answers = [
        await call(caller, 'GET', base),
        await call(caller, 'GET', `${base}/messages`),
        await call(caller, 'POST', `${base}/messages`, { body: 'Intrusion' }),
        await call(caller, 'POST', `${base}/read`),
        await upload(caller, conversationA1.id, PDF, 'intrus.pdf'),
      ];
      expect(
        answers.map((answer) => answer.statusCode),
        caller,
      ).toEqual([404, 404, 404, 404, 404]);
      expect(answers.every((answer) => !answer.body.includes('Bonjour'))).toBe(true);
      const list = expectStatus<ConversationList>(
        await call(caller, 'GET', '/api/messages/conversations'),
        200,
      );
      expect(list.items.map((item) => item.id)).not.toContain(conversationA1.id);
    }
    expect((await call('studentA1', 'GET', '/api/messages/conversations/not-an-id')).statusCode).toBe(400);
  });

  it('lets both participants, and only them, read an attachment', async () => {
    const file = expectStatus<StoredFile>(
      await upload('studentA1', conversationA1.id, PDF, 'formules.pdf'),
      200,
    );
    const sent = await send('studentA1', conversationA1.id, { fileId: file.id });
    expect(sent).toMatchObject({ body: '', file: { id: file.id, name: 'formules.pdf' } });
    const download = (caller: Caller) => call(caller, 'GET', `/api/files/${file.id}`);
    expect((await download('studentA1')).statusCode).toBe(200);
    expect((await download('trainerA')).statusCode).toBe(200);
    for (const caller of ['secondTrainer', 'studentA2', 'trainerB', 'studentB'] as const)
      expect((await download(caller)).statusCode, caller).toBe(404);
    const list = expectStatus<ConversationList>(
      await call('trainerA', 'GET', '/api/messages/conversations'),
      200,
    );
    expect(list.items[0]!.lastMessage).toMatchObject({ text: '', hasAttachment: true });
    // The orphan sweep keeps it.
    const inUse = await world.testApp.modules.fileAccess.fileIdsInUse(world.users.trainerA.organizationId!);
    expect(inUse.has(file.id)).toBe(true);
    // Sent once: the same file cannot be sent again, nor by the other side.
    const again = await call(
      'studentA1',
      'POST',
      `/api/messages/conversations/${conversationA1.id}/messages`,
      {
        fileId: file.id,
      },
    );
    expect(again.statusCode).toBe(400);
    const bySomeoneElse = await call(
      'trainerA',
      'POST',
      `/api/messages/conversations/${conversationA1.id}/messages`,
      {
        body: 'Voici',
        fileId: file.id,
      },
    );
    expect(bySomeoneElse.statusCode).toBe(400);
  });

  it('refuses to attach an old upload, which belongs to something else by then', async () => {
    const file = expectStatus<StoredFile>(
      await upload('trainerA', conversationA1.id, PDF, 'ancien.pdf'),
      200,
    );
    clock += ATTACHMENT_SEND_WINDOW_MS + 1000;
    const answer = await call(
      'trainerA',
      'POST',
      `/api/messages/conversations/${conversationA1.id}/messages`,
      {
        fileId: file.id,
      },
    );
    expect([answer.statusCode, answer.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('lists whom one may write to: a learner the trainers, a trainer the learners', async () => {
    const ofLearner = expectStatus<MessageContactList>(
      await call('studentA1', 'GET', '/api/messages/contacts'),
      200,
    );
    expect(ofLearner.items.map((contact) => contact.id).sort()).toEqual(
      [world.users.trainerA.id, secondTrainer.id].sort(),
    );
    expect(ofLearner.items.find((contact) => contact.id === world.users.trainerA.id)?.conversationId).toBe(
      conversationA1.id,
    );
    const bastien = expectStatus<MessageContactList>(
      await call('studentA1', 'GET', '/api/messages/contacts?search=bastien'),
      200,
    );
    expect(bastien.items).toEqual([
      { id: secondTrainer.id, fullName: 'Bastien Second', conversationId: null },
    ]);
    const ofTrainer = expectStatus<MessageContactList>(
      await call('trainerA', 'GET', '/api/messages/contacts'),
      200,
    );
    expect(ofTrainer.items.map((contact) => contact.id).sort()).toEqual(
      [world.users.studentA1.id, world.users.studentA2.id].sort(),
    );
    const ofOtherTrainer = expectStatus<MessageContactList>(
      await call('trainerB', 'GET', '/api/messages/contacts'),
      200,
    );
    expect(ofOtherTrainer.items.map((contact) => contact.id)).toEqual([world.users.studentB.id]);
  });

  it('finds a conversation by the other person’s name', async () => {
    expectStatus(
      await call('studentA1', 'POST', '/api/messages/conversations', { participantId: secondTrainer.id }),
      200,
    );
    const all = expectStatus<ConversationList>(
      await call('studentA1', 'GET', '/api/messages/conversations'),
      200,
    );
    expect(all.total).toBe(2);
    const found = expectStatus<ConversationList>(
      await call('studentA1', 'GET', '/api/messages/conversations?search=BASTIEN'),
      200,
    );
    expect(found.items.map((item) => item.participant.fullName)).toEqual(['Bastien Second']);
    const paged = expectStatus<ConversationList>(
      await call('studentA1', 'GET', '/api/messages/conversations?pageSize=1&page=2'),
      200,
    );
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
  });
});
