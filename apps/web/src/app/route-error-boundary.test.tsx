import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

let isBroken = false;
let message = '';
function FlakyPage() {
  if (isBroken) throw new Error(message);
  return <p>page affichée</p>;
}

function renderRoute() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorBoundary />,
        children: [{ path: 'formations', Component: FlakyPage }],
      },
    ],
    { initialEntries: ['/formations'] },
  );
  render(<RouterProvider router={router} />);
}

describe('RouteErrorBoundary', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('shows the failing route and renders the page again on Réessayer', async () => {
    isBroken = true;
    message = 'Permission denied';
    renderRoute();
    expect(screen.getByRole('heading', { name: 'Erreur importante' })).toBeTruthy();
    expect(screen.getByText('Erreur de Route: /formations')).toBeTruthy();
    expect(screen.queryByText('Tentative de récupération automatique...')).toBeNull();
    isBroken = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Réessayer' })));
    expect(await screen.findByText('page affichée')).toBeTruthy();
  });

  it('recovers by itself from a loading problem', async () => {
    vi.useFakeTimers();
    isBroken = true;
    message = 'Loading chunk 2 failed';
    renderRoute();
    expect(screen.getByText('Tentative de récupération automatique...')).toBeTruthy();
    isBroken = false;
    await act(async () => vi.advanceTimersByTimeAsync(1999));
    expect(screen.queryByText('page affichée')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('page affichée')).toBeTruthy();
  });

  it('counts its attempts across failed retries and stops after 3', async () => {
    vi.useFakeTimers();
    isBroken = true;
    message = 'Network request failed';
    renderRoute();
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Tentatives de récupération: 1/3')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByText('Tentatives de récupération: 2/3')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByText('Tentatives de récupération: 3/3')).toBeTruthy();
    expect(screen.queryByText('Tentative de récupération automatique...')).toBeNull();
  });
});
