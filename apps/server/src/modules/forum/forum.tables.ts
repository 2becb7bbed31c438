import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns.ts';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * The organisation's staff forum (issue 14 point 3). Tenant tables, like every table of this file:
 * only the organisation's trainers and admins reach them (migration 0016).
 */
export const forumThreads = pgTable(
  'forum_threads',
  {
    ...tenantColumns(() => organizations.id),
    authorId: text('author_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    // Distinct readers, kept with the thread so the list sorts on it without counting views.
    viewsCount: integer('views_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('forum_threads_organization_id_last_activity_at_idx').on(
      table.organizationId,
      table.lastActivityAt.desc(),
    ),
    index('forum_threads_author_id_idx').on(table.authorId),
  ],
);

/** A reply to a thread. */
export const forumPosts = pgTable(
  'forum_posts',
  {
    ...tenantColumns(() => organizations.id),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [
    index('forum_posts_thread_id_created_at_idx').on(table.threadId, table.createdAt),
    index('forum_posts_author_id_idx').on(table.authorId),
    index('forum_posts_organization_id_idx').on(table.organizationId),
  ],
);

/** A like of a thread or of a reply (exactly one), once per user and target. */
export const forumLikes = pgTable(
  'forum_likes',
  {
    ...tenantColumns(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').references(() => forumThreads.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('forum_likes_thread_id_user_id_idx').on(table.threadId, table.userId),
    uniqueIndex('forum_likes_post_id_user_id_idx').on(table.postId, table.userId),
    index('forum_likes_user_id_idx').on(table.userId),
    index('forum_likes_organization_id_idx').on(table.organizationId),
    check('forum_likes_target_check', sql`(${table.threadId} is null) <> (${table.postId} is null)`),
  ],
);

/** One row per reader of a thread: views count distinct readers. */
export const forumThreadViews = pgTable(
  'forum_thread_views',
  {
    ...tenantColumns(() => organizations.id),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('forum_thread_views_thread_id_user_id_idx').on(table.threadId, table.userId),
    index('forum_thread_views_user_id_idx').on(table.userId),
    index('forum_thread_views_organization_id_idx').on(table.organizationId),
  ],
);

/**
 * A trainer named with @ in a thread's body (no post) or a reply: stored by id, so a renamed
 * trainer stays named and a notification goes to the person meant, not to a matching text.
 */
export const forumMentions = pgTable(
  'forum_mentions',
  {
    ...tenantColumns(() => organizations.id),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('forum_mentions_thread_id_idx').on(table.threadId),
    index('forum_mentions_post_id_idx').on(table.postId),
    index('forum_mentions_user_id_idx').on(table.userId),
    index('forum_mentions_organization_id_idx').on(table.organizationId),
  ],
);
