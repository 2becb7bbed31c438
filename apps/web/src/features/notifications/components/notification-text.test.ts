import type { AchievementNotificationMetadata, Notification, NotificationPayload } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';

import { describeNotification } from './notification-text';

function notification(payload: NotificationPayload): Notification {
  return {
    id: '0b4f7a3e-8f0a-4f39-9a57-4d0f3f8e2b11',
    userId: 'user-1',
    notificationType: payload.type === 'achievement' ? 'achievement' : 'general',
    actionUrl: '/achievements',
    isRead: false,
    context: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...payload,
  };
}

const badge = (metadata: Partial<AchievementNotificationMetadata>) =>
  notification({
    type: 'achievement',
    metadata: {
      badgeId: '5d1b0c2e-7f64-4a7e-9b0c-2f1c9a7d4e10',
      systemKey: null,
      name: null,
      rarity: 'common',
      criterion: 'login',
      threshold: 1,
      ...metadata,
    },
  });
const QUESTION_ID = '7c1e4b8a-2d3f-4a5b-8c6d-9e0f1a2b3c4d';

const inFrench = i18n.getFixedT('fr', 'notifications');
const inEnglish = i18n.getFixedT('en', 'notifications');

describe('notification text', () => {
  it("writes a system badge's notification in the reader's language, never the stored key", () => {
    expect(describeNotification(badge({ systemKey: 'first_login' }), inFrench, 'fr')).toEqual({
      title: 'Nouveau badge obtenu',
      message: 'Badge commun\u00a0: 1 connexion.',
    });
    expect(describeNotification(badge({ systemKey: 'first_login' }), inEnglish, 'en')).toEqual({
      title: 'New badge earned',
      message: 'Common badge: 1 sign-in.',
    });
  });

  it("names a trainer's badge and counts time in hours", () => {
    const marathon = badge({
      name: 'Marathon',
      rarity: 'legendary',
      criterion: 'time_spent',
      threshold: 600,
    });
    expect(describeNotification(marathon, inFrench, 'fr').title).toBe('Badge «\u00a0Marathon\u00a0» obtenu');
    expect(describeNotification(marathon, inEnglish, 'en').message).toMatch(
      /^Legendary badge: 10 hrs of learning\.$/,
    );
  });

  it('writes exercise notifications from their metadata', () => {
    const reviewed = notification({
      type: 'exercise_reviewed',
      metadata: { exerciseId: QUESTION_ID, exerciseTitle: 'Budget', status: 'to_redo' },
    });
    expect(describeNotification(reviewed, inFrench, 'fr').title).toBe('Exercice à refaire\u00a0: Budget');
    const submitted = notification({
      type: 'exercise_submitted',
      metadata: { exerciseId: QUESTION_ID, exerciseTitle: 'Budget', studentName: 'Léa Martin' },
    });
    expect(describeNotification(submitted, inEnglish, 'en')).toEqual({
      title: 'New work handed in: Budget',
      message: 'Léa Martin handed in their work.',
    });
  });

  it('writes the same stored notification in whichever language its reader has now', () => {
    const stuck = notification({
      type: 'time_tracking_issue',
      metadata: {
        studentId: 'u1',
        studentName: 'Léa Martin',
        studentEmail: 'lea@example.com',
        issueType: 'session_stuck',
      },
    });
    expect(describeNotification(stuck, inFrench, 'fr')).toEqual({
      title: 'Suivi du temps\u00a0: problème détecté',
      message:
        'Une session de Léa Martin est restée ouverte sans activité\u202f; elle a été fermée à sa dernière activité.',
    });
    expect(describeNotification(stuck, inEnglish, 'en').title).toBe('Time tracking: problem detected');
    const welcome = notification({ type: 'welcome', metadata: { organizationName: 'Alpha Formation' } });
    expect(describeNotification(welcome, inEnglish, 'en').message).toContain('Your Alpha Formation space');
  });

  it('writes every kind of notification in both languages, with its data in it', () => {
    const samples: NotificationPayload[] = [
      {
        type: 'question_created',
        metadata: { questionId: QUESTION_ID, subject: 'Sujet', studentName: 'Léa' },
      },
      {
        type: 'question_replied',
        metadata: { questionId: QUESTION_ID, subject: 'Sujet', responderName: 'Marc' },
      },
      {
        type: 'student_reply_received',
        metadata: { questionId: QUESTION_ID, subject: 'Sujet', studentName: 'Léa' },
      },
      {
        type: 'question_assigned',
        metadata: { questionId: QUESTION_ID, subject: 'Sujet', assignedByName: 'Marc' },
      },
      { type: 'forum_mention', metadata: { threadId: QUESTION_ID, threadTitle: 'Fil', authorName: 'Marc' } },
      { type: 'forum_reply', metadata: { threadId: QUESTION_ID, threadTitle: 'Fil', authorName: 'Marc' } },
      { type: 'message_received', metadata: { conversationId: QUESTION_ID, senderName: 'Marc' } },
      {
        type: 'group_session_scheduled',
        metadata: { sessionId: QUESTION_ID, title: 'Fil', startsAt: '2026-12-01T08:30:00.000Z' },
      },
      {
        type: 'certificate_issued',
        metadata: { certificateId: QUESTION_ID, courseTitle: 'Fil', kind: 'realisation' },
      },
    ];
    for (const sample of samples) {
      const french = describeNotification(notification(sample), inFrench, 'fr');
      const english = describeNotification(notification(sample), inEnglish, 'en');
      expect(french.title, sample.type).not.toBe(english.title);
      expect(`${french.title} ${french.message}`, sample.type).toMatch(/Sujet|Fil|Marc|Léa/);
      expect(`${english.title} ${english.message}`, sample.type).not.toMatch(/kinds\./);
    }
  });

  it('dates a group session in Paris time, in the reader’s language', () => {
    const session = notification({
      type: 'group_session_scheduled',
      metadata: { sessionId: QUESTION_ID, title: 'Atelier Excel', startsAt: '2026-12-01T08:30:00.000Z' },
    });
    expect(describeNotification(session, inFrench, 'fr').message).toBe(
      'Prévue le mardi 1 décembre 2026 à 09:30.',
    );
    expect(describeNotification(session, inEnglish, 'en').message).toBe(
      'Scheduled for Tuesday, 1 December 2026 at 09:30.',
    );
  });
});
