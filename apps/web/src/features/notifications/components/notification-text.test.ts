import type { Notification } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';

import { describeNotification } from './notification-text';

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: '0b4f7a3e-8f0a-4f39-9a57-4d0f3f8e2b11',
    userId: 'user-1',
    type: 'achievement',
    notificationType: 'achievement',
    title: 'first_login',
    message: 'first_login',
    actionUrl: '/achievements',
    isRead: false,
    context: null,
    metadata: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

const badge = (metadata: Record<string, unknown>) =>
  notification({
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

const inFrench = i18n.getFixedT('fr', 'notifications');
const inEnglish = i18n.getFixedT('en', 'notifications');

describe('notification text', () => {
  it("writes a system badge's notification in the reader's language, never the stored key", () => {
    expect(describeNotification(badge({ systemKey: 'first_login' }), inFrench, 'fr')).toEqual({
      title: 'Nouveau badge obtenu',
      message: 'Badge commun : 1 connexion.',
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
    expect(describeNotification(marathon, inFrench, 'fr').title).toBe('Badge « Marathon » obtenu');
    expect(describeNotification(marathon, inEnglish, 'en').message).toMatch(
      /^Legendary badge: 10 hr of learning\.$/,
    );
  });

  it('writes exercise notifications from their metadata', () => {
    const reviewed = notification({
      type: 'exercise_reviewed',
      notificationType: 'general',
      metadata: { exerciseId: 'x', exerciseTitle: 'Budget', status: 'to_redo' },
    });
    expect(describeNotification(reviewed, inFrench, 'fr').title).toBe('Exercice à refaire : Budget');
    const submitted = notification({
      type: 'exercise_submitted',
      notificationType: 'general',
      metadata: { exerciseId: 'x', exerciseTitle: 'Budget', studentName: 'Léa Martin' },
    });
    expect(describeNotification(submitted, inEnglish, 'en')).toEqual({
      title: 'New work handed in: Budget',
      message: 'Léa Martin handed in their work.',
    });
  });

  it('keeps the stored text of any other notification, or of metadata it cannot read', () => {
    const welcome = notification({ type: 'welcome', title: 'Bienvenue', message: 'Votre espace est prêt.' });
    expect(describeNotification(welcome, inEnglish, 'en')).toEqual({
      title: 'Bienvenue',
      message: 'Votre espace est prêt.',
    });
    expect(describeNotification(badge({ rarity: 'mythic' }), inFrench, 'fr').title).toBe('first_login');
  });
});
