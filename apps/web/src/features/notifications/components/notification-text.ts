import {
  AchievementNotificationMetadataSchema,
  type Language,
  type Notification,
  SUBMISSION_STATUSES,
} from '@cursus/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatDuration } from '@/lib/format-duration';

const ExerciseSubmittedSchema = z.object({ exerciseTitle: z.string(), studentName: z.string() });
const ExerciseReviewedSchema = z.object({ exerciseTitle: z.string(), status: z.enum(SUBMISSION_STATUSES) });

/**
 * The text of a notification the server stored as a type and metadata (badges, exercises), written
 * in the reader's language; any other keeps the title and message it was stored with.
 */
export function describeNotification(
  notification: Notification,
  t: TFunction<'notifications'>,
  language: Language,
): { title: string; message: string } {
  const stored = { title: notification.title, message: notification.message };
  if (notification.type === 'achievement') {
    const badge = AchievementNotificationMetadataSchema.safeParse(notification.metadata);
    if (!badge.success) return stored;
    const { name, rarity, criterion, threshold } = badge.data;
    const goal =
      criterion === 'time_spent'
        ? t('kinds.achievement.goal.time_spent', { duration: formatDuration(threshold * 60, language) })
        : t(`kinds.achievement.goal.${criterion}`, { count: threshold });
    return {
      title: name ? t('kinds.achievement.titleNamed', { name }) : t('kinds.achievement.title'),
      message: t('kinds.achievement.message', { rarity: t(`kinds.achievement.rarity.${rarity}`), goal }),
    };
  }
  if (notification.type === 'exercise_submitted') {
    const work = ExerciseSubmittedSchema.safeParse(notification.metadata);
    if (!work.success) return stored;
    return {
      title: t('kinds.exerciseSubmitted.title', { title: work.data.exerciseTitle }),
      message: t('kinds.exerciseSubmitted.message', { name: work.data.studentName }),
    };
  }
  if (notification.type === 'exercise_reviewed') {
    const review = ExerciseReviewedSchema.safeParse(notification.metadata);
    if (!review.success || review.data.status === 'submitted') return stored;
    return {
      title: t(`kinds.exerciseReviewed.${review.data.status}`, { title: review.data.exerciseTitle }),
      message: t('kinds.exerciseReviewed.message'),
    };
  }
  return stored;
}
