import type { ForumPost, ForumThreadDetail, ForumThreadList } from '@cursus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CoursesWorld,
  createCoursesWorld,
  expectStatus,
  type Person,
} from '../../../test/courses-world.ts';
import { createConfirmedUser, ENGINE, ORIGIN } from '../../../test/helper.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { forumMentions } from './forum.tables.ts';

let world: CoursesWorld;
/** A second trainer of organisation A, to be named and to reply. */
let colleague: { id: string; cookie: string };

type Caller = Person | 'colleague';

function call(
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  if (caller !== 'colleague') return world.call(caller, method, url, payload);
  return world.testApp.app.inject({
    method,
    url,
    headers: { ...ORIGIN, cookie: colleague.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const idOf = (caller: Caller) => (caller === 'colleague' ? colleague.id : world.users[caller].id);

async function createThread(caller: Caller, body: Record<string, unknown>): Promise<ForumThreadDetail> {
  return expectStatus(await call(caller, 'POST', '/api/forum/threads', body), 200);
}

const notificationsOf = (caller: Caller, type: string) =>
  world.testApp.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, idOf(caller)), eq(notifications.type, type)));

beforeAll(async () => {
  world = await createCoursesWorld();
  const { testApp } = world;
  // A second trainer joins organisation A (no route does it yet: the owner moves the profile).
  const cookie = await createConfirmedUser(testApp, {
    email: 'colleague@org-a.example',
    role: 'trainer',
    organizationName: 'Organisme Temporaire',
    firstName: 'Camille',
    lastName: 'Collègue',
  });
  const session = await testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  colleague = { id: session.json().user.id, cookie };
  await testApp.database.db
    .update(profiles)
    .set({ organizationId: world.users.trainerA.organizationId })
    .where(sql`${profiles.id} = ${colleague.id}`);
  testApp.modules.organizations.service.forget(colleague.id);
});
afterAll(() => world.close());
beforeEach(async () => {
  await world.testApp.database.db.delete(notifications);
});

describe(`forum on ${ENGINE} (issue 14 point 3)`, () => {
  it('refuses learners, theirs or any organisation’s (403)', async () => {
    for (const student of ['studentA1', 'studentB'] as const) {
      expect((await call(student, 'GET', '/api/forum/threads')).statusCode).toBe(403);
      expect(
        (await call(student, 'POST', '/api/forum/threads', { title: 'Bonjour', body: 'Test' })).statusCode,
      ).toBe(403);
      expect((await call(student, 'GET', '/api/forum/trainers')).statusCode).toBe(403);
    }
  });

  it('stores mentions by id and notifies only the organisation’s trainers named, never the author', async () => {
    const created = await createThread('trainerA', {
      title: 'Planning de décembre',
      body: 'Qui prend la session du 12 ? @Camille Collègue',
      mentions: [colleague.id, world.users.trainerB.id, world.users.studentA1.id, world.users.trainerA.id],
    });
    expect(created.thread.mentions.map((person) => person.id).sort()).toEqual(
      [colleague.id, world.users.trainerA.id].sort(),
    );
    expect(created.thread.mentions.find((person) => person.id === colleague.id)?.fullName).toBe(
      'Camille Collègue',
    );
    const stored = await world.testApp.database.db
      .select()
      .from(forumMentions)
      .where(eq(forumMentions.threadId, created.thread.id));
    expect(stored.map((row) => row.userId).sort()).toEqual([colleague.id, world.users.trainerA.id].sort());

    const [mention] = await notificationsOf('colleague', 'forum_mention');
    expect(mention).toMatchObject({
      actionUrl: `/trainer/forum?thread=${created.thread.id}`,
      metadata: { threadId: created.thread.id, threadTitle: 'Planning de décembre' },
    });
    expect(await notificationsOf('trainerB', 'forum_mention')).toEqual([]);
    expect(await notificationsOf('studentA1', 'forum_mention')).toEqual([]);
    expect(await notificationsOf('trainerA', 'forum_mention')).toEqual([]);
  });

  it('tells the thread’s author of a reply by someone else, and a newly named trainer on an edit', async () => {
    const { thread } = await createThread('trainerA', {
      title: 'Salle 3',
      body: 'Le vidéoprojecteur est en panne.',
    });
    const reply = expectStatus<ForumPost>(
      await call('colleague', 'POST', `/api/forum/threads/${thread.id}/posts`, {
        body: 'Je préviens\nl’accueil.',
      }),
      200,
    );
    expect(reply).toMatchObject({
      body: 'Je préviens\nl’accueil.',
      isMine: true,
      author: { id: colleague.id },
    });
    const [told] = await notificationsOf('trainerA', 'forum_reply');
    expect(told).toMatchObject({
      actionUrl: `/trainer/forum?thread=${thread.id}`,
      metadata: { threadTitle: 'Salle 3' },
    });

    await world.testApp.database.db.delete(notifications);
    expectStatus(
      await call('trainerA', 'POST', `/api/forum/threads/${thread.id}/posts`, { body: 'Merci !' }),
      200,
    );
    expect(await notificationsOf('trainerA', 'forum_reply')).toEqual([]);

    // The colleague names trainer A on an edit; editing again with the same name tells nobody twice.
    const edit = { body: 'Je préviens l’accueil, @Anne de la Tour.', mentions: [world.users.trainerA.id] };
    expectStatus(await call('colleague', 'PATCH', `/api/forum/posts/${reply.id}`, edit), 200);
    expectStatus(await call('colleague', 'PATCH', `/api/forum/posts/${reply.id}`, edit), 200);
    expect(await notificationsOf('trainerA', 'forum_mention')).toHaveLength(1);
  });

  it('lets only the author edit or delete a thread or a reply', async () => {
    const { thread } = await createThread('trainerA', { title: 'À moi', body: 'Mon fil' });
    const post = expectStatus<ForumPost>(
      await call('colleague', 'POST', `/api/forum/threads/${thread.id}/posts`, { body: 'Ma réponse' }),
      200,
    );
    expect(
      (await call('colleague', 'PATCH', `/api/forum/threads/${thread.id}`, { title: 'X', body: 'Y' }))
        .statusCode,
    ).toBe(403);
    expect((await call('colleague', 'DELETE', `/api/forum/threads/${thread.id}`)).statusCode).toBe(403);
    expect((await call('trainerA', 'PATCH', `/api/forum/posts/${post.id}`, { body: 'Z' })).statusCode).toBe(
      403,
    );
    expect((await call('trainerA', 'DELETE', `/api/forum/posts/${post.id}`)).statusCode).toBe(403);

    const edited = expectStatus<ForumThreadDetail>(
      await call('trainerA', 'PATCH', `/api/forum/threads/${thread.id}`, {
        title: 'À moi (modifié)',
        body: 'Mon fil',
      }),
      200,
    );
    expect(edited.thread.title).toBe('À moi (modifié)');
    expect(edited.thread.editedAt).not.toBeNull();
    expectStatus(await call('colleague', 'DELETE', `/api/forum/posts/${post.id}`), 200);
    expect(
      expectStatus<ForumThreadDetail>(await call('trainerA', 'GET', `/api/forum/threads/${thread.id}`), 200)
        .posts,
    ).toEqual([]);
    expectStatus(await call('trainerA', 'DELETE', `/api/forum/threads/${thread.id}`), 200);
    expect((await call('trainerA', 'GET', `/api/forum/threads/${thread.id}`)).statusCode).toBe(404);
  });

  it('counts a like once per person, on threads and replies, and takes it back once', async () => {
    const { thread } = await createThread('trainerA', { title: 'Aimé', body: 'Corps' });
    const url = `/api/forum/threads/${thread.id}/like`;
    expect(expectStatus(await call('colleague', 'PUT', url, { liked: true }), 200)).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(expectStatus(await call('colleague', 'PUT', url, { liked: true }), 200)).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(expectStatus(await call('trainerA', 'PUT', url, { liked: true }), 200)).toEqual({
      liked: true,
      likeCount: 2,
    });
    expect(expectStatus(await call('colleague', 'PUT', url, { liked: false }), 200)).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect(expectStatus(await call('colleague', 'PUT', url, { liked: false }), 200)).toEqual({
      liked: false,
      likeCount: 1,
    });

    const post = expectStatus<ForumPost>(
      await call('colleague', 'POST', `/api/forum/threads/${thread.id}/posts`, { body: 'Réponse' }),
      200,
    );
    const postUrl = `/api/forum/posts/${post.id}/like`;
    expectStatus(await call('trainerA', 'PUT', postUrl, { liked: true }), 200);
    expect(expectStatus(await call('trainerA', 'PUT', postUrl, { liked: true }), 200)).toEqual({
      liked: true,
      likeCount: 1,
    });
    const detail = expectStatus<ForumThreadDetail>(
      await call('trainerA', 'GET', `/api/forum/threads/${thread.id}`),
      200,
    );
    expect(detail.thread).toMatchObject({ likeCount: 1, likedByMe: true });
    expect(detail.posts[0]).toMatchObject({ likeCount: 1, likedByMe: true, isMine: false });
  });

  it('counts each reader once however often they open a thread', async () => {
    const { thread } = await createThread('trainerA', { title: 'Lu', body: 'Corps' });
    const view = async (caller: Caller) =>
      expectStatus<{ viewCount: number }>(
        await call(caller, 'POST', `/api/forum/threads/${thread.id}/view`),
        200,
      );
    expect(await view('trainerA')).toEqual({ viewCount: 1 });
    expect(await view('trainerA')).toEqual({ viewCount: 1 });
    expect(await view('colleague')).toEqual({ viewCount: 2 });
    expect(await view('colleague')).toEqual({ viewCount: 2 });
    const detail = expectStatus<ForumThreadDetail>(
      await call('trainerA', 'GET', `/api/forum/threads/${thread.id}`),
      200,
    );
    expect(detail.thread.viewCount).toBe(2);
  });

  it('lists pinned threads first, then in the order asked, with search, pages and participants', async () => {
    // Organisation B's own forum, so earlier tests' threads of A stay out of the counts.
    const trainerB = 'trainerB' as const;
    const quiet = await createThread(trainerB, { title: 'Fil calme', body: 'Rien' });
    const liked = await createThread(trainerB, { title: 'Fil aimé', body: 'Apprécié' });
    const busy = await createThread(trainerB, { title: 'Fil animé', body: 'Discuté' });
    const pinned = await createThread(trainerB, { title: 'Règles', body: 'À lire' });
    expectStatus(
      await call(trainerB, 'PUT', `/api/forum/threads/${liked.thread.id}/like`, { liked: true }),
      200,
    );
    for (let index = 0; index < 2; index += 1)
      expectStatus(
        await call(trainerB, 'POST', `/api/forum/threads/${busy.thread.id}/posts`, { body: `R${index}` }),
        200,
      );
    expectStatus(await call(trainerB, 'POST', `/api/forum/threads/${quiet.thread.id}/view`), 200);
    expectStatus(
      await call(trainerB, 'PUT', `/api/forum/threads/${pinned.thread.id}/pin`, { pinned: true }),
      200,
    );

    const titles = async (query: string) =>
      expectStatus<ForumThreadList>(
        await call(trainerB, 'GET', `/api/forum/threads?${query}`),
        200,
      ).items.map((item) => item.title);
    expect(await titles('sort=activity')).toEqual(['Règles', 'Fil animé', 'Fil aimé', 'Fil calme']);
    expect(await titles('sort=newest')).toEqual(['Règles', 'Fil animé', 'Fil aimé', 'Fil calme']);
    expect((await titles('sort=likes'))[1]).toBe('Fil aimé');
    expect((await titles('sort=views'))[1]).toBe('Fil calme');
    expect((await titles('sort=replies'))[1]).toBe('Fil animé');
    expect(await titles('search=appr')).toEqual(['Fil aimé']);
    expect(await titles('search=100%25')).toEqual([]);

    const page = expectStatus<ForumThreadList>(
      await call(trainerB, 'GET', '/api/forum/threads?pageSize=2&page=2'),
      200,
    );
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(2);

    const [row] = expectStatus<ForumThreadList>(
      await call(trainerB, 'GET', '/api/forum/threads?search=anim'),
      200,
    ).items;
    expect(row).toMatchObject({
      replyCount: 2,
      participantCount: 1,
      participants: [{ id: world.users.trainerB.id }],
    });

    expectStatus(
      await call(trainerB, 'PUT', `/api/forum/threads/${pinned.thread.id}/pin`, { pinned: false }),
      200,
    );
    expect((await titles('sort=newest'))[0]).toBe('Règles');
    expect((await titles('sort=activity'))[0]).toBe('Fil animé');
  });

  it('answers another organisation’s thread and reply ids like unknown ones (404)', async () => {
    const { thread } = await createThread('trainerA', { title: 'Interne A', body: 'Confidentiel' });
    const post = expectStatus<ForumPost>(
      await call('trainerA', 'POST', `/api/forum/threads/${thread.id}/posts`, { body: 'Réponse A' }),
      200,
    );
    const requests: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', `/api/forum/threads/${thread.id}`],
      ['PATCH', `/api/forum/threads/${thread.id}`, { title: 'B', body: 'B' }],
      ['PUT', `/api/forum/threads/${thread.id}/pin`, { pinned: true }],
      ['PUT', `/api/forum/threads/${thread.id}/like`, { liked: true }],
      ['POST', `/api/forum/threads/${thread.id}/view`],
      ['POST', `/api/forum/threads/${thread.id}/posts`, { body: 'Intrus' }],
      ['PATCH', `/api/forum/posts/${post.id}`, { body: 'Intrus' }],
      ['PUT', `/api/forum/posts/${post.id}/like`, { liked: true }],
      ['DELETE', `/api/forum/posts/${post.id}`],
      ['DELETE', `/api/forum/threads/${thread.id}`],
      ['GET', `/api/forum/threads?organizationId=${world.users.trainerA.organizationId}`],
      ['GET', `/api/forum/trainers?organizationId=${world.users.trainerA.organizationId}`],
    ];
    for (const [method, url, payload] of requests) {
      const response: LightMyRequestResponse = await call('trainerB', method, url, payload);
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
      expect(response.body).not.toContain('Interne A');
    }
    const created = await call('trainerB', 'POST', '/api/forum/threads', {
      organizationId: world.users.trainerA.organizationId,
      title: 'Intrus',
      body: 'Intrus',
    });
    expect(created.statusCode).toBe(404);
    expect(
      expectStatus(await call('trainerA', 'GET', `/api/forum/threads/${thread.id}`), 200).thread.title,
    ).toBe('Interne A');
  });

  it('lets an admin open any organisation’s forum by naming it', async () => {
    const organizationId = world.users.trainerB.organizationId!;
    const list = expectStatus<ForumThreadList>(
      await call('admin', 'GET', `/api/forum/threads?organizationId=${organizationId}`),
      200,
    );
    expect(list.total).toBeGreaterThan(0);
    const trainers = expectStatus(
      await call('admin', 'GET', `/api/forum/trainers?organizationId=${organizationId}`),
      200,
    );
    expect(trainers.items.map((person: { id: string }) => person.id)).toEqual([world.users.trainerB.id]);
    expectStatus(await call('admin', 'GET', `/api/forum/threads/${list.items[0]!.id}`), 200);
  });

  it('offers the organisation’s trainers to name, and refuses malformed input with 400', async () => {
    const trainers = expectStatus(await call('trainerA', 'GET', '/api/forum/trainers'), 200);
    expect(trainers.items.map((person: { id: string }) => person.id).sort()).toEqual(
      [world.users.trainerA.id, colleague.id].sort(),
    );
    expect(
      (await call('trainerA', 'POST', '/api/forum/threads', { title: '   ', body: 'x' })).statusCode,
    ).toBe(400);
    expect((await call('trainerA', 'GET', '/api/forum/threads?sort=alphabet')).statusCode).toBe(400);
    expect((await call('trainerA', 'GET', '/api/forum/threads/not-an-id')).statusCode).toBe(400);
    expect(
      (await call('trainerA', 'PUT', `/api/forum/threads/${crypto.randomUUID()}/like`, { liked: 'yes' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('trainerA', 'PUT', `/api/forum/threads/${crypto.randomUUID()}/like`, { liked: true }))
        .statusCode,
    ).toBe(404);
  });
});
