import { z } from 'zod';
import {
  IdParamsSchema,
  OkSchema,
  ORGANIZATION_STAFF,
  type RouteContract,
  STUDENT_OWN_DATA,
  text,
} from './common.ts';

/**
 * SPEC 3 badge criteria: what a badge counts. `time_spent` counts minutes of tracked learning time,
 * `login` successful sign-ins, `course_completion` formations at 100 %, `quiz_success` quizzes
 * passed, `attendance` group sessions attended (0 until group sessions exist, issue 15).
 */
export const ACHIEVEMENT_CRITERIA = [
  'time_spent',
  'login',
  'course_completion',
  'quiz_success',
  'attendance',
] as const;
export const AchievementCriterionSchema = z.enum(ACHIEVEMENT_CRITERIA);
export type AchievementCriterion = z.infer<typeof AchievementCriterionSchema>;

/** SPEC 3 rarities, rarest first. */
export const BADGE_RARITIES = ['legendary', 'rare', 'uncommon', 'common'] as const;
export const BadgeRaritySchema = z.enum(BADGE_RARITIES);
export type BadgeRarity = z.infer<typeof BadgeRaritySchema>;

/** Rarities shown as trophies on the achievements screen (the rarest badges). */
export const TROPHY_RARITIES: readonly BadgeRarity[] = ['legendary', 'rare'];

/** The largest threshold a trainer may set: 100,000 (about 1,667 hours of time_spent). */
export const BADGE_THRESHOLD_MAX = 100_000;

/**
 * The badges every organisation starts with (created with it, migration 0012). Their names and
 * descriptions are translated on the web from `systemKey`; trainers may deactivate them.
 */
export const SYSTEM_BADGES = [
  { systemKey: 'first_login', criterion: 'login', threshold: 1, rarity: 'common' },
  { systemKey: 'regular_login', criterion: 'login', threshold: 10, rarity: 'uncommon' },
  { systemKey: 'loyal_login', criterion: 'login', threshold: 50, rarity: 'rare' },
  { systemKey: 'first_hour', criterion: 'time_spent', threshold: 60, rarity: 'common' },
  { systemKey: 'ten_hours', criterion: 'time_spent', threshold: 600, rarity: 'uncommon' },
  { systemKey: 'fifty_hours', criterion: 'time_spent', threshold: 3000, rarity: 'rare' },
  { systemKey: 'hundred_hours', criterion: 'time_spent', threshold: 6000, rarity: 'legendary' },
  { systemKey: 'first_course', criterion: 'course_completion', threshold: 1, rarity: 'uncommon' },
  { systemKey: 'three_courses', criterion: 'course_completion', threshold: 3, rarity: 'rare' },
  { systemKey: 'ten_courses', criterion: 'course_completion', threshold: 10, rarity: 'legendary' },
  { systemKey: 'first_quiz', criterion: 'quiz_success', threshold: 1, rarity: 'common' },
  { systemKey: 'ten_quizzes', criterion: 'quiz_success', threshold: 10, rarity: 'rare' },
  { systemKey: 'first_session', criterion: 'attendance', threshold: 1, rarity: 'common' },
  { systemKey: 'ten_sessions', criterion: 'attendance', threshold: 10, rarity: 'rare' },
] as const satisfies readonly {
  systemKey: string;
  criterion: AchievementCriterion;
  threshold: number;
  rarity: BadgeRarity;
}[];
export type SystemBadgeKey = (typeof SYSTEM_BADGES)[number]['systemKey'];

/** A badge of the organisation. System badges have a `systemKey` and no name of their own. */
export const BadgeSchema = z.object({
  id: z.uuid(),
  systemKey: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string(),
  criterion: AchievementCriterionSchema,
  threshold: z.number().int().min(1),
  rarity: BadgeRaritySchema,
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Badge = z.infer<typeof BadgeSchema>;

export const BadgeListSchema = z.object({ items: z.array(BadgeSchema) });
export type BadgeList = z.infer<typeof BadgeListSchema>;

const threshold = () => z.number().int().min(1).max(BADGE_THRESHOLD_MAX);

/** A trainer's own badge: a name, a criterion and the count that earns it. */
export const CreateBadgeInputSchema = z.object({
  name: text(100),
  description: z.string().trim().max(500).default(''),
  criterion: AchievementCriterionSchema,
  threshold: threshold(),
  rarity: BadgeRaritySchema,
});
export type CreateBadgeInput = z.input<typeof CreateBadgeInputSchema>;

/** A system badge accepts only `isActive`; the others anything here. */
export const UpdateBadgeInputSchema = z.object({
  name: text(100).optional(),
  description: z.string().trim().max(500).optional(),
  threshold: threshold().optional(),
  rarity: BadgeRaritySchema.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateBadgeInput = z.input<typeof UpdateBadgeInputSchema>;

/** A badge as its learner sees it: earned (with the date) or still ahead. */
export const LearnerBadgeSchema = BadgeSchema.omit({ isActive: true, createdAt: true }).extend({
  awardedAt: z.iso.datetime().nullable(),
});
export type LearnerBadge = z.infer<typeof LearnerBadgeSchema>;

/** Where the learner stands on one criterion, and the next badge it leads to (null once all earned). */
export const CriterionProgressSchema = z.object({
  criterion: AchievementCriterionSchema,
  value: z.number().int().min(0),
  next: z.object({ badgeId: z.uuid(), threshold: z.number().int().min(1) }).nullable(),
});
export type CriterionProgress = z.infer<typeof CriterionProgressSchema>;

export const MyAchievementsSchema = z.object({
  badges: z.array(LearnerBadgeSchema),
  progress: z.array(CriterionProgressSchema),
});
export type MyAchievements = z.infer<typeof MyAchievementsSchema>;

/** What an 'achievement' notification carries, so the web writes its text in the reader's language. */
export const AchievementNotificationMetadataSchema = z.object({
  badgeId: z.uuid(),
  systemKey: z.string().nullable(),
  name: z.string().nullable(),
  rarity: BadgeRaritySchema,
  criterion: AchievementCriterionSchema,
  threshold: z.number().int(),
});
export type AchievementNotificationMetadata = z.infer<typeof AchievementNotificationMetadataSchema>;

export const achievementRoutes = {
  /** The learner's badges (earned and ahead) and their progress on each criterion. */
  mine: {
    method: 'GET',
    path: '/api/achievements',
    access: STUDENT_OWN_DATA,
    response: MyAchievementsSchema,
  },
  listBadges: {
    method: 'GET',
    path: '/api/trainer/badges',
    access: ORGANIZATION_STAFF,
    response: BadgeListSchema,
  },
  createBadge: {
    method: 'POST',
    path: '/api/trainer/badges',
    access: ORGANIZATION_STAFF,
    body: CreateBadgeInputSchema,
    response: BadgeSchema,
  },
  updateBadge: {
    method: 'PATCH',
    path: '/api/trainer/badges/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    body: UpdateBadgeInputSchema,
    response: BadgeSchema,
  },
  /** A trainer's own badge, with the awards of it; system badges are deactivated instead (403). */
  deleteBadge: {
    method: 'DELETE',
    path: '/api/trainer/badges/:id',
    access: ORGANIZATION_STAFF,
    params: IdParamsSchema,
    response: OkSchema,
  },
} as const satisfies Record<string, RouteContract>;
