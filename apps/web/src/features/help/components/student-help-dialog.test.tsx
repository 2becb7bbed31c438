import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { StudentHelpDialog } from './student-help-dialog';
import { SupportDialog } from './support-dialog';

const CONFIG = { 'GET /api/config': { body: { supportEmail: 'support@cursus.example' } } };

describe('StudentHelpDialog', () => {
  it('shows the six FAQ entries, the quick actions and the support address from /api/config', async () => {
    mockApi(CONFIG);
    renderWithProviders(<StudentHelpDialog onClose={() => {}} />);

    const dialog = screen.getByRole('dialog', { name: "Besoin d'aide\u202f?" });
    expect(within(dialog).getByTestId('faq-list').querySelectorAll('details')).toHaveLength(6);
    expect(within(dialog).getByText('Comment suivre une formation ?')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Mes formations/ })
        .getAttribute('href'),
    ).toBe('/formations');
    expect(
      within(dialog)
        .getByRole('link', { name: /Poser une question/ })
        .getAttribute('href'),
    ).toBe('/questions');
    const support = await within(dialog).findByRole('link', {
      name: 'Support\u00a0: support@cursus.example',
    });
    expect(support.getAttribute('href')).toBe('mailto:support@cursus.example');
  });

  it('is translated in English', async () => {
    mockApi(CONFIG);
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<StudentHelpDialog onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Need help?' })).toBeTruthy();
    expect(screen.getByText('I forgot my password')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Support: support@cursus.example' })).toBeTruthy();
  });

  it('closes with Escape', () => {
    mockApi(CONFIG);
    const onClose = vi.fn();
    renderWithProviders(<StudentHelpDialog onClose={onClose} />);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});

describe('SupportDialog', () => {
  it('offers the FAQ and the support contact with its hours', async () => {
    mockApi(CONFIG);
    renderWithProviders(<SupportDialog onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Aide et support' });
    expect(within(dialog).getByTestId('faq-list').querySelectorAll('details').length).toBeGreaterThan(0);
    expect(
      (await within(dialog).findByRole('link', { name: 'support@cursus.example' })).getAttribute('href'),
    ).toBe('mailto:support@cursus.example');
    expect(within(dialog).getByText(/lundi/i)).toBeTruthy();
  });
});
