import { z } from 'zod';
import { IdParamsSchema, OkSchema, ORGANIZATION_STAFF, type RouteContract, text } from './common.ts';
import { LessonTypeSchema } from './courses.ts';
import { PaginationQuerySchema, paginated, QueryBooleanSchema, SearchQuerySchema } from './pagination.ts';
import { LanguageSchema } from './roles.ts';

/**
 * The marketplace (issue 16 point 8): formation templates published by the platform (its admins)
 * or shared by an organisation, which any organisation's staff may preview and import as a draft.
 * A listing is a snapshot taken when the formation is shared: later edits of the original never
 * reach the catalogue until its organisation shares it again (docs/marketplace.md).
 */
export const MARKETPLACE_CATEGORIES = [
  'safety',
  'office',
  'digital',
  'compliance',
  'management',
  'communication',
  'languages',
  'sales',
  'health',
  'other',
] as const;
export const MarketplaceCategorySchema = z.enum(MARKETPLACE_CATEGORIES);
export type MarketplaceCategory = z.infer<typeof MarketplaceCategorySchema>;

export const MARKETPLACE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const MarketplaceLevelSchema = z.enum(MARKETPLACE_LEVELS);
export type MarketplaceLevel = z.infer<typeof MarketplaceLevelSchema>;

/** Who published a listing: the platform (an admin), or an organisation sharing its formation. */
export const MARKETPLACE_PUBLISHERS = ['platform', 'organization'] as const;
export const MarketplacePublisherSchema = z.enum(MARKETPLACE_PUBLISHERS);
export type MarketplacePublisher = z.infer<typeof MarketplacePublisherSchema>;

/** A template's announced duration: up to a year of full-time training, in minutes. */
export const MARKETPLACE_MAX_DURATION_MINUTES = 2_000 * 60;

/** A catalogue card. */
export const MarketplaceListingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  summary: z.string(),
  category: MarketplaceCategorySchema,
  level: MarketplaceLevelSchema,
  language: LanguageSchema,
  durationMinutes: z.number().int().min(0),
  moduleCount: z.number().int().min(0),
  lessonCount: z.number().int().min(0),
  publisher: MarketplacePublisherSchema,
  /** The publishing organisation's name; null for the platform's templates. */
  publisherName: z.string().nullable(),
  /** The caller's organisation published it (or the caller is an admin): they may unshare it. */
  canManage: z.boolean(),
  /** The formation it was taken from, for its own organisation only (null for everyone else). */
  sourceCourseId: z.uuid().nullable(),
  importCount: z.number().int().min(0),
  /** When the snapshot was taken (sharing again takes a new one). */
  sharedAt: z.iso.datetime(),
});
export type MarketplaceListing = z.infer<typeof MarketplaceListingSchema>;

export const MarketplaceListQuerySchema = PaginationQuerySchema.extend({
  /** Title and summary. */
  search: SearchQuerySchema,
  category: MarketplaceCategorySchema.optional(),
  language: LanguageSchema.optional(),
  publisher: MarketplacePublisherSchema.optional(),
  /** Only the listings the caller's organisation shared. */
  mine: QueryBooleanSchema.optional(),
  /** The listing of one of the caller's formations, if it is shared. */
  courseId: z.uuid().optional(),
});
export type MarketplaceListQuery = z.input<typeof MarketplaceListQuerySchema>;
export const MarketplaceListSchema = paginated(MarketplaceListingSchema);
export type MarketplaceList = z.infer<typeof MarketplaceListSchema>;

/** What a preview shows of the template before any import: its sheet and outline, titles only. */
export const MarketplacePreviewSchema = MarketplaceListingSchema.extend({
  description: z.string(),
  objectives: z.string(),
  prerequisites: z.string(),
  audience: z.string(),
  modules: z.array(
    z.object({
      title: z.string(),
      lessons: z.array(
        z.object({
          title: z.string(),
          type: LessonTypeSchema,
          estimatedMinutes: z.number().int().min(0),
        }),
      ),
    }),
  ),
  /** The first lesson, when it is a text lesson: its sanitised HTML, a sample of the content. */
  firstLesson: z.object({ title: z.string(), html: z.string() }).nullable(),
});
export type MarketplacePreview = z.infer<typeof MarketplacePreviewSchema>;

/**
 * Shares a formation (its organisation's staff), or takes a new snapshot of one already shared.
 * `asPlatform`: an admin publishes it as a platform template (403 NOT_AUTHORIZED for anyone else).
 */
export const ShareFormationInputSchema = z.object({
  courseId: z.uuid(),
  summary: text(600),
  category: MarketplaceCategorySchema,
  level: MarketplaceLevelSchema,
  language: LanguageSchema,
  durationMinutes: z.number().int().min(1).max(MARKETPLACE_MAX_DURATION_MINUTES),
  asPlatform: z.boolean().default(false),
});
export type ShareFormationInput = z.input<typeof ShareFormationInputSchema>;

/** The draft formation an import created in the caller's organisation. */
export const MarketplaceImportResultSchema = z.object({
  courseId: z.uuid(),
  title: z.string(),
  moduleCount: z.number().int().min(0),
  lessonCount: z.number().int().min(0),
});
export type MarketplaceImportResult = z.infer<typeof MarketplaceImportResultSchema>;

export const marketplaceRoutes = {
  /** Every listing, whichever organisation published it: the catalogue is shared by design. */
  list: {
    method: 'GET',
    path: '/api/marketplace/listings',
    access: ORGANIZATION_STAFF,
    query: MarketplaceListQuerySchema,
    response: MarketplaceListSchema,
  },
  preview: {
    method: 'GET',
    path: '/api/marketplace/listings/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: MarketplacePreviewSchema,
  },
  /** 404 TRAINING_NOT_FOUND for a formation outside the caller's organisation; 400 for an empty one. */
  share: {
    method: 'POST',
    path: '/api/marketplace/listings',
    access: ORGANIZATION_STAFF,
    body: ShareFormationInputSchema,
    response: MarketplaceListingSchema,
  },
  /** The publishing organisation's staff, or an admin; anyone else 404 NOT_FOUND. Imports stay. */
  unshare: {
    method: 'DELETE',
    path: '/api/marketplace/listings/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
  /** Copies the template into the caller's organisation as a draft formation of their own. */
  import: {
    method: 'POST',
    path: '/api/marketplace/listings/:id/import',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: MarketplaceImportResultSchema,
  },
} as const satisfies Record<string, RouteContract>;
