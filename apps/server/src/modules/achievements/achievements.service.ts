import {
  ACHIEVEMENT_CRITERIA,
  type AchievementCriterion,
  type AchievementNotificationMetadata,
  type Badge,
  type BadgeRarity,
  type CreateBadgeInput,
  CreateBadgeInputSchema,
  type MyAchievements,
  type SessionUser,
  type UpdateBadgeInput,
  UpdateBadgeInputSchema,
} from '@cursus/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { type Database, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { badges, userBadges } from './achievements.tables.ts';

type BadgeRow = typeof badges.$inferSelect;

/**
 * How far a learner is on each criterion, from what the server recorded (never the client's word),
 * as SQL over the learner's own rows (each an index lookup: user_total_time by its key, sign-ins and
 * enrolments and attempts by user). `$1` is the learner's id. Other domains' tables are named
 * here because this one statement runs on hot paths (sign-in, session end, completion, quiz).
 */
const CRITERION_VALUE_SQL: Record<AchievementCriterion, string> = {
  // Minutes of learning time counted in the learner's totals (SPEC 4).
  time_spent: 'select coalesce((select total_time_seconds from user_total_time where user_id = $1), 0) / 60',
  login: 'select count(*) from sign_in_logs where user_id = $1',
  course_completion: 'select count(*) from course_enrollments where student_id = $1 and progress = 100',
  quiz_success: 'select count(distinct quiz_id) from quiz_attempts where user_id = $1 and passed',
  // Group sessions the learner signed their attendance at, in any half-day (issue 15).
  attendance:
    "select count(distinct session_id) from attendance_signatures where signer_id = $1 and signer_role = 'student'",
};

/**
 * One statement per criterion: the badges of that criterion whose threshold the learner reached are
 * awarded, and only the awards this statement made come back. The unique (user_id, badge_id) index
 * and ON CONFLICT DO NOTHING make two racing events award a badge once, and notify it once.
 */
function awardStatement(criterion: AchievementCriterion): string {
  return `with reached as (select (${CRITERION_VALUE_SQL[criterion]}) as value),
  awarded as (
    insert into user_badges (organization_id, user_id, badge_id)
    select b.organization_id, $1, b.id from badges b, reached
    where b.organization_id = $2 and b.criterion = '${criterion}' and b.is_active and b.threshold <= reached.value
    on conflict (user_id, badge_id) do nothing
    returning badge_id
  )
  select b.id, b.system_key, b.name, b.rarity, b.threshold from awarded join badges b on b.id = awarded.badge_id`;
}

const AWARD_STATEMENTS = Object.fromEntries(
  ACHIEVEMENT_CRITERIA.map((criterion) => [criterion, awardStatement(criterion)]),
) as Record<AchievementCriterion, string>;

/** Every criterion's value in one statement, for the achievements screen. */
const ALL_VALUES_SQL = `select ${ACHIEVEMENT_CRITERIA.map(
  (criterion) => `(${CRITERION_VALUE_SQL[criterion]})::int as ${criterion}`,
).join(', ')}`;

function toBadge(row: BadgeRow): Badge {
  return {
    id: row.id,
    systemKey: row.systemKey,
    name: row.name,
    description: row.description,
    criterion: row.criterion as AchievementCriterion,
    threshold: row.threshold,
    rarity: row.rarity as BadgeRarity,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Staff work on their own organisation's badges (an admin without one has none to define). */
function staffOrganization(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

export function createAchievementsService(deps: {
  database: Database;
  notifications: NotificationsService;
  log: { error(object: object, message: string): void };
}) {
  const { database, notifications, log } = deps;

  async function award(input: { organizationId: string; userId: string; criterion: AchievementCriterion }) {
    const { organizationId, userId, criterion } = input;
    // As the learner, under their tenant's policies: they read only their own counts and may be
    // awarded only in their own organisation.
    const awarded = await database.queryAsTenant<{
      id: string;
      system_key: string | null;
      name: string | null;
      rarity: BadgeRarity;
      threshold: number;
    }>(
      { userId, organizationId, role: 'student' },
      { sql: AWARD_STATEMENTS[criterion], params: [userId, organizationId] },
    );
    for (const badge of awarded) {
      const metadata: AchievementNotificationMetadata = {
        badgeId: badge.id,
        systemKey: badge.system_key,
        name: badge.name,
        rarity: badge.rarity,
        criterion,
        threshold: badge.threshold,
      };
      await notifications.createNotification(
        { userId, organizationId },
        { type: 'achievement', actionUrl: '/achievements', metadata },
      );
    }
    return awarded.map((badge) => badge.id);
  }

  return {
    award,

    /**
     * Called where the event happens (sign-in, time recorded, formation completed, quiz passed). A
     * failure is logged and swallowed: a badge never fails the learner's action.
     */
    async evaluate(input: { organizationId: string; userId: string; criterion: AchievementCriterion }) {
      try {
        await award(input);
      } catch (error) {
        log.error({ err: error, ...input }, 'achievement evaluation failed');
      }
    },

    /** The learner's badges (earned ones and the active ones still ahead) and where they stand. */
    async mine(actor: SessionUser): Promise<MyAchievements> {
      if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
      const organizationId = actor.organizationId;
      const [rows, [values]] = await Promise.all([
        database.withTenant(tenantOf(actor), (tx) =>
          tx
            .select({ badge: badges, awardedAt: userBadges.awardedAt })
            .from(badges)
            .leftJoin(userBadges, and(eq(userBadges.badgeId, badges.id), eq(userBadges.userId, actor.id)))
            .where(eq(badges.organizationId, organizationId))
            .orderBy(asc(badges.criterion), asc(badges.threshold), asc(badges.id)),
        ),
        database.queryAsTenant<Record<AchievementCriterion, number>>(tenantOf(actor), {
          sql: ALL_VALUES_SQL,
          params: [actor.id],
        }),
      ]);
      // An inactive badge stays on the screen once earned, and is not a goal otherwise.
      const shown = rows.filter((row) => row.awardedAt !== null || row.badge.isActive);
      return {
        badges: shown.map(({ badge, awardedAt }) => {
          const { isActive: _isActive, createdAt: _createdAt, ...rest } = toBadge(badge);
          return { ...rest, awardedAt: awardedAt ? awardedAt.toISOString() : null };
        }),
        progress: ACHIEVEMENT_CRITERIA.map((criterion) => {
          const next = shown.find(
            (row) => row.badge.criterion === criterion && row.awardedAt === null && row.badge.isActive,
          );
          return {
            criterion,
            value: Number(values?.[criterion] ?? 0),
            next: next ? { badgeId: next.badge.id, threshold: next.badge.threshold } : null,
          };
        }),
      };
    },

    async listBadges(actor: SessionUser): Promise<Badge[]> {
      const organizationId = staffOrganization(actor);
      const rows = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .select()
          .from(badges)
          .where(eq(badges.organizationId, organizationId))
          .orderBy(asc(badges.criterion), asc(badges.threshold), asc(badges.id)),
      );
      return rows.map(toBadge);
    },

    async createBadge(actor: SessionUser, input: CreateBadgeInput): Promise<Badge> {
      const organizationId = staffOrganization(actor);
      const values = CreateBadgeInputSchema.parse(input);
      const [row] = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .insert(badges)
          .values({ ...values, organizationId, createdBy: actor.id })
          .returning(),
      );
      return toBadge(row!);
    },

    /** A system badge may only be switched on or off; its name and rule are the platform's. */
    async updateBadge(actor: SessionUser, id: string, input: UpdateBadgeInput): Promise<Badge> {
      const organizationId = staffOrganization(actor);
      const changes = UpdateBadgeInputSchema.parse(input);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const [current] = await tx
          .select()
          .from(badges)
          .where(and(eq(badges.id, id), eq(badges.organizationId, organizationId)));
        if (!current) throw new AppError('NOT_FOUND');
        const allowed = current.systemKey ? { isActive: changes.isActive } : changes;
        if (current.systemKey && Object.keys(changes).some((key) => key !== 'isActive'))
          throw new AppError('INSUFFICIENT_PERMISSIONS');
        const [row] = await tx
          .update(badges)
          .set({ ...allowed, updatedAt: new Date() })
          .where(eq(badges.id, id))
          .returning();
        return toBadge(row!);
      });
    },

    async deleteBadge(actor: SessionUser, id: string) {
      const organizationId = staffOrganization(actor);
      await database.withTenant(tenantOf(actor), async (tx) => {
        const [current] = await tx
          .select({ systemKey: badges.systemKey })
          .from(badges)
          .where(and(eq(badges.id, id), eq(badges.organizationId, organizationId)));
        if (!current) throw new AppError('NOT_FOUND');
        if (current.systemKey) throw new AppError('INSUFFICIENT_PERMISSIONS');
        await tx.delete(badges).where(eq(badges.id, id));
      });
    },
  };
}

export type AchievementsServiceImpl = ReturnType<typeof createAchievementsService>;
