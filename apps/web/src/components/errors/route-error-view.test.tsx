import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorView } from '@/components/errors/route-error-view';
import { changeLanguage } from '@/lib/i18n';

function renderView(error: unknown, autoRetry = false) {
  const onRetry = vi.fn();
  const onBack = vi.fn();
  const onHome = vi.fn();
  render(
    <RouteErrorView
      error={error}
      name="/formations"
      autoRetry={autoRetry}
      onRetry={onRetry}
      onBack={onBack}
      onHome={onHome}
    />,
  );
  return { onRetry, onBack, onHome };
}

describe('RouteErrorView', () => {
  beforeEach(() => changeLanguage('fr'));
  afterEach(() => vi.useRealTimers());

  it.each([
    ['Database unreachable', 'Erreur critique détectée'],
    ['Permission denied', 'Erreur importante'],
    ['Loading chunk 4 failed', 'Problème de chargement'],
    ['x is undefined', 'Erreur mineure'],
  ])('titles "%s" as "%s" and names the route', (message, title) => {
    renderView(new Error(message));
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText('Erreur de Route: /formations')).toBeTruthy();
  });

  it('retries by itself 3 times, 2 s then 3 s then 4 s apart', () => {
    vi.useFakeTimers();
    const { onRetry } = renderView(new Error('Loading chunk 4 failed'), true);
    expect(screen.getByText('Tentative de récupération automatique...')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1999));
    expect(onRetry).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onRetry).toHaveBeenLastCalledWith(1);
    expect(screen.getByText('Tentatives de récupération: 1/3')).toBeTruthy();

    act(() => vi.advanceTimersByTime(2999));
    expect(onRetry).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(onRetry).toHaveBeenLastCalledWith(2);

    act(() => vi.advanceTimersByTime(4000));
    expect(onRetry).toHaveBeenLastCalledWith(3);
    expect(screen.getByText('Tentatives de récupération: 3/3')).toBeTruthy();
    expect(screen.queryByText('Tentative de récupération automatique...')).toBeNull();

    act(() => vi.advanceTimersByTime(60_000));
    expect(onRetry).toHaveBeenCalledTimes(3);
  });

  it('offers Réessayer, Retour and Accueil', () => {
    const { onRetry, onBack, onHome } = renderView(new Error('oops'));
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accueil' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onBack).toHaveBeenCalledOnce();
    expect(onHome).toHaveBeenCalledOnce();
  });

  it('speaks English when asked', async () => {
    await changeLanguage('en');
    renderView(new Error('Internal server error'));
    expect(screen.getByRole('heading', { name: 'Critical error detected' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
