import type { MyAchievements } from '@cursus/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { AchievementsOverview } from './achievements-overview';

const ids = {
  firstLogin: '11111111-1111-4111-8111-111111111111',
  regular: '22222222-2222-4222-8222-222222222222',
  legend: '33333333-3333-4333-8333-333333333333',
};

const achievements: MyAchievements = {
  badges: [
    {
      id: ids.firstLogin,
      systemKey: 'first_login',
      name: null,
      description: '',
      criterion: 'login',
      threshold: 1,
      rarity: 'common',
      awardedAt: '2026-11-02T09:00:00.000Z',
    },
    {
      id: ids.regular,
      systemKey: 'regular_login',
      name: null,
      description: '',
      criterion: 'login',
      threshold: 10,
      rarity: 'uncommon',
      awardedAt: null,
    },
    {
      id: ids.legend,
      systemKey: null,
      name: 'Pilier de la promo',
      description: 'Vingt heures de formation.',
      criterion: 'time_spent',
      threshold: 1200,
      rarity: 'legendary',
      awardedAt: '2026-11-20T09:00:00.000Z',
    },
  ],
  progress: [
    { criterion: 'time_spent', value: 1260, next: null },
    { criterion: 'login', value: 4, next: { badgeId: ids.regular, threshold: 10 } },
    { criterion: 'course_completion', value: 0, next: null },
    { criterion: 'quiz_success', value: 0, next: null },
    { criterion: 'attendance', value: 0, next: null },
  ],
};

describe('the achievements screen', () => {
  it('shows trophies, progress towards the next badge and the badges still locked', async () => {
    mockApi({ 'GET /api/achievements': { body: achievements } });
    renderWithProviders(<AchievementsOverview hasOrganization />);
    const trophies = await screen.findByRole('region', { name: 'Trophées' });
    expect(within(trophies).getByText('Pilier de la promo')).toBeTruthy();
    expect(within(trophies).queryByText('Premiers pas')).toBeNull();
    const bar = screen.getByRole('progressbar', { name: 'Connexions' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('4 connexions sur 10 connexions');
    expect(screen.getByText(/Prochain badge : Habitué/)).toBeTruthy();
    expect(screen.getByText('2 badges obtenus sur 3')).toBeTruthy();
    const badges = screen.getByRole('region', { name: 'Badges' });
    expect(within(badges).getByText(/À débloquer · Objectif : 10 connexions/)).toBeTruthy();
    await changeLanguage('en');
    expect(await screen.findByText('First steps')).toBeTruthy();
    expect(screen.getByText(/Next badge: Regular/)).toBeTruthy();
    await changeLanguage('fr');
  });

  it('offers a retry when the badges cannot be loaded', async () => {
    mockApi({ 'GET /api/achievements': apiError('SERVER_ERROR', 500) });
    renderWithProviders(<AchievementsOverview hasOrganization />);
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
