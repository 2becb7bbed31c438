import type { Language, Notification } from '@cursus/contracts';
import type { TFunction } from 'i18next';
import { formatDuration } from '@/lib/format-duration';
import { dateTimeFormat } from '@/lib/intl';

/**
 * The text of a notification, written from its kind and data in the reader's current language
 * (notifications are stored as a kind plus data, never as sentences: issue 14).
 */
export function describeNotification(
  notification: Notification,
  t: TFunction<'notifications'>,
  language: Language,
): { title: string; message: string } {
  switch (notification.type) {
    case 'welcome':
      return {
        title: t('kinds.welcome.title'),
        message: t('kinds.welcome.message', { organization: notification.metadata.organizationName }),
      };
    case 'time_tracking_issue':
      return {
        title: t('kinds.timeTrackingIssue.title'),
        message: t(`kinds.timeTrackingIssue.${notification.metadata.issueType}`, {
          name: notification.metadata.studentName,
        }),
      };
    case 'achievement': {
      const { name, rarity, criterion, threshold } = notification.metadata;
      const goal =
        criterion === 'time_spent'
          ? t('kinds.achievement.goal.time_spent', { duration: formatDuration(threshold * 60, language) })
          : t(`kinds.achievement.goal.${criterion}`, { count: threshold });
      return {
        title: name ? t('kinds.achievement.titleNamed', { name }) : t('kinds.achievement.title'),
        message: t('kinds.achievement.message', { rarity: t(`kinds.achievement.rarity.${rarity}`), goal }),
      };
    }
    case 'exercise_submitted':
      return {
        title: t('kinds.exerciseSubmitted.title', { title: notification.metadata.exerciseTitle }),
        message: t('kinds.exerciseSubmitted.message', { name: notification.metadata.studentName }),
      };
    case 'exercise_reviewed': {
      const { status, exerciseTitle } = notification.metadata;
      return {
        title: t(`kinds.exerciseReviewed.${status === 'to_redo' ? 'to_redo' : 'reviewed'}`, {
          title: exerciseTitle,
        }),
        message: t('kinds.exerciseReviewed.message'),
      };
    }
    case 'question_created':
      return {
        title: t('kinds.questionCreated.title', { subject: notification.metadata.subject }),
        message: t('kinds.questionCreated.message', { name: notification.metadata.studentName }),
      };
    case 'question_replied':
      return {
        title: t('kinds.questionReplied.title', { subject: notification.metadata.subject }),
        message: t('kinds.questionReplied.message', { name: notification.metadata.responderName }),
      };
    case 'student_reply_received':
      return {
        title: t('kinds.studentReplyReceived.title', { subject: notification.metadata.subject }),
        message: t('kinds.studentReplyReceived.message', { name: notification.metadata.studentName }),
      };
    case 'question_assigned':
      return {
        title: t('kinds.questionAssigned.title', { subject: notification.metadata.subject }),
        message: t('kinds.questionAssigned.message', { name: notification.metadata.assignedByName }),
      };
    case 'forum_mention':
      return {
        title: t('kinds.forumMention.title', { title: notification.metadata.threadTitle }),
        message: t('kinds.forumMention.message', { name: notification.metadata.authorName }),
      };
    case 'forum_reply':
      return {
        title: t('kinds.forumReply.title', { title: notification.metadata.threadTitle }),
        message: t('kinds.forumReply.message', { name: notification.metadata.authorName }),
      };
    case 'group_session_scheduled': {
      const startsAt = new Date(notification.metadata.startsAt);
      return {
        title: t('kinds.groupSessionScheduled.title', { title: notification.metadata.title }),
        message: t('kinds.groupSessionScheduled.message', {
          date: dateTimeFormat(language, {
            dateStyle: 'full',
            timeStyle: 'short',
          }).format(startsAt),
        }),
      };
    }
    case 'certificate_issued':
      return {
        title: t(`kinds.certificateIssued.${notification.metadata.kind}`),
        message: t('kinds.certificateIssued.message', { title: notification.metadata.courseTitle }),
      };
    case 'message_received':
      return {
        title: t('kinds.messageReceived.title', { name: notification.metadata.senderName }),
        message: t('kinds.messageReceived.message'),
      };
  }
}
