import type { SessionUser } from '@cursus/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from './router';

const COURSE_ID = '0b7d4a3e-5b1f-4f6e-9c1d-2a3b4c5d6e7f';
const LESSON_ID = '2d9f6c5a-7d3b-4b8a-9e3f-4c5d6e7f8091';

function renderAs(user: SessionUser, path: string) {
  mockApi({
    'GET /api/auth/session': { body: { user } },
    'GET /api/config': { body: { supportEmail: 'support@cursus.example' } },
    'POST /api/system/not-found': { body: { ok: true } },
  });
  return renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS);
}

async function questionButton() {
  const sidebar = await screen.findByRole('complementary', { name: 'Menu latéral' });
  return within(sidebar).getByRole('button', { name: "J'ai une question\u202f?" });
}

describe("SPEC 2 'J'ai une question ?'", () => {
  it('opens the ask-question dialog for a learner', async () => {
    renderAs(buildUser({ role: 'student' }), '/dashboard');
    fireEvent.click(await questionButton());
    expect(await screen.findByRole('dialog', { name: 'Poser une question' })).toBeTruthy();
  });

  it('keeps the help centre contact for trainers', async () => {
    const { router } = renderAs(buildUser({ role: 'trainer' }), '/trainer/dashboard');
    fireEvent.click(await questionButton());
    expect(await screen.findByRole('tablist', { name: "Rubriques d'aide" })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=contact');
  });

  it('offers the question on a lesson page, about that formation and lesson', async () => {
    renderAs(buildUser({ role: 'student' }), `/lesson/${COURSE_ID}/${LESSON_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: "J'ai une question\u202f?" }));
    const dialog = await screen.findByRole('dialog', { name: 'Poser une question' });
    const attach = within(dialog).getByRole('checkbox', { name: /Joindre la formation/ }) as HTMLInputElement;
    expect(attach.checked).toBe(true);
  });
});
