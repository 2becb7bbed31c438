import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { AccountSecurityPanel } from './account-security-panel';
import { AccountSessionsSection } from './account-sessions-section';

const THIS_ONE = {
  id: 'session-1',
  browser: 'Firefox',
  os: 'Windows',
  ipAddress: '203.0.113.7',
  signedInAt: '2026-11-20T09:00:00.000Z',
  lastActiveAt: '2026-11-27T08:30:00.000Z',
  current: true,
};
const PHONE = {
  id: 'session-2',
  browser: 'Safari',
  os: 'iOS',
  ipAddress: null,
  signedInAt: '2026-11-25T18:15:00.000Z',
  lastActiveAt: '2026-11-26T07:45:00.000Z',
  current: false,
};

describe('my sessions', () => {
  it('lists each session with its device, address and dates, this device marked and kept', async () => {
    mockApi({ 'GET /api/auth/sessions': { body: { sessions: [THIS_ONE, PHONE] } } });
    renderWithProviders(<AccountSessionsSection />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Firefox sur Windows')).toBeTruthy();
    expect(within(items[0]!).getByText('Cet appareil')).toBeTruthy();
    expect(within(items[0]!).getByText('Adresse IP : 203.0.113.7')).toBeTruthy();
    // Paris time: 09:00 UTC is 10:00 in November.
    expect(within(items[0]!).getByText(/Connexion le 20 nov\. 2026.*10:00/)).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByText('Adresse IP inconnue')).toBeTruthy();
    expect(within(items[1]!).getByRole('button', { name: 'Fermer la session Safari sur iOS' })).toBeTruthy();
  });

  it('ends another session only once confirmed', async () => {
    const { calls } = mockApi({
      'GET /api/auth/sessions': { body: { sessions: [THIS_ONE, PHONE] } },
      'DELETE /api/auth/sessions/session-2': { body: { ok: true } },
    });
    renderWithProviders(<AccountSessionsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Fermer la session Safari sur iOS' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Fermer cette session\u202f?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer la session' }));
    expect(await screen.findByText('Session fermée')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/auth/sessions/session-2',
    ]);
  });

  it('ends all other sessions after a confirmation, and offers it only when there are others', async () => {
    const { calls } = mockApi({
      'GET /api/auth/sessions': { body: { sessions: [THIS_ONE, PHONE] } },
      'POST /api/auth/sessions/revoke-others': { body: { revoked: 1 } },
    });
    renderWithProviders(<AccountSessionsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Fermer toutes les autres sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer les autres sessions' }));
    expect(await screen.findByText('1 session fermée')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/sessions/revoke-others')).toBe(true);
  });

  it('says so when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/auth/sessions': apiError('SERVER_ERROR', 500) });
    renderWithProviders(<AccountSessionsSection />);
    expect(await screen.findByText('Vos sessions n’ont pas pu être chargées')).toBeTruthy();
  });
});

describe("an admin's account security panel", () => {
  it('disables an account after a confirmation and then offers to enable it again', async () => {
    const active = { userId: 'user-1', disabledAt: null, activeSessions: 2, twoFactorEnabled: false };
    const disabled = { ...active, disabledAt: '2026-11-27T08:00:00.000Z', activeSessions: 0 };
    const { calls } = mockApi({
      // The status as the server would answer it before and after the disabling.
      'GET /api/auth/accounts/user-1': () => ({
        body: calls.some((call) => call.method === 'POST') ? disabled : active,
      }),
      'POST /api/auth/accounts/user-1/disable': { body: disabled },
    });
    renderWithProviders(<AccountSecurityPanel userId="user-1" />);
    expect(await screen.findByText('2 sessions actives')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Désactiver le compte' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Désactiver ce compte\u202f?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/auth/accounts/user-1/disable')).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Réactiver le compte' })).toBeTruthy();
    expect(screen.getByText('Compte désactivé', { selector: 'span' })).toBeTruthy();
  });

  it('removes a lost second factor after a confirmation that says who it is for', async () => {
    const protectedAccount = {
      userId: 'user-2',
      disabledAt: null,
      activeSessions: 1,
      twoFactorEnabled: true,
    };
    const removed = { ...protectedAccount, twoFactorEnabled: false };
    const { calls } = mockApi({
      'GET /api/auth/accounts/user-2': () => ({
        body: calls.some((call) => call.method === 'POST') ? removed : protectedAccount,
      }),
      'POST /api/auth/accounts/user-2/remove-two-factor': { body: removed },
    });
    renderWithProviders(<AccountSecurityPanel userId="user-2" />);
    expect(await screen.findByText('Double authentification activée')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer la double authentification' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Retirer la double authentification de ce compte\u202f?',
    });
    expect(
      within(dialog).getByText(/a perdu son application d’authentification et ses codes de secours/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('Sans double authentification')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/auth/accounts/user-2/remove-two-factor')).toHaveLength(
      1,
    );
    expect(screen.queryByRole('button', { name: 'Retirer la double authentification' })).toBeNull();
  });
});
