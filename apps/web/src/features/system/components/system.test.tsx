import type {
  SystemAlertList,
  SystemHealth as SystemHealthData,
  SystemLogList,
  SystemLogSummary,
} from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { MonitoringJob } from './monitoring-job';
import { SystemAlerts } from './system-alerts';
import { SystemHealth } from './system-health';
import { SystemLogs } from './system-logs';

const ORGANIZATION = '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11';
const LOGS: SystemLogList = {
  items: [
    {
      id: '0b6d2b56-7c1a-4f36-9d58-1c8e3a9a7f01',
      message: 'permission denied for table courses',
      stack: 'Error: permission denied\n    at save (editor.tsx:12:3)',
      category: 'database',
      severity: 'critical',
      organizationId: ORGANIZATION,
      organizationName: 'Formations Lumière',
      userId: 'user-julien',
      userRole: 'trainer',
      url: '/trainer/courses',
      componentName: 'CourseEditor',
      userAgent: 'Mozilla/5.0 Firefox/133.0',
      metadata: { referrer: '/trainer' },
      createdAt: '2026-05-04T08:10:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
};
const SUMMARY: SystemLogSummary = {
  hours: [
    { hour: '2026-05-04T07:00:00.000Z', errors: 2, critical: 0 },
    { hour: '2026-05-04T08:00:00.000Z', errors: 3, critical: 1 },
  ],
  categories: ['database', 'network'],
  organizations: [{ id: ORGANIZATION, name: 'Formations Lumière' }],
};

function logQueries(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/system/logs')
    .map((url) => Object.fromEntries(url.searchParams));
}

describe('system logs (/admin/monitoring)', () => {
  it('lists the logs, charts the errors, filters through the server and shows an entry in full', async () => {
    const { fetchMock } = mockApi({
      'GET /api/admin/system/logs': () => ({ body: LOGS }),
      'GET /api/admin/system/logs/summary': () => ({ body: SUMMARY }),
    });
    renderWithProviders(<SystemLogs />);
    expect(await screen.findByText('Sur la période : 5 erreurs ; au plus 3 en une heure.')).toBeTruthy();
    const table = await screen.findByRole('table', {
      name: 'Journaux système, du plus récent au plus ancien',
    });
    expect(within(table).getByText('Critique')).toBeTruthy();
    expect(within(table).getByText('Formations Lumière')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Gravité'), { target: { value: 'critical' } });
    fireEvent.change(screen.getByLabelText('Organisme'), { target: { value: ORGANIZATION } });
    fireEvent.change(screen.getByLabelText('Période'), { target: { value: '7d' } });
    await waitFor(() =>
      expect(logQueries(fetchMock).at(-1)).toEqual({
        page: '1',
        pageSize: '20',
        period: '7d',
        severity: 'critical',
        organizationId: ORGANIZATION,
      }),
    );

    fireEvent.click(
      screen.getByRole('button', { name: 'Voir le détail\u00a0: permission denied for table courses' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Détail du journal' });
    expect(within(dialog).getByText(/at save \(editor\.tsx/)).toBeTruthy();
    expect(within(dialog).getByText('Mozilla/5.0 Firefox/133.0')).toBeTruthy();
    expect(within(dialog).getByText('/trainer/courses')).toBeTruthy();
    expect(within(dialog).getByText(/"referrer": "\/trainer"/)).toBeTruthy();
  });

  it('says when the period holds nothing, and lists the missing pages in the second tab', async () => {
    mockApi({
      'GET /api/admin/system/logs': () => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } }),
      'GET /api/admin/system/logs/summary': () => ({ body: { ...SUMMARY, hours: [] } }),
      'GET /api/admin/system/not-found': () => ({
        body: {
          items: [
            {
              id: '5f1d7a1e-3c2b-4a8e-9b0d-2e4f6a8c0b12',
              path: '/trainer/lost',
              referrer: null,
              userRole: null,
              userAgent: null,
              errorMessage: null,
              createdAt: '2026-05-04T08:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      }),
    });
    renderWithProviders(<SystemLogs />);
    expect(await screen.findByText('Aucun journal sur la période')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Pages introuvables (404)' }));
    const table = await screen.findByRole('table', { name: /Visites d’adresses inconnues/ });
    expect(within(table).getByText('/trainer/lost')).toBeTruthy();
    expect(within(table).getByText('Visiteur')).toBeTruthy();
  });
});

const ALERT_BASE = {
  source: 'monitoring',
  organizationId: null,
  organizationName: null,
  isResolved: false,
  resolvedAt: null,
};
const ALERTS: SystemAlertList = {
  items: [
    {
      ...ALERT_BASE,
      id: '9a3f1c2e-6b7d-4e8f-a1b2-c3d4e5f60718',
      alertType: 'critical_error',
      severity: 'critical',
      title: 'Erreur critique',
      message: '1 erreur(s) critique(s) depuis le dernier contrôle.',
      metadata: {
        criticalCount: 1,
        samples: [
          { id: 's1', message: 'permission denied for table courses', createdAt: '2026-05-04T08:10:00.000Z' },
        ],
      },
      createdAt: '2026-05-04T08:14:00.000Z',
    },
    {
      ...ALERT_BASE,
      id: '2c4e6a8b-0d1f-4a3c-8e5b-7d9f1a3c5e70',
      alertType: 'sync_error',
      severity: 'high',
      title: 'Time tracking: sync_error',
      message: 'heartbeat refused',
      source: 'time-tracking',
      metadata: null,
      createdAt: '2026-05-03T08:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  unresolvedTotal: 2,
};

describe('system alerts (/admin/system-monitoring)', () => {
  it('resolves one alert, then the rest of the page after a confirmation', async () => {
    const { calls } = mockApi({
      'GET /api/admin/system/alerts': () => ({ body: ALERTS }),
      'POST /api/admin/system/alerts/resolve': (call) => ({
        body: { resolved: (call.body as { ids: string[] }).ids.length },
      }),
    });
    renderWithProviders(<SystemAlerts />);
    const list = await screen.findByRole('list', { name: 'Alertes' });
    expect(within(list).getByRole('heading', { name: 'Erreur critique' })).toBeTruthy();
    expect(within(list).getByRole('heading', { name: 'Time tracking: sync_error' })).toBeTruthy();
    expect(screen.getByText('2 alertes non résolues')).toBeTruthy();
    fireEvent.click(within(list).getAllByText('Détails')[0]!);
    expect(within(list).getByText('permission denied for table courses')).toBeTruthy();

    fireEvent.click(within(list).getAllByRole('button', { name: 'Marquer comme résolue' })[0]!);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { ids: [ALERTS.items[0]!.id] },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Résoudre les alertes affichées' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Résoudre 2 alertes\u202f?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Résoudre' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
        ids: ALERTS.items.map((alert) => alert.id),
      }),
    );
  });

  it('shows the thresholds in force and the job’s latest runs', async () => {
    mockApi({
      'GET /api/admin/system/monitoring': () => ({
        body: {
          job: {
            name: 'system-monitoring',
            intervalMs: 300_000,
            lastRunAt: '2026-05-04T08:15:00.000Z',
            finishedAt: '2026-05-04T08:15:01.000Z',
            lastError: null,
            nextDueAt: '2026-05-04T08:20:00.000Z',
          },
          runs: [
            {
              id: '4d2f0b1a-9c8e-4f7d-b6a5-3e2d1c0b9a88',
              ranAt: '2026-05-04T08:15:00.000Z',
              errorCount: 12,
              criticalCount: 1,
              requestCount: 340,
              p95Ms: 300,
              alertTypes: ['error_rate', 'critical_error'],
            },
          ],
        },
      }),
    });
    renderWithProviders(<MonitoringJob />);
    expect(
      screen.getByText('Plus de 10 erreurs dans la dernière heure : alerte de gravité haute.'),
    ).toBeTruthy();
    expect(screen.getByText('Plus de 50 erreurs dans la dernière heure : alerte critique.')).toBeTruthy();
    const runs = await screen.findByRole('table', { name: /Derniers passages du contrôle/ });
    expect(within(runs).getByText('Taux d’erreurs élevé, Erreur critique')).toBeTruthy();
    expect(within(runs).getByText('≤ 300 ms')).toBeTruthy();
  });
});

const HEALTH: SystemHealthData = {
  checkedAt: '2026-05-04T08:20:00.000Z',
  database: { status: 'ok', reason: 'ok', latencyMs: 3, sizeBytes: 52_428_800 },
  jobs: {
    status: 'failing',
    reason: 'failed',
    items: [
      {
        name: 'system-monitoring',
        intervalMs: 300_000,
        lastRunAt: '2026-05-04T08:15:00.000Z',
        finishedAt: '2026-05-04T08:15:01.000Z',
        lastError: 'boom',
        nextDueAt: '2026-05-04T08:20:00.000Z',
        status: 'failing',
      },
    ],
  },
  mail: {
    status: 'warning',
    reason: 'logging',
    mode: 'log',
    pending: 0,
    oldestPendingAt: null,
    failedLastDay: 0,
  },
  storage: { status: 'ok', reason: 'ok', kind: 'local', latencyMs: 4 },
  disk: { status: 'ok', reason: 'ok', freeBytes: 10_737_418_240, totalBytes: 53_687_091_200 },
  responses: { status: 'ok', reason: 'ok', requestCount: 120, p50Ms: 50, p95Ms: 200, maxMs: 640 },
};

describe('system health (/admin/health)', () => {
  it('gives each check its colour and its reason in words', async () => {
    mockApi({ 'GET /api/admin/system/health': () => ({ body: HEALTH }) });
    renderWithProviders(<SystemHealth />);
    const mail = await screen.findByRole('region', { name: 'Courriel' });
    expect(within(mail).getByText('À surveiller')).toBeTruthy();
    expect(within(mail).getByText(/personne ne les reçoit/)).toBeTruthy();
    const jobs = screen.getByRole('region', { name: 'Tâches planifiées' });
    expect(within(jobs).getAllByText('En panne')).toHaveLength(2);
    // Each job by what it does, with the name the server's log gives it.
    const job = within(jobs).getByRole('rowheader');
    expect(job.textContent).toBe('Surveillance du systèmesystem-monitoring');
    const responses = screen.getByRole('region', { name: 'Temps de réponse' });
    expect(within(responses).getByText(/p95 ≤ 200 ms/)).toBeTruthy();
    const database = screen.getByRole('region', { name: 'Base de données' });
    expect(within(database).getByText(/Répond en 3 ms/)).toBeTruthy();
  });
});
