import {
  type CreateForumThreadInput,
  CreateForumThreadInputSchema,
  type ForumLikeResult,
  type ForumPerson,
  type ForumPost,
  type ForumPostInput,
  ForumPostInputSchema,
  type ForumThreadDetail,
  type ForumThreadListQuery,
  ForumThreadListQuerySchema,
  type SessionUser,
  type UpdateForumThreadInput,
  UpdateForumThreadInputSchema,
} from '@cursus/contracts';
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { readPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { forumLikes, forumMentions, forumPosts, forumThreads, forumThreadViews } from './forum.tables.ts';
import {
  containing,
  findPost,
  findThread,
  readPost,
  readThread,
  THREAD_SORTS,
  threadSummaryColumns,
  toThreadSummary,
} from './read-forum.ts';

export function createForumService(deps: {
  database: Database;
  notifications: NotificationsService;
  /** The organisations module's answer: who the trainers and admins of an organisation are. */
  listStaffIds: (organizationId: string) => Promise<string[]>;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, notifications, listStaffIds, now, log } = deps;

  /**
   * Whose forum a request reaches: an admin may name any organisation, a trainer only their own
   * (another answers like an unknown one).
   */
  function organizationFor(actor: SessionUser, requested?: string): string {
    if (requested && actor.role === 'admin') return requested;
    if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
    if (requested && requested !== actor.organizationId) throw new AppError('NOT_FOUND');
    return actor.organizationId;
  }

  /** Only the organisation's staff can be named; anyone else is dropped, never an error. */
  async function staffAmong(organizationId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const staff = new Set(await listStaffIds(organizationId));
    return [...new Set(userIds)].filter((id) => staff.has(id));
  }

  /** Replaces the names stored for a thread's body (postId null) or a reply; answers the new ones. */
  async function saveMentions(
    tx: Tx,
    target: { organizationId: string; threadId: string; postId: string | null },
    userIds: string[],
  ): Promise<string[]> {
    const where = and(
      eq(forumMentions.threadId, target.threadId),
      target.postId ? eq(forumMentions.postId, target.postId) : isNull(forumMentions.postId),
    );
    const previous = await tx.delete(forumMentions).where(where).returning({ userId: forumMentions.userId });
    if (userIds.length > 0)
      await tx.insert(forumMentions).values(userIds.map((userId) => ({ ...target, userId })));
    const known = new Set(previous.map((row) => row.userId));
    return userIds.filter((id) => !known.has(id));
  }

  /** Raised after the post is saved: a failed notification never loses what was written. */
  async function notifyQuietly(work: () => Promise<unknown>, context: object) {
    try {
      await work();
    } catch (error) {
      log.error({ err: error, ...context }, 'forum notification failed');
    }
  }

  function notifyMentioned(
    actor: SessionUser,
    thread: { id: string; organizationId: string; title: string },
    userIds: string[],
  ) {
    const recipients = userIds.filter((id) => id !== actor.id);
    return notifyQuietly(
      () =>
        notifications.createNotifications(
          recipients.map((userId) => ({ userId, organizationId: thread.organizationId })),
          {
            type: 'forum_mention',
            actionUrl: `/trainer/forum?thread=${thread.id}`,
            metadata: { threadId: thread.id, threadTitle: thread.title, authorName: actor.fullName },
          },
        ),
      { threadId: thread.id },
    );
  }

  async function setLike(
    actor: SessionUser,
    target: { threadId: string } | { postId: string },
    organizationId: string,
    liked: boolean,
    tx: Tx,
  ): Promise<ForumLikeResult> {
    const matches =
      'threadId' in target ? eq(forumLikes.threadId, target.threadId) : eq(forumLikes.postId, target.postId);
    if (liked) {
      // Liking twice is liking once: the unique (target, user) index absorbs the second.
      await tx
        .insert(forumLikes)
        .values({ organizationId, userId: actor.id, ...target })
        .onConflictDoNothing();
    } else {
      await tx.delete(forumLikes).where(and(matches, eq(forumLikes.userId, actor.id)));
    }
    const [counted] = await tx.select({ total: count() }).from(forumLikes).where(matches);
    return { liked, likeCount: counted?.total ?? 0 };
  }

  return {
    async listThreads(actor: SessionUser, input: ForumThreadListQuery) {
      const query = ForumThreadListQuerySchema.parse(input);
      const organizationId = organizationFor(actor, query.organizationId);
      const where = and(
        eq(forumThreads.organizationId, organizationId),
        query.search
          ? or(
              sql`${forumThreads.title} ilike ${containing(query.search)}`,
              sql`${forumThreads.body} ilike ${containing(query.search)}`,
            )
          : undefined,
      );
      return database.withTenant(tenantOf(actor), (tx) =>
        readPage(
          query,
          tx.select({ total: count() }).from(forumThreads).where(where),
          tx
            .select(threadSummaryColumns)
            .from(forumThreads)
            .where(where)
            .orderBy(desc(forumThreads.pinned), ...THREAD_SORTS[query.sort], desc(forumThreads.id))
            .$dynamic(),
          toThreadSummary,
        ),
      );
    },

    async createThread(actor: SessionUser, input: CreateForumThreadInput): Promise<ForumThreadDetail> {
      const values = CreateForumThreadInputSchema.parse(input);
      const organizationId = organizationFor(actor, values.organizationId);
      const mentioned = await staffAmong(organizationId, values.mentions);
      const detail = await database.withTenant(tenantOf(actor), async (tx) => {
        const at = now();
        const [created] = await tx
          .insert(forumThreads)
          .values({
            organizationId,
            authorId: actor.id,
            title: values.title,
            body: values.body,
            createdAt: at,
            lastActivityAt: at,
          })
          .returning({ id: forumThreads.id });
        await saveMentions(tx, { organizationId, threadId: created!.id, postId: null }, mentioned);
        return readThread(tx, actor, created!.id);
      });
      await notifyMentioned(actor, detail.thread, mentioned);
      return detail;
    },

    async getThread(actor: SessionUser, id: string): Promise<ForumThreadDetail> {
      return database.withTenant(tenantOf(actor), (tx) => readThread(tx, actor, id));
    },

    /** Its author only; newly named trainers are told. */
    async updateThread(
      actor: SessionUser,
      id: string,
      input: UpdateForumThreadInput,
    ): Promise<ForumThreadDetail> {
      const values = UpdateForumThreadInputSchema.parse(input);
      const { organizationId } = await database.withTenant(tenantOf(actor), (tx) =>
        findThread(tx, actor, id),
      );
      const mentioned = await staffAmong(organizationId, values.mentions);
      const { detail, added } = await database.withTenant(tenantOf(actor), async (tx) => {
        const thread = await findThread(tx, actor, id);
        if (thread.authorId !== actor.id) throw new AppError('NOT_AUTHORIZED');
        await tx
          .update(forumThreads)
          .set({ title: values.title, body: values.body, editedAt: now() })
          .where(eq(forumThreads.id, id));
        const added = await saveMentions(tx, { organizationId, threadId: id, postId: null }, mentioned);
        return { detail: await readThread(tx, actor, id), added };
      });
      await notifyMentioned(actor, detail.thread, added);
      return detail;
    },

    async deleteThread(actor: SessionUser, id: string) {
      await database.withTenant(tenantOf(actor), async (tx) => {
        const thread = await findThread(tx, actor, id);
        if (thread.authorId !== actor.id) throw new AppError('NOT_AUTHORIZED');
        await tx.delete(forumThreads).where(eq(forumThreads.id, id));
      });
    },

    async pinThread(actor: SessionUser, id: string, pinned: boolean) {
      await database.withTenant(tenantOf(actor), async (tx) => {
        await findThread(tx, actor, id);
        await tx.update(forumThreads).set({ pinned }).where(eq(forumThreads.id, id));
      });
    },

    async likeThread(actor: SessionUser, id: string, liked: boolean): Promise<ForumLikeResult> {
      return database.withTenant(tenantOf(actor), async (tx) => {
        const thread = await findThread(tx, actor, id);
        return setLike(actor, { threadId: id }, thread.organizationId, liked, tx);
      });
    },

    /** The caller becomes one of the thread's readers; opening it again counts nothing more. */
    async viewThread(actor: SessionUser, id: string): Promise<{ viewCount: number }> {
      return database.withTenant(tenantOf(actor), async (tx) => {
        const thread = await findThread(tx, actor, id);
        const inserted = await tx
          .insert(forumThreadViews)
          .values({ organizationId: thread.organizationId, threadId: id, userId: actor.id, viewedAt: now() })
          .onConflictDoNothing()
          .returning({ id: forumThreadViews.id });
        if (inserted.length === 0) return { viewCount: thread.viewsCount };
        const [updated] = await tx
          .update(forumThreads)
          .set({ viewsCount: sql`${forumThreads.viewsCount} + 1` })
          .where(eq(forumThreads.id, id))
          .returning({ viewCount: forumThreads.viewsCount });
        return { viewCount: updated?.viewCount ?? thread.viewsCount + 1 };
      });
    },

    /** The thread's author hears of it (unless they replied themselves), named trainers too. */
    async reply(actor: SessionUser, threadId: string, input: ForumPostInput): Promise<ForumPost> {
      const values = ForumPostInputSchema.parse(input);
      const { organizationId } = await database.withTenant(tenantOf(actor), (tx) =>
        findThread(tx, actor, threadId),
      );
      const mentioned = await staffAmong(organizationId, values.mentions);
      const { post, thread } = await database.withTenant(tenantOf(actor), async (tx) => {
        const thread = await findThread(tx, actor, threadId);
        const at = now();
        const [created] = await tx
          .insert(forumPosts)
          .values({ organizationId, threadId, authorId: actor.id, body: values.body, createdAt: at })
          .returning({ id: forumPosts.id });
        await tx.update(forumThreads).set({ lastActivityAt: at }).where(eq(forumThreads.id, threadId));
        await saveMentions(tx, { organizationId, threadId, postId: created!.id }, mentioned);
        return { post: await readPost(tx, actor, created!.id), thread };
      });
      if (thread.authorId !== actor.id)
        await notifyQuietly(
          () =>
            notifications.createNotification(
              { userId: thread.authorId, organizationId },
              {
                type: 'forum_reply',
                actionUrl: `/trainer/forum?thread=${threadId}`,
                metadata: { threadId, threadTitle: thread.title, authorName: actor.fullName },
              },
            ),
          { threadId },
        );
      // The thread's author already hears of the reply itself.
      await notifyMentioned(
        actor,
        thread,
        mentioned.filter((id) => id !== thread.authorId),
      );
      return post;
    },

    /** Its author only; newly named trainers are told. */
    async updatePost(actor: SessionUser, id: string, input: ForumPostInput): Promise<ForumPost> {
      const values = ForumPostInputSchema.parse(input);
      const { organizationId } = await database.withTenant(tenantOf(actor), (tx) => findPost(tx, actor, id));
      const mentioned = await staffAmong(organizationId, values.mentions);
      const { post, added, thread } = await database.withTenant(tenantOf(actor), async (tx) => {
        const current = await findPost(tx, actor, id);
        if (current.authorId !== actor.id) throw new AppError('NOT_AUTHORIZED');
        await tx.update(forumPosts).set({ body: values.body, editedAt: now() }).where(eq(forumPosts.id, id));
        const added = await saveMentions(
          tx,
          { organizationId, threadId: current.threadId, postId: id },
          mentioned,
        );
        const thread = await findThread(tx, actor, current.threadId);
        return { post: await readPost(tx, actor, id), added, thread };
      });
      await notifyMentioned(actor, thread, added);
      return post;
    },

    async deletePost(actor: SessionUser, id: string) {
      await database.withTenant(tenantOf(actor), async (tx) => {
        const post = await findPost(tx, actor, id);
        if (post.authorId !== actor.id) throw new AppError('NOT_AUTHORIZED');
        await tx.delete(forumPosts).where(eq(forumPosts.id, id));
      });
    },

    async likePost(actor: SessionUser, id: string, liked: boolean): Promise<ForumLikeResult> {
      return database.withTenant(tenantOf(actor), async (tx) => {
        const post = await findPost(tx, actor, id);
        return setLike(actor, { postId: id }, post.organizationId, liked, tx);
      });
    },

    /** Who may be named with @: the organisation's trainers and admins, by name. */
    async listTrainers(actor: SessionUser, requested?: string): Promise<{ items: ForumPerson[] }> {
      const organizationId = organizationFor(actor, requested);
      const staffIds = await listStaffIds(organizationId);
      if (staffIds.length === 0) return { items: [] };
      const rows = await database.withTenant(tenantOf(actor), (tx) =>
        tx.execute(sql`select id, full_name from profiles
          where id in (${sql.join(
            staffIds.map((staffId) => sql`${staffId}`),
            sql`, `,
          )}) and organization_id = ${organizationId}
          order by full_name, id`),
      );
      // Both drivers answer `{ rows }`; Drizzle types it per driver.
      const found = (rows as unknown as { rows: { id: string; full_name: string }[] }).rows;
      return { items: found.map((row) => ({ id: row.id, fullName: row.full_name })) };
    },
  };
}

export type ForumService = ReturnType<typeof createForumService>;
