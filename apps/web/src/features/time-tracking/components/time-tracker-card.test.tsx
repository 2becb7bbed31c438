import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { INITIAL_VIEW, type TrackerView } from '../lib/time-tracker-controller';
import { TimeTrackerCard } from './time-tracker-card';
import { TimeTrackerContext } from './time-tracker-context';

const MY_TIME = {
  todaySeconds: 3600,
  weekSeconds: 7200,
  totalSeconds: 36_000,
  openSessionSeconds: 600,
  weekStartsAt: '2026-03-01T23:00:00.000Z',
  timeZone: 'Europe/Paris',
};

/** happy-dom lays nothing out: the card's width comes from this ResizeObserver. */
function stubWidth(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        this.callback([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      disconnect() {}
      unobserve() {}
    },
  );
}

function renderCard(view: Partial<TrackerView>) {
  mockApi({ 'GET /api/time-tracking/me': { body: MY_TIME } });
  const value = { view: { ...INITIAL_VIEW, asOf: Date.now(), ...view }, confirmPresence: () => undefined };
  return renderWithProviders(
    <TimeTrackerContext.Provider value={value}>
      <TimeTrackerCard />
    </TimeTrackerContext.Provider>,
  );
}

describe('TimeTrackerCard', () => {
  it("shows the session's running time, today's total and the state", async () => {
    stubWidth(230);
    renderCard({ status: 'active', elapsedSeconds: 660, isCounting: true, isLeader: true });
    expect(screen.getByText('11:00')).toBeTruthy();
    expect(screen.getByText('Actif')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('État du chrono\u00a0: Actif');
    // Today: 1 h recorded, of which 10 min by the open session, now at 11 min.
    expect(await screen.findByText(/Aujourd'hui : 1 h 1 min/)).toBeTruthy();
    expect(screen.queryByText('Session déjà active dans un autre onglet')).toBeNull();
  });

  it('says when another tab of the browser writes the session (SPEC 8)', () => {
    stubWidth(230);
    renderCard({ status: 'active', elapsedSeconds: 30, isCounting: true, isLeader: false });
    expect(screen.getByText('Session déjà active dans un autre onglet')).toBeTruthy();
  });

  it('keeps counting every second while active', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      stubWidth(230);
      renderCard({ status: 'active', elapsedSeconds: 59, isCounting: true });
      expect(screen.getByText('00:59')).toBeTruthy();
      await act(async () => vi.advanceTimersByTime(2000));
      expect(screen.getByText('01:01')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [{ status: 'paused', pauseReason: 'tab-hidden' }, 'En pause\u00a0: onglet masqué'],
    [{ status: 'idle-warning', pauseReason: 'inactivity' }, 'En pause\u00a0: inactivité'],
    [{ status: 'offline' }, 'Hors ligne'],
    [{ status: 'synchronised' }, 'Synchronisé'],
    [{ status: 'stopped', stopReason: 'max-duration' }, 'Durée maximale atteinte'],
  ] as const)('announces the state %o in a live region', (view, text) => {
    stubWidth(230);
    renderCard(view as Partial<TrackerView>);
    expect(screen.getByRole('status').textContent).toContain(text);
  });

  it('minimises under 100 px of width, keeping the time for screen readers', () => {
    stubWidth(64);
    renderCard({ status: 'offline', elapsedSeconds: 3900 });
    expect(screen.getByTestId('time-tracker-card').querySelector('[data-minimised="true"]')).not.toBeNull();
    expect(screen.queryByText('1:05:00')).toBeNull();
    expect(screen.getByText('Temps de la session en cours : 1 heure et 5 minutes')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Hors ligne');
  });

  it('stays full at 100 px and more', () => {
    stubWidth(100);
    renderCard({ status: 'active', elapsedSeconds: 5 });
    expect(screen.getByTestId('time-tracker-card').querySelector('[data-minimised="false"]')).not.toBeNull();
  });

  it('speaks English', async () => {
    stubWidth(230);
    await i18n.changeLanguage('en');
    renderCard({ status: 'paused', pauseReason: 'tab-hidden', elapsedSeconds: 65 });
    expect(screen.getByText('Paused: tab hidden')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Today: 1 hr/)).toBeTruthy());
  });
});
