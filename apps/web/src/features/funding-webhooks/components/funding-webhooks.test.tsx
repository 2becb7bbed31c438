import type { WebhookLogDetail as Detail, WebhookLogRow } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { WebhookLogList } from './webhook-log-list';
import { WebhookLogsPanel } from './webhook-logs-panel';

const ORGANIZATION = '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11';
const LOG = '7a1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e12';

function row(overrides: Partial<WebhookLogRow> = {}): WebhookLogRow {
  return {
    id: LOG,
    organizationId: ORGANIZATION,
    organizationName: 'Formations Lumière',
    eventType: 'registrationFolder.accepted',
    status: 'processed',
    deliveryId: 'dlv_1',
    payloadPreview: '{"type":"registrationFolder.accepted"',
    payloadTruncated: true,
    errorCode: null,
    error: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

const DETAIL: Detail = {
  ...row(),
  payload: '{"type":"registrationFolder.accepted","registrationFolder":{"id":"RF-1"}}',
  headers: { 'x-funding-delivery-id': 'dlv_1' },
  isAuthenticated: true,
  attempts: 1,
  processedAt: '2026-03-02T09:00:01.000Z',
};

describe('the recent webhook logs panel', () => {
  it('reads the newest logs only once opened, each with its status and preview', async () => {
    const { calls } = mockApi({
      'GET /api/admin/funding-webhooks/recent': () => ({ body: { items: [row()] } }),
    });
    renderWithProviders(<WebhookLogsPanel />);
    const panelReads = () => calls.filter((call) => call.path.startsWith('/api/admin/funding-webhooks'));
    expect(panelReads()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Dernières notifications' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Dernières notifications de la plateforme de financement',
    });
    expect(await within(dialog).findByText('registrationFolder.accepted')).toBeTruthy();
    expect(within(dialog).getByText('Traité')).toBeTruthy();
    expect(within(dialog).getByText('{"type":"registrationFolder.accepted"…')).toBeTruthy();
    expect(panelReads()).toHaveLength(1);
  });

  it('shows the empty message when the read fails (SPEC 7)', async () => {
    mockApi({ 'GET /api/admin/funding-webhooks/recent': apiError('SERVER_ERROR', 500) });
    renderWithProviders(<WebhookLogsPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Dernières notifications' }));
    expect(await screen.findByText('Aucun log de la plateforme de financement trouvé')).toBeTruthy();
  });
});

describe('the webhook log list', () => {
  afterEach(async () => {
    await changeLanguage('fr');
  });

  it('filters by status, opens a delivery and replays it after confirmation', async () => {
    const { calls } = mockApi({
      'GET /api/admin/funding-webhooks/logs': () => ({
        body: { items: [row()], total: 1, page: 1, pageSize: 20 },
      }),
      'GET /api/organizations': () => ({
        body: { items: [{ id: ORGANIZATION, name: 'Formations Lumière' }] },
      }),
      [`GET /api/admin/funding-webhooks/logs/${LOG}`]: () => ({ body: DETAIL }),
      [`POST /api/admin/funding-webhooks/logs/${LOG}/replay`]: () => ({ body: DETAIL }),
    });
    renderWithProviders(<WebhookLogList />);
    expect(await screen.findByText('Formations Lumière', { selector: 'td' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'failed' } });
    await waitFor(() =>
      expect(calls.some((call) => call.path.endsWith('/logs') && call.method === 'GET')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: /Détail de la notification/ }));
    const dialog = await screen.findByRole('dialog', { name: /Notification du/ });
    expect(await within(dialog).findByText(/"id": "RF-1"/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rejouer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Rejouer cette notification\u202f?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rejouer' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/replay'))).toBe(true),
    );
  });

  it("names each refusal in the reader's language, with the technical detail that says what to fix", async () => {
    const logs = [
      row({ id: crypto.randomUUID(), status: 'failed', errorCode: 'bad_signature', error: 'bad signature' }),
      row({
        id: crypto.randomUUID(),
        status: 'error',
        errorCode: 'unknown_reference',
        error: 'unknown training reference "RS-9"',
      }),
    ];
    mockApi({
      'GET /api/admin/funding-webhooks/logs': () => ({
        body: { items: logs, total: 2, page: 1, pageSize: 20 },
      }),
      'GET /api/organizations': () => ({ body: { items: [] } }),
    });
    renderWithProviders(<WebhookLogList />);
    expect(await screen.findByText('Signature invalide : le secret ne correspond pas.')).toBeTruthy();
    expect(screen.queryByText('bad signature')).toBeNull();
    expect(screen.getByText(/^Référence de formation inconnue/)).toBeTruthy();
    expect(screen.getByText('unknown training reference "RS-9"').getAttribute('lang')).toBe('en');
  });

  it('names them in English for an English reader', async () => {
    await changeLanguage('en');
    mockApi({
      'GET /api/admin/funding-webhooks/logs': () => ({
        body: {
          items: [row({ status: 'failed', errorCode: 'stale_timestamp', error: 'stale timestamp' })],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      }),
      'GET /api/organizations': () => ({ body: { items: [] } }),
    });
    renderWithProviders(<WebhookLogList />);
    expect(
      await screen.findByText('Timestamp more than 5 minutes away from the server’s time.'),
    ).toBeTruthy();
  });

  it('says so when no delivery was ever received', async () => {
    mockApi({
      'GET /api/admin/funding-webhooks/logs': () => ({
        body: { items: [], total: 0, page: 1, pageSize: 20 },
      }),
      'GET /api/organizations': () => ({ body: { items: [] } }),
    });
    renderWithProviders(<WebhookLogList />);
    expect(await screen.findByText('Aucune notification reçue')).toBeTruthy();
  });
});
