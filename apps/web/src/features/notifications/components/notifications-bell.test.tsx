import type { Notification } from '@cursus/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/test-utils';
import { NotificationsBell } from './notifications-bell';

let sequence = 0;

/**
 * A notification whose written title carries `label`: a badge's name for an achievement, the sender
 * of a message otherwise.
 */
function buildNotification({
  label,
  isAchievement = false,
  ...overrides
}: { label?: string; isAchievement?: boolean } & Partial<
  Pick<Notification, 'actionUrl' | 'isRead' | 'context'>
> = {}): Notification {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  const name = label ?? `Notification ${sequence}`;
  const base = {
    id,
    userId: 'user-1',
    actionUrl: null,
    isRead: false,
    context: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
  return isAchievement
    ? {
        ...base,
        notificationType: 'achievement',
        type: 'achievement',
        metadata: { badgeId: id, systemKey: null, name, rarity: 'common', criterion: 'login', threshold: 1 },
      }
    : {
        ...base,
        notificationType: 'general',
        type: 'message_received',
        metadata: { conversationId: id, senderName: name },
      };
}
/** The title the panel writes for `buildNotification({ label })`. */
const titled = (label: string) => new RegExp(label);

interface Request {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/**
 * A small stand-in for the notifications API over an in-memory list, so a click that marks a
 * notification read is seen by the next list and count requests, as with the real server.
 */
function fakeNotificationsApi(initial: Notification[], options: { failList?: () => boolean } = {}) {
  const items = initial.map((item) => ({ ...item }));
  const requests: Request[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const request: Request = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const route = `${request.method} ${request.path}`;
      if (route === 'GET /api/notifications/unread-count')
        return json({ count: items.filter((item) => !item.isRead).length });
      if (route === 'GET /api/notifications') {
        if (options.failList?.()) return json({ error: { code: 'NOT_AUTHORIZED', message: 'no' } }, 403);
        const type = url.searchParams.get('type') ?? 'all';
        return json({ items: items.filter((item) => type === 'all' || item.notificationType === type) });
      }
      const markOne = request.path.match(/^\/api\/notifications\/([^/]+)\/read$/);
      if (request.method === 'POST' && markOne) {
        const item = items.find((candidate) => candidate.id === markOne[1]);
        if (!item) return json({ error: { code: 'NOT_FOUND', message: 'NOT_FOUND' } }, 404);
        item.isRead = true;
        return json({ ok: true });
      }
      if (route === 'POST /api/notifications/read-all') {
        const { notificationType } = request.body as { notificationType?: string };
        const marked = items.filter(
          (item) => !item.isRead && (!notificationType || item.notificationType === notificationType),
        );
        for (const item of marked) item.isRead = true;
        return json({ updated: marked.length });
      }
      return json({ error: { code: 'SERVER_ERROR', message: `unmocked ${route}` } }, 501);
    }),
  );
  return { items, requests };
}

function bell() {
  return screen.getByRole('button', { name: 'Notifications' });
}

/** What a screen reader adds after the bell's name. */
function unreadDescription() {
  const id = bell().getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('NotificationsBell', () => {
  it('shows the unread count on the badge, and 9+ above 9 (SPEC 9)', async () => {
    fakeNotificationsApi(Array.from({ length: 10 }, () => buildNotification()));
    renderWithProviders(<NotificationsBell />);
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('9+');
    expect(unreadDescription()).toBe('10 notifications non lues');
  });

  it('shows the exact count up to 9, and no badge when everything is read', async () => {
    const { items } = fakeNotificationsApi(
      Array.from({ length: 9 }, (_, index) =>
        buildNotification({ label: index === 0 ? 'Premier' : undefined }),
      ),
    );
    const view = renderWithProviders(<NotificationsBell />);
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('9');
    expect(unreadDescription()).toBe('9 notifications non lues');

    for (const item of items) item.isRead = true;
    view.unmount();
    renderWithProviders(<NotificationsBell />);
    // Once the list has loaded, the count (asked first) has too.
    await within(await openPanel()).findByText(titled('Premier'));
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
    expect(unreadDescription()).toBeUndefined();
  });

  it('filters the list by tab: all, achievements, general', async () => {
    fakeNotificationsApi([
      buildNotification({ label: 'Badge obtenu', isAchievement: true }),
      buildNotification({ label: 'Nouvel apprenant' }),
    ]);
    renderWithProviders(<NotificationsBell />);
    const panel = await openPanel();
    expect(await within(panel).findByText(titled('Badge obtenu'))).toBeTruthy();
    expect(within(panel).getByText(titled('Nouvel apprenant'))).toBeTruthy();

    fireEvent.click(within(panel).getByRole('tab', { name: 'Succès' }));
    expect(await within(panel).findByText(titled('Badge obtenu'))).toBeTruthy();
    expect(within(panel).queryByText(titled('Nouvel apprenant'))).toBeNull();

    // The arrow keys move between tabs too.
    fireEvent.keyDown(within(panel).getByRole('tablist'), { key: 'ArrowRight' });
    expect(within(panel).getByRole('tab', { selected: true }).textContent).toBe('Générales');
    expect(await within(panel).findByText(titled('Nouvel apprenant'))).toBeTruthy();
    expect(within(panel).queryByText(titled('Badge obtenu'))).toBeNull();
  });

  it('marks a notification read on click and follows its link', async () => {
    const notification = buildNotification({ label: 'Bienvenue', actionUrl: '/trainer/dashboard' });
    const { requests } = fakeNotificationsApi([notification, buildNotification()]);
    const { router } = renderWithProviders(<NotificationsBell />);
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('2');
    const panel = await openPanel();
    const item = await within(panel).findByRole('button', { name: /Bienvenue/ });
    expect(item.textContent).toContain('Non lue');
    expect(item.textContent).toContain('il y a 5 minutes');

    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/trainer/dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      requests.some(
        (request) =>
          request.method === 'POST' && request.path === `/api/notifications/${notification.id}/read`,
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('1'));
  });

  it('does not follow a link that leaves the site', async () => {
    fakeNotificationsApi([buildNotification({ label: 'Piège', actionUrl: '//evil.example/login' })]);
    const { router } = renderWithProviders(<NotificationsBell />, '/trainer/dashboard');
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: /Piège/ }));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
    expect(router.state.location.pathname).toBe('/trainer/dashboard');
  });

  it('marks all of the selected tab as read', async () => {
    const { requests } = fakeNotificationsApi([
      buildNotification({ isAchievement: true }),
      buildNotification(),
    ]);
    renderWithProviders(<NotificationsBell />);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('tab', { name: 'Succès' }));
    const markAll = within(panel).getByRole('button', { name: 'Tout marquer comme lu' });
    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(markAll);
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('1'));
    expect(requests.find((request) => request.path === '/api/notifications/read-all')?.body).toEqual({
      notificationType: 'achievement',
    });
    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(true));
  });

  it('says so when there is nothing to show', async () => {
    fakeNotificationsApi([]);
    renderWithProviders(<NotificationsBell />);
    const panel = await openPanel();
    expect(await within(panel).findByText(titled('Aucune notification pour le moment.'))).toBeTruthy();
    expect(
      (within(panel).getByRole('button', { name: 'Tout marquer comme lu' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows the loading error with a retry that loads the list (SPEC 8)', async () => {
    let failures = 1;
    fakeNotificationsApi([buildNotification({ label: 'Enfin' })], { failList: () => failures-- > 0 });
    renderWithProviders(<NotificationsBell />);
    const panel = await openPanel();
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Erreur lors du chargement des notifications');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await within(panel).findByText(titled('Enfin'))).toBeTruthy();
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    fakeNotificationsApi([]);
    renderWithProviders(<NotificationsBell />);
    const panel = await openPanel();
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(panel);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('speaks English when the interface does', async () => {
    fakeNotificationsApi([buildNotification({ isAchievement: true })]);
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<NotificationsBell />);
    await waitFor(() => expect(unreadDescription()).toBe('1 unread notification'));
    const panel = await openPanel();
    expect(within(panel).getByRole('tab', { name: 'Achievements' })).toBeTruthy();
    expect(await within(panel).findByText(titled('5 minutes ago'))).toBeTruthy();
  });

  it('updates the badge as soon as the live stream announces a notification, with no polling', async () => {
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
    vi.stubGlobal('EventSource', FakeEventSource);
    const { items } = fakeNotificationsApi([]);
    const view = renderWithProviders(<NotificationsBell />);
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.url).toBe('/api/live');
    expect(screen.queryByTestId('notifications-badge')).toBeNull();

    items.push(buildNotification({ label: 'En direct' }));
    act(() => {
      streams[0]!.dispatchEvent(
        new MessageEvent('notification', { data: JSON.stringify({ type: 'message_received' }) }),
      );
    });
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('1');
    view.unmount();
    expect(streams[0]!.isClosed).toBe(true);
  });
});
