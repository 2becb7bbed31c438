import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ErrorDemosRoute from './error-demos';

function renderDemos() {
  const router = createMemoryRouter([{ path: '/error-demos', Component: ErrorDemosRoute }], {
    initialEntries: ['/error-demos'],
  });
  render(<RouterProvider router={router} />);
}

describe('/error-demos', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('shows a loading error retrying by itself until the section recovers', () => {
    vi.useFakeTimers();
    renderDemos();
    fireEvent.click(screen.getByRole('button', { name: 'Déclencher «\u00a0Loading chunk 7 failed\u00a0»' }));
    expect(screen.getByRole('heading', { name: 'Problème de chargement' })).toBeTruthy();
    expect(screen.getByText('Erreur de Route: /error-demos')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Tentatives de récupération: 1/3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText("La section s'affiche de nouveau après 3 tentatives.")).toBeTruthy();
  });

  it('shows a critical error without auto-retry, and Retour clears it', () => {
    renderDemos();
    fireEvent.click(
      screen.getByRole('button', { name: 'Déclencher «\u00a0Database connection lost\u00a0»' }),
    );
    expect(screen.getByRole('heading', { name: 'Erreur critique détectée' })).toBeTruthy();
    expect(screen.queryByText('Tentative de récupération automatique...')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.queryByRole('heading', { name: 'Erreur critique détectée' })).toBeNull();
  });

  it('replaces only the crashed component with the component error', () => {
    renderDemos();
    fireEvent.click(screen.getByRole('button', { name: 'Faire planter le composant' }));
    expect(screen.getByText('Une erreur est survenue')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Démonstration des erreurs' })).toBeTruthy();
  });
});
