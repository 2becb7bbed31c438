import type { TwoFactorStatus } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { TwoFactorSection } from './two-factor-section';

const OFF: TwoFactorStatus = { enabled: false, required: true, recoveryCodesLeft: null };
const ON: TwoFactorStatus = { enabled: true, required: true, recoveryCodesLeft: 10 };
const CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('TwoFactorSection', () => {
  it('turns it on with the password, the QR code and a first code, then shows the recovery codes once', async () => {
    let status = OFF;
    const { calls } = mockApi({
      'GET /api/auth/two-factor': () => ({ body: status }),
      'POST /api/auth/two-factor/enable': (call) =>
        (call.body as { password: string }).password === 'Bon-Mot-2-Passe'
          ? {
              body: {
                totpUri: 'otpauth://totp/Cursus:ana?secret=JBSWY3DPEHPK3PXP',
                secret: 'JBSWY3DPEHPK3PXP',
                qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
              },
            }
          : apiError('INVALID_CURRENT_PASSWORD', 400),
      'POST /api/auth/two-factor/confirm': () => {
        status = ON;
        return { body: { recoveryCodes: CODES } };
      },
    });
    const onSessionChanged = vi.fn();
    renderWithProviders(<TwoFactorSection email="ana@example.org" onSessionChanged={onSessionChanged} />);
    expect(await screen.findByText(/exige la double authentification/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Activer la double authentification' }));
    type('Mot de passe actuel', 'faux');
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Le mot de passe actuel est incorrect')).toBeTruthy();

    type('Mot de passe actuel', 'Bon-Mot-2-Passe');
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();

    type('Code à 6 chiffres', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Activer' }));
    expect(await screen.findByText('Le code compte 6 chiffres')).toBeTruthy();
    type('Code à 6 chiffres', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Activer' }));

    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(calls.find((call) => call.path === '/api/auth/two-factor/confirm')?.body).toEqual({
      code: '123456',
    });
    expect(onSessionChanged).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: "J'ai enregistré mes codes" }));
    expect(await screen.findByText('10 codes de secours inutilisés')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Codes de secours' })).toBeNull();
  });

  it('asks before turning it off, with the password and a code', async () => {
    let status = { ...ON, required: false };
    const { calls } = mockApi({
      'GET /api/auth/two-factor': () => ({ body: status }),
      'POST /api/auth/two-factor/disable': () => {
        status = { ...OFF, required: false };
        return { body: { ok: true } };
      },
    });
    const onSessionChanged = vi.fn();
    renderWithProviders(<TwoFactorSection email="ana@example.org" onSessionChanged={onSessionChanged} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Désactiver' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText('Mot de passe actuel'), {
      target: { value: 'Bon-Mot-2-Passe' },
    });
    fireEvent.change(within(dialog).getByLabelText('Code à 6 chiffres'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(onSessionChanged).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.path === '/api/auth/two-factor/disable')?.body).toEqual({
      password: 'Bon-Mot-2-Passe',
      code: '654321',
    });
    expect(await screen.findByRole('button', { name: 'Activer la double authentification' })).toBeTruthy();
  });

  it('makes new recovery codes once the password is confirmed, and forgets a cancelled attempt', async () => {
    const NEW_CODES = CODES.map((code) => `new-${code}`);
    const { calls } = mockApi({
      'GET /api/auth/two-factor': { body: ON },
      'POST /api/auth/two-factor/recovery-codes': (call) =>
        (call.body as { password: string }).password === 'Bon-Mot-2-Passe'
          ? { body: { recoveryCodes: NEW_CODES } }
          : apiError('INVALID_CURRENT_PASSWORD', 400),
    });
    renderWithProviders(<TwoFactorSection email="ana@example.org" onSessionChanged={vi.fn()} />);
    const regenerate = await screen.findByRole('button', { name: 'Générer de nouveaux codes de secours' });

    fireEvent.click(regenerate);
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByLabelText('Code à 6 chiffres')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Mot de passe actuel'), { target: { value: 'faux' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    expect(await within(dialog).findByText('Le mot de passe actuel est incorrect')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(regenerate);
    dialog = await screen.findByRole('alertdialog');
    const password = within(dialog).getByLabelText('Mot de passe actuel') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(within(dialog).queryByText('Le mot de passe actuel est incorrect')).toBeNull();
    fireEvent.change(password, { target: { value: 'Bon-Mot-2-Passe' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));

    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_CODES);
    expect(calls.filter((call) => call.path === '/api/auth/two-factor/recovery-codes').at(-1)?.body).toEqual({
      password: 'Bon-Mot-2-Passe',
    });
  });
});
