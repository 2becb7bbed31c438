import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Mock } from 'vitest';
import { describe, expect, it } from 'vitest';
import { apiError, buildUser, type MockResponse, mockApi, renderWithProviders } from '@/testing/test-utils';
import { buildCourse, page } from '../testing/build-course';
import { CourseList } from './course-list';

const SESSION = { 'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } } };

/** The query strings the list sent to GET /api/courses, in order. */
function listQueries(fetchMock: Mock): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      method: (init as RequestInit)?.method,
    }))
    .filter(({ url, method }) => url.pathname === '/api/courses' && (method ?? 'GET') === 'GET')
    .map(({ url }) => url.searchParams);
}

function renderList(
  answer: MockResponse | (() => MockResponse),
  extra: Record<string, MockResponse> = {},
  props: Partial<Parameters<typeof CourseList>[0]> = {},
) {
  const api = mockApi({ ...SESSION, 'GET /api/courses': answer, ...extra });
  renderWithProviders(
    <CourseList
      createHref="/trainer/create-formation"
      getEditHref={(id) => `/trainer/formation/${id}`}
      {...props}
    />,
    '/trainer/courses',
  );
  return api;
}

describe('CourseList', () => {
  it('lists the formations with their status, counts and actions', async () => {
    renderList({
      body: page([
        buildCourse({
          title: 'Sécurité au travail',
          status: 'published',
          isLocked: true,
          moduleCount: 2,
          lessonCount: 5,
        }),
        buildCourse({ title: 'Gestes et postures', enrollmentCount: 1 }),
      ]),
    });
    const list = await screen.findByRole('list', { name: 'Formations' });
    const rows = [...list.children] as HTMLElement[];
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Publiée')).toBeTruthy();
    expect(within(rows[0]!).getByText('Verrouillée')).toBeTruthy();
    expect(within(rows[0]!).getByText('2 modules')).toBeTruthy();
    expect(within(rows[0]!).getByText('5 leçons')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: /Dépublier/ })).toBeTruthy();
    expect(within(rows[1]!).getByText('Brouillon')).toBeTruthy();
    expect(within(rows[1]!).getByText('1 apprenant')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Gestes et postures' }).getAttribute('href')).toMatch(
      /^\/trainer\/formation\//,
    );
    expect(screen.getByText('2 formations')).toBeTruthy();
  });

  it('searches once typing pauses, not on every keystroke', async () => {
    const { fetchMock } = renderList({ body: page([buildCourse()]) });
    await screen.findByRole('list', { name: 'Formations' });
    const search = screen.getByLabelText('Rechercher');
    for (const value of ['S', 'Sé', 'Séc']) fireEvent.change(search, { target: { value } });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('search')).toBe('Séc'));
    const searches = listQueries(fetchMock).map((query) => query.get('search'));
    expect(searches).not.toContain('S');
    expect(searches).not.toContain('Sé');
  });

  it('sends the status, lock, archive and sort filters, back on page 1', async () => {
    const { fetchMock } = renderList({ body: page([buildCourse()], { total: 45 }) });
    await screen.findByRole('list', { name: 'Formations' });
    expect(Object.fromEntries(listQueries(fetchMock)[0]!)).toEqual({
      page: '1',
      pageSize: '20',
      sortBy: 'createdAt',
      order: 'desc',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('page')).toBe('2'));

    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'draft' } });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('status')).toBe('draft'));
    expect(listQueries(fetchMock).at(-1)?.get('page')).toBe('1');

    fireEvent.change(screen.getByLabelText('Verrouillage'), { target: { value: 'true' } });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('locked')).toBe('true'));

    fireEvent.click(screen.getByLabelText('Afficher les formations archivées'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('archived')).toBe('true'));

    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'title-asc' } });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('sortBy')).toBe('title'));
    expect(Object.fromEntries(listQueries(fetchMock).at(-1)!)).toEqual({
      page: '1',
      pageSize: '20',
      status: 'draft',
      locked: 'true',
      archived: 'true',
      sortBy: 'title',
      order: 'asc',
    });
  });

  it('invites to create the first formation when the organisation has none', async () => {
    renderList({ body: { ...page([]), emptyReason: 'EMPTY_COURSES' } });
    expect(await screen.findByRole('heading', { name: 'Aucune formation pour le moment' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Créer une formation' })[0]!.getAttribute('href')).toBe(
      '/trainer/create-formation',
    );
  });

  it('shows the error with a retry that asks again', async () => {
    let attempts = 0;
    const { fetchMock } = renderList(() => {
      attempts += 1;
      return attempts === 1
        ? apiError('NO_ORGANIZATION', 409)
        : { body: page([buildCourse({ title: 'Retrouvée' })]) };
    });
    expect(await screen.findByText('Aucun organisme trouvé pour cet utilisateur')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Retrouvée' })).toBeTruthy();
    expect(listQueries(fetchMock)).toHaveLength(2);
  });

  it('publishes a draft from its row', async () => {
    const course = buildCourse({ title: 'Gestes et postures' });
    const { calls } = renderList(
      { body: page([course]) },
      {
        [`POST /api/courses/${course.id}/publish`]: { body: { ...course, status: 'published' } },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Publier/ }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === `/api/courses/${course.id}/publish`)).toBe(true),
    );
  });

  it('deletes after a confirmation, and offers to archive a formation with linked data', async () => {
    const course = buildCourse({ title: 'Gestes et postures', enrollmentCount: 3 });
    const { calls } = renderList(
      { body: page([course]) },
      {
        [`DELETE /api/courses/${course.id}`]: apiError('LINKED_DATA', 409),
        [`POST /api/courses/${course.id}/archive`]: { body: { ...course, isArchived: true } },
      },
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Autres actions pour «\u00a0Gestes et postures\u00a0»' }),
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Supprimer' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Supprimer la formation\u202f?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer définitivement' }));

    const refused = await screen.findByRole('alertdialog', {
      name: 'Cette formation ne peut pas être supprimée',
    });
    // SPEC 8's message for 23503, then the way out.
    expect(within(refused).getByText('Suppression impossible : des données y sont liées')).toBeTruthy();
    fireEvent.click(within(refused).getByRole('button', { name: 'Archiver la formation' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
      `POST /api/courses/${course.id}/archive`,
    );
  });

  it('names each formation’s organisation in the admin list and filters by organisation', async () => {
    const organizations = [
      { id: '3f0e8a52-8f7e-4d38-9a57-aaaaaaaaaaaa', name: 'Atelier Nord' },
      { id: '3f0e8a52-8f7e-4d38-9a57-bbbbbbbbbbbb', name: 'Campus Sud' },
    ];
    const { fetchMock } = renderList(
      {
        body: page([
          buildCourse({
            title: 'Soudure',
            organizationName: 'Atelier Nord',
            organizationId: organizations[0]!.id,
          }),
          buildCourse({
            title: 'Comptabilité',
            organizationName: 'Campus Sud',
            organizationId: organizations[1]!.id,
          }),
        ]),
      },
      {},
      { isAdmin: true, organizations, createHref: undefined },
    );
    expect(await screen.findByText('Formation · Atelier Nord')).toBeTruthy();
    expect(screen.getByText('Formation · Campus Sud')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Créer une formation' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Organisme'), { target: { value: organizations[1]!.id } });
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)?.get('organizationId')).toBe(organizations[1]!.id),
    );
  });
});
