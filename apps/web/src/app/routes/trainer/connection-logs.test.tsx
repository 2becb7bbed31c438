import type { ConnectionLogs, StudentConnectionLog, StudentConnectionLogEntries } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Mock } from 'vitest';
import { describe, expect, it } from 'vitest';
import { buildCourse, page } from '@/features/courses/testing/build-course';
import { buildUser, mockApi, renderRoutes } from '@/testing/test-utils';
import { APP_ROUTER_OPTIONS, createAppRoutes } from '../../router';

const ANA = '00000000-0000-4000-8000-000000000001';
const BOB = '00000000-0000-4000-8000-000000000002';
const COURSE_ID = '00000000-0000-4000-8000-000000000100';
const LOGS_PATH = '/api/time-tracking/connection-logs';

// Intl separates numbers from units with no-break spaces; compare the words, not the space flavour.
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

function buildLog(overrides: Partial<StudentConnectionLog> = {}): StudentConnectionLog {
  return {
    studentId: ANA,
    fullName: 'Ana Lopez',
    email: 'ana.lopez@example.org',
    signInCount: 0,
    sessionCount: 0,
    totalSeconds: 0,
    ...overrides,
  };
}

function buildLogs(items: StudentConnectionLog[], overrides: Partial<ConnectionLogs> = {}): ConnectionLogs {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    period: { from: '2025-02-11', to: '2025-03-13' },
    totals: {
      studentCount: items.length,
      signInCount: items.reduce((sum, item) => sum + item.signInCount, 0),
      sessionCount: items.reduce((sum, item) => sum + item.sessionCount, 0),
      totalSeconds: items.reduce((sum, item) => sum + item.totalSeconds, 0),
    },
    ...overrides,
  };
}

const ANA_LOG = buildLog({ signInCount: 1, sessionCount: 2, totalSeconds: 2 * 3600 + 15 * 60 });
/** Read when Ana's details open. */
const ANA_ENTRIES: StudentConnectionLogEntries = {
  signIns: [{ at: '2025-03-12T08:00:00.000Z', ipAddress: '203.0.113.7', userAgent: 'Firefox 136' }],
  sessions: [
    {
      id: '00000000-0000-4000-8000-000000000501',
      courseId: COURSE_ID,
      courseTitle: 'Sécurité au travail',
      sessionStart: '2025-03-12T08:05:00.000Z',
      sessionEnd: '2025-03-12T10:05:00.000Z',
      durationSeconds: 2 * 3600,
      source: 'online',
    },
    {
      id: '00000000-0000-4000-8000-000000000502',
      courseId: null,
      courseTitle: null,
      sessionStart: '2025-03-13T07:00:00.000Z',
      sessionEnd: null,
      durationSeconds: 15 * 60,
      source: 'offline',
    },
  ],
  hasOpenSession: true,
};
const BOB_LOG = buildLog({ studentId: BOB, fullName: 'Bob Martin', email: 'bob.martin@example.org' });

/** The query strings the screen sent for its page of logs. */
function logQueries(fetchMock: Mock): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === LOGS_PATH)
    .map((url) => url.searchParams);
}

function renderLogs(
  path: string,
  logs: ConnectionLogs = buildLogs([ANA_LOG, BOB_LOG]),
  routes: Parameters<typeof mockApi>[0] = {},
) {
  const api = mockApi({
    'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } },
    [`GET ${LOGS_PATH}`]: { body: logs },
    [`GET ${LOGS_PATH}/learners/${ANA}`]: { body: ANA_ENTRIES },
    [`GET ${LOGS_PATH}/learners/${BOB}`]: { body: { signIns: [], sessions: [], hasOpenSession: false } },
    'GET /api/organizations/students': {
      body: page(
        logs.items.map((log) => ({
          id: log.studentId,
          fullName: log.fullName,
          email: log.email,
          organizationId: '00000000-0000-4000-8000-000000000900',
        })),
      ),
    },
    'GET /api/courses': {
      body: page([buildCourse({ id: COURSE_ID, title: 'Sécurité au travail' })]),
    },
    ...routes,
  });
  return { ...api, ...renderRoutes(createAppRoutes(), path, APP_ROUTER_OPTIONS) };
}

describe('/trainer/connection-logs', () => {
  it('lists each learner with their counts, the totals, and on demand their sessions and sign-ins', async () => {
    renderLogs('/trainer/connection-logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Journaux de connexion' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Journaux par apprenant' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);

    const totals = screen.getByRole('heading', { name: 'Totaux' }).closest('section')!;
    const total = (label: string) => plain(within(totals).getByText(label).nextElementSibling!.textContent);
    expect(total('Apprenants')).toBe('2');
    expect(total('Connexions')).toBe('1');
    expect(total('Sessions suivies')).toBe('2');
    expect(total('Durée totale')).toBe('2 h 15 min');

    const ana = within(list).getByRole('article', { name: 'Ana Lopez' });
    expect(plain(ana.textContent)).toContain('1 connexion · 2 sessions · 2 h 15 min');
    // SPEC 6: only an admin may reset a learner's total time; a trainer may reset the session open
    // now, which the learner's details show.
    expect(within(ana).queryByRole('button', { name: /Réinitialiser le temps total/ })).toBeNull();
    expect(within(ana).queryByRole('button', { name: /Réinitialiser la session en cours/ })).toBeNull();
    fireEvent.click(within(ana).getByRole('button', { name: 'Afficher le détail (Ana Lopez)' }));

    const sessions = await within(ana).findByRole('table', {
      name: 'Sessions suivies de Ana Lopez (heures de Paris)',
    });
    expect(within(ana).getByText('Session en cours')).toBeTruthy();
    expect(within(ana).getByRole('button', { name: /Réinitialiser la session en cours/ })).toBeTruthy();
    expect(
      within(sessions)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Formation', 'Début', 'Fin', 'Durée', 'Origine']);
    const [, first, second] = within(sessions).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    ).toEqual(['Sécurité au travail', '12/03/2025 09:05', '12/03/2025 11:05', '2 h', 'En ligne']);
    expect(within(second!).getByText('Sans formation')).toBeTruthy();
    expect(within(second!).getByText('En cours')).toBeTruthy();
    // Time declared after an offline stretch is told apart from time the server saw (issue 11).
    expect(within(second!).getByText('Hors ligne (déclarée)')).toBeTruthy();
    // Without a start day, the server reads its default period, and the screen says which.
    expect(screen.getByText('Période : les 31 derniers jours, du 11/02/2025 au 13/03/2025')).toBeTruthy();

    const signIns = within(ana).getByRole('table', { name: 'Connexions de Ana Lopez (heures de Paris)' });
    expect(within(signIns).getByText('203.0.113.7')).toBeTruthy();

    // Bob has no session open: nothing to reset.
    const bob = within(list).getByRole('article', { name: 'Bob Martin' });
    fireEvent.click(within(bob).getByRole('button', { name: 'Afficher le détail (Bob Martin)' }));
    await within(bob).findByText('Aucune session suivie sur la période.');
    expect(within(bob).queryByText('Session en cours')).toBeNull();
    expect(within(bob).queryByRole('button', { name: /Réinitialiser la session en cours/ })).toBeNull();
  });

  it('resets the open session from the details, then leaves the focus on the details button', async () => {
    let isReset = false;
    renderLogs('/trainer/connection-logs', undefined, {
      [`GET ${LOGS_PATH}/learners/${ANA}`]: () => ({ body: { ...ANA_ENTRIES, hasOpenSession: !isReset } }),
      [`POST /api/time-tracking/students/${ANA}/reset-session`]: () => {
        isReset = true;
        return { body: { closedSessionCount: 1 } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Journaux par apprenant' });
    const ana = within(list).getByRole('article', { name: 'Ana Lopez' });
    fireEvent.click(within(ana).getByRole('button', { name: 'Afficher le détail (Ana Lopez)' }));
    fireEvent.click(await within(ana).findByRole('button', { name: 'Réinitialiser la session en cours' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Réinitialiser la session en cours\u202f?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(within(ana).queryByText('Session en cours')).toBeNull());
    expect(within(ana).queryByRole('button', { name: 'Réinitialiser la session en cours' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(ana).getByRole('button', { name: 'Masquer le détail (Ana Lopez)' }),
      ),
    );
  });

  it('reads its filters from the address, sends them to the API and puts them in the CSV export', async () => {
    const { fetchMock } = renderLogs(
      `/trainer/connection-logs?studentId=${ANA}&from=2025-03-01&to=2025-03-31`,
      buildLogs([ANA_LOG]),
    );
    await screen.findByRole('article', { name: 'Ana Lopez' });
    const query = logQueries(fetchMock).at(-1)!;
    expect(query.get('studentId')).toBe(ANA);
    expect(query.get('from')).toBe('2025-03-01');
    expect(query.get('to')).toBe('2025-03-31');
    expect(query.get('page')).toBe('1');

    const exportLink = screen.getByRole('link', { name: 'Exporter en CSV' });
    expect(exportLink.hasAttribute('download')).toBe(true);
    const exportUrl = new URL(exportLink.getAttribute('href')!, 'http://localhost');
    expect(exportUrl.pathname).toBe('/api/time-tracking/connection-logs/export');
    expect(Object.fromEntries(exportUrl.searchParams)).toEqual({
      studentId: ANA,
      from: '2025-03-01',
      to: '2025-03-31',
    });
    // One learner left: their details are open at once, read for the list's period.
    expect(await screen.findByRole('table', { name: /Sessions suivies de Ana Lopez/ })).toBeTruthy();
    const entriesUrl = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === `${LOGS_PATH}/learners/${ANA}`);
    expect(Object.fromEntries(entriesUrl!.searchParams)).toEqual({ from: '2025-03-01', to: '2025-03-31' });
  });

  it('puts a new filter in the address and the query, back on the first page', async () => {
    const { fetchMock, router } = renderLogs('/trainer/connection-logs?page=2');
    await screen.findByRole('list', { name: 'Journaux par apprenant' });
    const formation = await screen.findByRole('combobox', { name: 'Formation' });
    await screen.findByRole('option', { name: 'Sécurité au travail' });
    fireEvent.change(formation, { target: { value: COURSE_ID } });
    const student = screen.getByRole('combobox', { name: 'Apprenant' });
    await screen.findByRole('option', { name: 'Bob Martin (bob.martin@example.org)' });
    fireEvent.change(student, { target: { value: BOB } });

    await waitFor(() => expect(logQueries(fetchMock).at(-1)!.get('studentId')).toBe(BOB));
    const query = logQueries(fetchMock).at(-1)!;
    expect(query.get('courseId')).toBe(COURSE_ID);
    expect(query.get('page')).toBe('1');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('courseId')).toBe(COURSE_ID);
    expect(search.get('studentId')).toBe(BOB);
    expect(search.get('page')).toBeNull();
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(
      `/api/time-tracking/connection-logs/export?studentId=${BOB}&courseId=${COURSE_ID}`,
    );
  });

  it('pages through the learners', async () => {
    const { fetchMock, router } = renderLogs(
      '/trainer/connection-logs',
      buildLogs([ANA_LOG, BOB_LOG], { total: 45 }),
    );
    const pages = await screen.findByRole('navigation', { name: 'Pages des journaux' });
    expect(within(pages).getByText('Page 1 sur 3')).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(logQueries(fetchMock).at(-1)!.get('page')).toBe('2'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
  });

  it('refuses a period that ends before it starts, without asking the server', async () => {
    const { fetchMock } = renderLogs('/trainer/connection-logs?from=2025-03-31&to=2025-03-01');
    expect(
      await screen.findByText('La date de fin doit être postérieure ou égale à la date de début.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Au').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Exporter en CSV' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Exporter en CSV' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(logQueries(fetchMock)).toHaveLength(0);
  });

  it('refuses a period over a year, without asking the server', async () => {
    const { fetchMock } = renderLogs('/trainer/connection-logs?from=2024-01-01&to=2025-03-31');
    expect(await screen.findByText('La période ne peut pas dépasser 366 jours.')).toBeTruthy();
    expect(screen.getByLabelText('Du').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Exporter en CSV' })).toBeNull();
    expect(logQueries(fetchMock)).toHaveLength(0);
  });

  it('names the period read when days are chosen', async () => {
    renderLogs(
      '/trainer/connection-logs?from=2025-03-01&to=2025-03-31',
      buildLogs([ANA_LOG], { period: { from: '2025-03-01', to: '2025-03-31' } }),
    );
    expect(await screen.findByText('Période : du 01/03/2025 au 31/03/2025')).toBeTruthy();
  });

  it('says when the filters match nothing and clears them', async () => {
    const { router } = renderLogs(`/trainer/connection-logs?courseId=${COURSE_ID}`, buildLogs([]));
    expect(await screen.findByText('Aucun résultat pour ces filtres')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Effacer les filtres' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
