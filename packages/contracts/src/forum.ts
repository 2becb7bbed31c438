import { z } from 'zod';
import { IdParamsSchema, OkSchema, ORGANIZATION_STAFF, type RouteContract, text } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/**
 * The organisation's staff forum (issue 14 point 3): threads and their replies, for trainers and
 * admins only. Bodies are plain text; line breaks are kept by the reader.
 */
export const FORUM_TITLE_MAX = 200;
export const FORUM_BODY_MAX = 10_000;
/** How many trainers one post may name with @. */
export const FORUM_MENTIONS_MAX = 20;
/** Distinct posters shown on a thread's row; the rest are counted ("+n"). */
export const FORUM_PARTICIPANTS_SHOWN = 5;

/** The threads list's orders; pinned threads always come first. */
export const FORUM_SORTS = ['activity', 'newest', 'likes', 'views', 'replies'] as const;
export const ForumSortSchema = z.enum(FORUM_SORTS);
export type ForumSort = z.infer<typeof ForumSortSchema>;

export const ForumPersonSchema = z.object({ id: z.string(), fullName: z.string() });
export type ForumPerson = z.infer<typeof ForumPersonSchema>;

/** Whose forum: an admin may name any organisation; a trainer only their own (another is not found). */
const organizationQuery = { organizationId: z.uuid().optional() };

export const ForumThreadListQuerySchema = PaginationQuerySchema.extend({
  ...organizationQuery,
  search: SearchQuerySchema,
  sort: ForumSortSchema.default('activity'),
});
export type ForumThreadListQuery = z.input<typeof ForumThreadListQuerySchema>;

export const ForumThreadSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  author: ForumPersonSchema,
  pinned: z.boolean(),
  replyCount: z.number().int().min(0),
  likeCount: z.number().int().min(0),
  viewCount: z.number().int().min(0),
  /** The first distinct posters, author first, at most FORUM_PARTICIPANTS_SHOWN. */
  participants: z.array(ForumPersonSchema),
  participantCount: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  lastActivityAt: z.iso.datetime(),
});
export type ForumThreadSummary = z.infer<typeof ForumThreadSummarySchema>;
export const ForumThreadListSchema = paginated(ForumThreadSummarySchema);
export type ForumThreadList = z.infer<typeof ForumThreadListSchema>;

/** What a thread's body and its replies share. */
const postFields = {
  id: z.uuid(),
  author: ForumPersonSchema,
  body: z.string(),
  /** The trainers named with @, by id: the reader highlights `@<fullName>` in the body. */
  mentions: z.array(ForumPersonSchema),
  likeCount: z.number().int().min(0),
  likedByMe: z.boolean(),
  isMine: z.boolean(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
};

export const ForumPostSchema = z.object({ ...postFields, threadId: z.uuid() });
export type ForumPost = z.infer<typeof ForumPostSchema>;

export const ForumThreadSchema = z.object({
  ...postFields,
  organizationId: z.uuid(),
  title: z.string(),
  pinned: z.boolean(),
  viewCount: z.number().int().min(0),
  lastActivityAt: z.iso.datetime(),
});
export type ForumThread = z.infer<typeof ForumThreadSchema>;

export const ForumThreadDetailSchema = z.object({
  thread: ForumThreadSchema,
  /** Replies, oldest first. */
  posts: z.array(ForumPostSchema),
});
export type ForumThreadDetail = z.infer<typeof ForumThreadDetailSchema>;

const mentions = z.array(z.string().min(1).max(100)).max(FORUM_MENTIONS_MAX).default([]);

export const CreateForumThreadInputSchema = z.object({
  ...organizationQuery,
  title: text(FORUM_TITLE_MAX),
  body: text(FORUM_BODY_MAX),
  /** Ids of the trainers named; anyone not of the organisation's staff is ignored. */
  mentions,
});
export type CreateForumThreadInput = z.input<typeof CreateForumThreadInputSchema>;

export const UpdateForumThreadInputSchema = z.object({
  title: text(FORUM_TITLE_MAX),
  body: text(FORUM_BODY_MAX),
  mentions,
});
export type UpdateForumThreadInput = z.input<typeof UpdateForumThreadInputSchema>;

export const ForumPostInputSchema = z.object({ body: text(FORUM_BODY_MAX), mentions });
export type ForumPostInput = z.input<typeof ForumPostInputSchema>;

export const PinForumThreadInputSchema = z.object({ pinned: z.boolean() });
export type PinForumThreadInput = z.infer<typeof PinForumThreadInputSchema>;

/** Like or unlike: saying it twice changes nothing. */
export const ForumLikeInputSchema = z.object({ liked: z.boolean() });
export type ForumLikeInput = z.infer<typeof ForumLikeInputSchema>;
export const ForumLikeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number().int().min(0) });
export type ForumLikeResult = z.infer<typeof ForumLikeResultSchema>;

export const ForumViewResultSchema = z.object({ viewCount: z.number().int().min(0) });

export const ForumTrainersQuerySchema = z.object(organizationQuery);
export const ForumTrainerListSchema = z.object({ items: z.array(ForumPersonSchema) });
export type ForumTrainerList = z.infer<typeof ForumTrainerListSchema>;

export const forumRoutes = {
  listThreads: {
    method: 'GET',
    path: '/api/forum/threads',
    access: ORGANIZATION_STAFF,
    query: ForumThreadListQuerySchema,
    response: ForumThreadListSchema,
  },
  /** Trainers named with @ are notified (forum_mention). */
  createThread: {
    method: 'POST',
    path: '/api/forum/threads',
    access: ORGANIZATION_STAFF,
    body: CreateForumThreadInputSchema,
    response: ForumThreadDetailSchema,
  },
  getThread: {
    method: 'GET',
    path: '/api/forum/threads/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: ForumThreadDetailSchema,
  },
  /** The author only; newly named trainers are notified. */
  updateThread: {
    method: 'PATCH',
    path: '/api/forum/threads/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: UpdateForumThreadInputSchema,
    response: ForumThreadDetailSchema,
  },
  /** The author only, with its replies. */
  deleteThread: {
    method: 'DELETE',
    path: '/api/forum/threads/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  /** Any of the organisation's staff. */
  pinThread: {
    method: 'PUT',
    path: '/api/forum/threads/:id/pin',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: PinForumThreadInputSchema,
    response: OkSchema,
  },
  likeThread: {
    method: 'PUT',
    path: '/api/forum/threads/:id/like',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: ForumLikeInputSchema,
    response: ForumLikeResultSchema,
  },
  /** Counts the caller as a reader, once per thread whatever how often they open it. */
  viewThread: {
    method: 'POST',
    path: '/api/forum/threads/:id/view',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: ForumViewResultSchema,
  },
  /** The thread's author is notified (forum_reply), named trainers too (forum_mention). */
  reply: {
    method: 'POST',
    path: '/api/forum/threads/:id/posts',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: ForumPostInputSchema,
    response: ForumPostSchema,
  },
  /** The author only. */
  updatePost: {
    method: 'PATCH',
    path: '/api/forum/posts/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: ForumPostInputSchema,
    response: ForumPostSchema,
  },
  /** The author only. */
  deletePost: {
    method: 'DELETE',
    path: '/api/forum/posts/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  likePost: {
    method: 'PUT',
    path: '/api/forum/posts/:id/like',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: ForumLikeInputSchema,
    response: ForumLikeResultSchema,
  },
  /** Who may be named with @: the organisation's trainers and admins. */
  listTrainers: {
    method: 'GET',
    path: '/api/forum/trainers',
    access: ORGANIZATION_STAFF,
    query: ForumTrainersQuerySchema,
    response: ForumTrainerListSchema,
  },
} as const satisfies Record<string, RouteContract>;
