import type { SessionUser } from '@cursus/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from './router';

function renderAs(user: SessionUser, path: string) {
  mockApi({
    'GET /api/auth/session': { body: { user } },
    'POST /api/system/not-found': { body: { ok: true } },
  });
  return renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS);
}

describe('SPEC 2 and 4 time-tracker card', () => {
  it('sits in the student sidebar', async () => {
    renderAs(buildUser({ role: 'student' }), '/dashboard');
    const sidebar = await screen.findByRole('complementary', { name: 'Menu latéral' });
    expect(within(sidebar).getByText('Session en cours')).toBeTruthy();
  });

  it('is not there for trainers (time is tracked for students only)', async () => {
    renderAs(buildUser({ role: 'trainer' }), '/trainer/dashboard');
    const sidebar = await screen.findByRole('complementary', { name: 'Menu latéral' });
    expect(within(sidebar).queryByText('Session en cours')).toBeNull();
  });
});
