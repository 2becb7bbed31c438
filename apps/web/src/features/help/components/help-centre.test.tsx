import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { HelpCentre } from './help-centre';

const CONFIG = { 'GET /api/config': { body: { supportEmail: 'support@cursus.example' } } };

function selectedTab() {
  return screen.getByRole('tab', { selected: true });
}

describe('HelpCentre', () => {
  it('moves between tabs with the arrow keys, Home and End', () => {
    mockApi(CONFIG);
    renderWithProviders(<HelpCentre profileHref="/trainer/profile" />);
    const tablist = screen.getByRole('tablist', { name: "Rubriques d'aide" });
    expect(selectedTab().textContent).toBe('FAQ');

    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    expect(selectedTab().textContent).toBe('Base de connaissances');
    expect(document.activeElement).toBe(selectedTab());
    expect(screen.getByRole('tabpanel', { name: 'Base de connaissances' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ouvrir la base de connaissances' }).getAttribute('href')).toBe(
      '/knowledge-base',
    );

    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    expect(selectedTab().textContent).toBe('Tutoriels');
    expect(screen.getByRole('heading', { name: 'Rattacher un apprenant en attente' })).toBeTruthy();

    fireEvent.keyDown(tablist, { key: 'End' });
    expect(selectedTab().textContent).toBe('Contact');
    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    expect(selectedTab().textContent).toBe('FAQ');
    fireEvent.keyDown(tablist, { key: 'ArrowLeft' });
    expect(selectedTab().textContent).toBe('Contact');
    fireEvent.keyDown(tablist, { key: 'Home' });
    expect(selectedTab().textContent).toBe('FAQ');
  });

  it('shows the support hours and a mailto link to the configured address on the contact tab', async () => {
    mockApi(CONFIG);
    renderWithProviders(<HelpCentre profileHref="/trainer/profile" />);
    fireEvent.click(screen.getByRole('tab', { name: 'Contact' }));

    expect((await screen.findByRole('link', { name: 'support@cursus.example' })).getAttribute('href')).toBe(
      'mailto:support@cursus.example',
    );
    const hours = screen.getByText(/lundi/i).textContent ?? '';
    expect(hours).toMatch(/lundi/i);
    expect(hours).toMatch(/vendredi/i);
    expect(hours).toMatch(/\b0?9:00/);
    expect(hours).toMatch(/18:00/);
  });

  it('formats the hours for English readers', async () => {
    mockApi(CONFIG);
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<HelpCentre profileHref="/trainer/profile" />);
    fireEvent.click(screen.getByRole('tab', { name: 'Contact' }));
    const hours = (await screen.findByText(/Monday/)).textContent ?? '';
    expect(hours).toMatch(/Friday/);
    expect(hours).toMatch(/9:00/);
    expect(hours).toMatch(/18:00/);
  });
});
