import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/toast';
import { mockApi, renderRoutes } from '@/testing/test-utils';
import { SystemAlertToasts } from './system-alert-toasts';

const streams: FakeEventSource[] = [];
class FakeEventSource extends EventTarget {
  readonly url: string;
  isClosed = false;
  constructor(url: string) {
    super();
    this.url = url;
    streams.push(this);
  }
  close() {
    this.isClosed = true;
  }
}

afterEach(() => {
  vi.useRealTimers();
  streams.length = 0;
});

function announce(data: unknown) {
  act(() => {
    streams.at(-1)!.dispatchEvent(new MessageEvent('system-alert', { data: JSON.stringify(data) }));
  });
}

describe('the admins’ system alert toast (SPEC 9)', () => {
  it('shows a new alert for 10 s, leading to the alerts screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('EventSource', FakeEventSource);
    mockApi({});
    const { router } = renderRoutes(
      [
        { path: '/admin/dashboard', element: <SystemAlertToasts /> },
        { path: '/admin/system-monitoring', element: <h1>Alertes</h1> },
      ],
      '/admin/dashboard',
    );
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.url).toBe('/api/live');

    announce({ alertId: '7b0c3c8e-1f7a-4a51-9d1a-0c2a0f1f5d11', severity: 'critical' });
    expect(await screen.findByText('Nouvelle alerte système : gravité Critique')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(screen.getByText('Nouvelle alerte système : gravité Critique')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    await waitFor(() => expect(screen.queryByText('Nouvelle alerte système : gravité Critique')).toBeNull());

    announce({ alertId: '7b0c3c8e-1f7a-4a51-9d1a-0c2a0f1f5d12', severity: 'high' });
    fireEvent.click(await screen.findByRole('button', { name: 'Voir les alertes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/system-monitoring'));
  });

  it('ignores an event it cannot read, and stops listening when it leaves', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockApi({});
    const shown = vi.spyOn(notify, 'errorWithAction');
    const view = renderRoutes([{ path: '/', element: <SystemAlertToasts /> }], '/');
    await waitFor(() => expect(streams).toHaveLength(1));
    announce({ severity: 'catastrophic' });
    announce('not json');
    await act(() => Promise.resolve());
    expect(shown).not.toHaveBeenCalled();
    view.unmount();
    expect(streams[0]!.isClosed).toBe(true);
  });
});
