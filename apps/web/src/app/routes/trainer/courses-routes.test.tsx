import type { Role } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '@/app/router';
import { buildCourse, buildCourseDetail } from '@/features/courses/testing/build-course';
import { buildUser, type MockResponse, mockApi, renderRoutes } from '@/testing/test-utils';

function renderAs(
  role: Role,
  path: string,
  handlers: Record<string, MockResponse | (() => MockResponse)> = {},
) {
  const api = mockApi({
    'GET /api/auth/session': { body: { user: buildUser({ role }) } },
    'GET /api/notifications/unread-count': { body: { count: 0 } },
    ...handlers,
  });
  return { ...renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS), ...api };
}

function page<T>(items: T[]) {
  return { items, total: items.length, page: 1, pageSize: 20 };
}

describe('course routes', () => {
  it('serves /trainer/courses with the sidebar item active', async () => {
    renderAs('trainer', '/trainer/courses', {
      'GET /api/courses': { body: page([buildCourse({ title: 'Soudure' })]) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Formations' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Soudure' })).toBeTruthy();
    const sidebar = screen.getByRole('complementary', { name: 'Menu latéral' });
    expect(within(sidebar).getByRole('link', { name: 'Formations' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('creates a formation at /create-formation and opens its editor', async () => {
    const created = buildCourseDetail({}, { title: 'Premiers secours' });
    const { router } = renderAs('trainer', '/create-formation', {
      'POST /api/courses': { body: created },
      [`GET /api/courses/${created.id}`]: { body: created },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Créer une formation' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Titre de la formation'), {
      target: { value: 'Premiers secours' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la formation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/trainer/formation/${created.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Premiers secours' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Contenu' }).getAttribute('aria-selected')).toBe('true');
  });

  it("says 'Formation introuvable' for another organisation's formation", async () => {
    const id = buildCourse().id;
    renderAs('trainer', `/trainer/formation/${id}`, {
      [`GET /api/courses/${id}`]: {
        status: 404,
        body: { error: { code: 'TRAINING_NOT_FOUND', message: 'x' } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Formation introuvable' })).toBeTruthy();
  });

  it('serves /admin/courses to an admin with every organisation', async () => {
    renderAs('admin', '/admin/courses', {
      'GET /api/courses': {
        body: page([buildCourse({ title: 'Soudure', organizationName: 'Atelier Nord' })]),
      },
      'GET /api/organizations': { body: { items: [] } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Toutes les formations' })).toBeTruthy();
    expect(await screen.findByText('Formation · Atelier Nord')).toBeTruthy();
  });
});
