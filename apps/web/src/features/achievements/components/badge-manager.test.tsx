import type { Badge } from '@cursus/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { BadgeManager } from './badge-manager';

const systemBadge: Badge = {
  id: '11111111-1111-4111-8111-111111111111',
  systemKey: 'first_login',
  name: null,
  description: '',
  criterion: 'login',
  threshold: 1,
  rarity: 'common',
  isActive: true,
  createdAt: '2026-11-01T09:00:00.000Z',
};
const ownBadge: Badge = {
  ...systemBadge,
  id: '22222222-2222-4222-8222-222222222222',
  systemKey: null,
  name: 'Marathon',
  criterion: 'time_spent',
  threshold: 1200,
  rarity: 'legendary',
};

describe('the badges screen', () => {
  it("lets a trainer switch a system badge off and delete only the organisation's own, after asking", async () => {
    const { calls } = mockApi({
      'GET /api/trainer/badges': { body: { items: [systemBadge, ownBadge] } },
      [`PATCH /api/trainer/badges/${systemBadge.id}`]: { body: { ...systemBadge, isActive: false } },
    });
    renderWithProviders(<BadgeManager />);
    expect(await screen.findByRole('button', { name: 'Désactiver Premiers pas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer Marathon' })).toBeTruthy();
    expect(screen.getByText(/20\sh de formation/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Supprimer Premiers pas' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Désactiver Premiers pas' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: false }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Marathon' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Supprimer le badge «\u00a0Marathon\u00a0»\u202f?' }),
    ).toBeTruthy();
  });

  it('creates a badge from a criterion, a threshold and a rarity', async () => {
    const { calls } = mockApi({
      'GET /api/trainer/badges': { body: { items: [] } },
      'POST /api/trainer/badges': (call) => ({ body: { ...ownBadge, ...(call.body as object) } }),
    });
    renderWithProviders(<BadgeManager />);
    fireEvent.change(await screen.findByLabelText('Nom'), { target: { value: 'Assidu' } });
    fireEvent.change(screen.getByLabelText('Critère'), { target: { value: 'login' } });
    fireEvent.change(screen.getByLabelText('Seuil'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Rareté'), { target: { value: 'rare' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer le badge' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Assidu',
        description: '',
        criterion: 'login',
        threshold: 20,
        rarity: 'rare',
      }),
    );
  });
});
