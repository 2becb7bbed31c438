import {
  FORUM_PARTICIPANTS_SHOWN,
  type ForumPerson,
  type ForumPost,
  type ForumSort,
  type ForumThread,
  type ForumThreadDetail,
  type ForumThreadSummary,
  type SessionUser,
} from '@cursus/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { forumPosts, forumThreads } from './forum.tables.ts';

// How the forum's rows are read. Names, counts and mentions live in other rows; these subqueries
// read them in the same statement as the thread or reply, under the same tenant policies.
const nameOf = (column: SQL) =>
  sql<string>`coalesce((select p.full_name from profiles p where p.id = ${column}), '')`;
const threadAuthorName = nameOf(sql`forum_threads.author_id`);
const postAuthorName = nameOf(sql`forum_posts.author_id`);
const replyCount =
  sql<number>`(select count(*) from forum_posts fp where fp.thread_id = forum_threads.id)`.mapWith(Number);
const threadLikeCount =
  sql<number>`(select count(*) from forum_likes l where l.thread_id = forum_threads.id)`.mapWith(Number);
const postLikeCount =
  sql<number>`(select count(*) from forum_likes l where l.post_id = forum_posts.id)`.mapWith(Number);
/** The thread's author and everyone who replied, once each. */
const postersOfThread = sql`(select forum_threads.author_id as author_id, forum_threads.created_at as at
  union all select fp.author_id, fp.created_at from forum_posts fp where fp.thread_id = forum_threads.id)`;
const participants = sql<ForumPerson[]>`(select coalesce(json_agg(json_build_object('id', x.author_id,
    'fullName', coalesce((select p.full_name from profiles p where p.id = x.author_id), '')) order by x.first_at), '[]'::json)
  from (select a.author_id, min(a.at) as first_at from ${postersOfThread} a
    group by a.author_id order by first_at limit ${FORUM_PARTICIPANTS_SHOWN}) x)`;
const participantCount = sql<number>`(select count(distinct a.author_id) from ${postersOfThread} a)`.mapWith(
  Number,
);
const mentionsWhere = (where: SQL) =>
  sql<ForumPerson[]>`(select coalesce(json_agg(json_build_object('id', m.user_id,
    'fullName', coalesce(p.full_name, '')) order by p.full_name), '[]'::json)
  from forum_mentions m left join profiles p on p.id = m.user_id where ${where})`;
const threadMentions = mentionsWhere(sql`m.thread_id = forum_threads.id and m.post_id is null`);
const postMentions = mentionsWhere(sql`m.post_id = forum_posts.id`);

/** The list's orders after the pinned threads, each with a tie-breaker. */
export const THREAD_SORTS: Record<ForumSort, SQL[]> = {
  activity: [desc(forumThreads.lastActivityAt)],
  newest: [desc(forumThreads.createdAt)],
  likes: [desc(threadLikeCount), desc(forumThreads.lastActivityAt)],
  views: [desc(forumThreads.viewsCount), desc(forumThreads.lastActivityAt)],
  replies: [desc(replyCount), desc(forumThreads.lastActivityAt)],
};

type ThreadRow = typeof forumThreads.$inferSelect;
type PostRow = typeof forumPosts.$inferSelect;

/** A row of the threads list, read in the list's one statement. */
export const threadSummaryColumns = {
  thread: forumThreads,
  authorName: threadAuthorName,
  replyCount,
  likeCount: threadLikeCount,
  participants,
  participantCount,
};

export function toThreadSummary(row: {
  thread: ThreadRow;
  authorName: string;
  replyCount: number;
  likeCount: number;
  participants: ForumPerson[];
  participantCount: number;
}): ForumThreadSummary {
  return {
    id: row.thread.id,
    title: row.thread.title,
    author: { id: row.thread.authorId, fullName: row.authorName },
    pinned: row.thread.pinned,
    replyCount: row.replyCount,
    likeCount: row.likeCount,
    viewCount: row.thread.viewsCount,
    participants: row.participants,
    participantCount: row.participantCount,
    createdAt: row.thread.createdAt.toISOString(),
    lastActivityAt: row.thread.lastActivityAt.toISOString(),
  };
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** `% _ \` are ILIKE's own characters: a search for them finds them as typed. */
export function containing(search: string): string {
  return `%${search.replaceAll(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Thread and reply ids: a trainer reaches their organisation's, an admin any (row-level security
 * draws the same line; the filter keeps it explicit).
 */
function reachable(
  actor: SessionUser,
  organizationColumn: typeof forumThreads.organizationId | typeof forumPosts.organizationId,
) {
  if (actor.role === 'admin') return undefined;
  return actor.organizationId ? eq(organizationColumn, actor.organizationId) : sql`false`;
}

export async function findThread(tx: Tx, actor: SessionUser, id: string): Promise<ThreadRow> {
  const [row] = await tx
    .select()
    .from(forumThreads)
    .where(and(eq(forumThreads.id, id), reachable(actor, forumThreads.organizationId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function findPost(tx: Tx, actor: SessionUser, id: string): Promise<PostRow> {
  const [row] = await tx
    .select()
    .from(forumPosts)
    .where(and(eq(forumPosts.id, id), reachable(actor, forumPosts.organizationId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function readThread(tx: Tx, actor: SessionUser, id: string): Promise<ForumThreadDetail> {
  const [row] = await tx
    .select({
      thread: forumThreads,
      authorName: threadAuthorName,
      likeCount: threadLikeCount,
      likedByMe: sql<boolean>`exists (select 1 from forum_likes l where l.thread_id = forum_threads.id and l.user_id = ${actor.id})`,
      mentions: threadMentions,
    })
    .from(forumThreads)
    .where(and(eq(forumThreads.id, id), reachable(actor, forumThreads.organizationId)));
  if (!row) throw new AppError('NOT_FOUND');
  const posts = await tx
    .select(postColumns(actor))
    .from(forumPosts)
    .where(eq(forumPosts.threadId, id))
    .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id));
  const { thread } = row;
  const detail: ForumThread = {
    id: thread.id,
    organizationId: thread.organizationId,
    title: thread.title,
    body: thread.body,
    author: { id: thread.authorId, fullName: row.authorName },
    mentions: row.mentions,
    pinned: thread.pinned,
    viewCount: thread.viewsCount,
    likeCount: row.likeCount,
    likedByMe: row.likedByMe,
    isMine: thread.authorId === actor.id,
    createdAt: thread.createdAt.toISOString(),
    editedAt: iso(thread.editedAt),
    lastActivityAt: thread.lastActivityAt.toISOString(),
  };
  return { thread: detail, posts: posts.map((post) => toPost(actor, post)) };
}

function postColumns(actor: SessionUser) {
  return {
    post: forumPosts,
    authorName: postAuthorName,
    likeCount: postLikeCount,
    likedByMe: sql<boolean>`exists (select 1 from forum_likes l where l.post_id = forum_posts.id and l.user_id = ${actor.id})`,
    mentions: postMentions,
  };
}

function toPost(
  actor: SessionUser,
  row: {
    post: PostRow;
    authorName: string;
    likeCount: number;
    likedByMe: boolean;
    mentions: ForumPerson[];
  },
): ForumPost {
  const { post } = row;
  return {
    id: post.id,
    threadId: post.threadId,
    body: post.body,
    author: { id: post.authorId, fullName: row.authorName },
    mentions: row.mentions,
    likeCount: row.likeCount,
    likedByMe: row.likedByMe,
    isMine: post.authorId === actor.id,
    createdAt: post.createdAt.toISOString(),
    editedAt: iso(post.editedAt),
  };
}

export async function readPost(tx: Tx, actor: SessionUser, id: string): Promise<ForumPost> {
  const [row] = await tx.select(postColumns(actor)).from(forumPosts).where(eq(forumPosts.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toPost(actor, row);
}
