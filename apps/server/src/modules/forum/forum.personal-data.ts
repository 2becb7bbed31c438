import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { PersonalDataPart } from '../../lib/personal-data.ts';
import { forumLikes, forumMentions, forumPosts, forumThreads, forumThreadViews } from './forum.tables.ts';

/** Threads and posts the person wrote. */
export async function exportForumPersonalData(tx: Tx, userId: string): Promise<PersonalDataPart> {
  const threads = await tx.select().from(forumThreads).where(eq(forumThreads.authorId, userId));
  const posts = await tx.select().from(forumPosts).where(eq(forumPosts.authorId, userId));
  return { records: { forumThreads: threads, forumPosts: posts } };
}

/** An erased learner's threads (with their replies), posts, likes, views and mentions go. */
export async function eraseForumContent(tx: Tx, userId: string): Promise<void> {
  await tx.delete(forumPosts).where(eq(forumPosts.authorId, userId));
  await tx.delete(forumThreads).where(eq(forumThreads.authorId, userId));
  await tx.delete(forumLikes).where(eq(forumLikes.userId, userId));
  await tx.delete(forumThreadViews).where(eq(forumThreadViews.userId, userId));
  await tx.delete(forumMentions).where(eq(forumMentions.userId, userId));
}
