import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { EmailPreferencesSection } from './email-preferences-section';
import { UnsubscribeScreen } from './unsubscribe-screen';

const learnerPreferences = {
  preferences: [
    { kind: 'question-replied', enabled: true },
    { kind: 'inactivity-reminder', enabled: false },
    { kind: 'missing-signature', enabled: true },
  ],
};

describe('the email notifications section', () => {
  it('shows one box per kind and saves the one ticked or unticked', async () => {
    const { calls } = mockApi({
      'GET /api/email-preferences': { body: learnerPreferences },
      'PUT /api/email-preferences': {
        body: {
          preferences: learnerPreferences.preferences.map((each) =>
            each.kind === 'question-replied' ? { ...each, enabled: false } : each,
          ),
        },
      },
    });
    renderWithProviders(<EmailPreferencesSection />);
    const reply = await screen.findByRole('checkbox', { name: /Réponse à ma question/ });
    expect((reply as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Rappel d’inactivité/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(reply);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        preferences: [{ kind: 'question-replied', enabled: false }],
      }),
    );
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: /Réponse à ma question/ }) as HTMLInputElement).checked,
      ).toBe(false),
    );
  });
  it('puts the box back and says so when the choice could not be saved', async () => {
    mockApi({
      'GET /api/email-preferences': { body: learnerPreferences },
      'PUT /api/email-preferences': apiError('SERVER_ERROR', 500),
    });
    renderWithProviders(<EmailPreferencesSection />);
    const reply = (await screen.findByRole('checkbox', {
      name: /Réponse à ma question/,
    })) as HTMLInputElement;
    fireEvent.click(reply);
    expect(await screen.findByText('Votre choix n’a pas été enregistré')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: /Réponse à ma question/ }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});

describe('the unsubscribe page', () => {
  it('names the kind and unsubscribes only once the person confirms', async () => {
    const { calls } = mockApi({
      'GET /api/email/unsubscribe': { body: { kind: 'inactivity-reminder', unsubscribed: false } },
      'POST /api/email/unsubscribe': { body: { kind: 'inactivity-reminder', unsubscribed: true } },
    });
    renderWithProviders(<UnsubscribeScreen token="abc.def" />);
    expect(await screen.findByText('Ne plus recevoir les emails « Rappel d’inactivité » ?')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Me désabonner' }));
    expect(await screen.findByText('Vous ne recevrez plus les emails « Rappel d’inactivité ».')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Gérer mes préférences' }).getAttribute('href')).toBe(
      '/profile#email-preferences',
    );
  });

  it('says a forged link is not valid, without a button to press', async () => {
    mockApi({ 'GET /api/email/unsubscribe': apiError('UNSUBSCRIBE_LINK_INVALID', 400) });
    renderWithProviders(<UnsubscribeScreen token="forged.token" />);
    expect(await screen.findByText(/Ce lien de désabonnement n’est pas valide/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Me désabonner' })).toBeNull();
  });
});
