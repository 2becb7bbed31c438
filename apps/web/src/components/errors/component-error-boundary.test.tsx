import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComponentErrorBoundary } from '@/components/errors/component-error-boundary';
import { AppErrorBoundary } from '@/components/errors/fatal-error-screen';
import { changeLanguage } from '@/lib/i18n';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('render failed');
  return <p>contenu</p>;
}

describe('error boundaries', () => {
  beforeEach(async () => {
    shouldThrow = true;
    await changeLanguage('fr');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('replaces only the failing part with an error and its id, and can try again', () => {
    render(
      <div>
        <p>reste de la page</p>
        <ComponentErrorBoundary name="fragile">
          <Fragile />
        </ComponentErrorBoundary>
      </div>,
    );
    expect(screen.getByText('Une erreur est survenue')).toBeTruthy();
    expect(screen.getByText(/^Identifiant de l'erreur : [0-9A-F]{8}$/)).toBeTruthy();
    expect(screen.getByText('reste de la page')).toBeTruthy();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(screen.getByText('contenu')).toBeTruthy();
  });

  it('shows the fatal start screen with its tips and reload button', () => {
    render(
      <AppErrorBoundary>
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: "Erreur de l'application" })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: "Recharger l'application" })).toBeTruthy();
  });
});
