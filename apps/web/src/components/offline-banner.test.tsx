import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner, RECONNECTED_BANNER_MS } from '@/components/offline-banner';
import { CONNECTIVITY_EVENT, type ConnectivityDetail } from '@/lib/connectivity';
import { changeLanguage } from '@/lib/i18n';
import { loadToasts, markToasterMounted, resetToastHistory } from '@/lib/toast';

const OFFLINE_TEXT = 'Mode hors ligne - Seules les formations téléchargées sont accessibles';

describe('OfflineBanner', () => {
  // As in the app once idle: sonner loaded and its Toaster listening.
  beforeAll(async () => {
    await loadToasts();
    markToasterMounted();
  });
  beforeEach(async () => {
    await changeLanguage('fr');
    resetToastHistory();
    vi.spyOn(toast, 'error').mockReturnValue(0);
    vi.spyOn(toast, 'success').mockReturnValue(0);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the offline message, then Connexion rétablie for 3 s, then nothing', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
    expect(toast.error).toHaveBeenCalledWith('Vous êtes hors ligne', expect.anything());

    act(() => window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('status').textContent).toBe('Connexion rétablie');
    expect(toast.success).toHaveBeenCalledWith('Vous êtes de nouveau en ligne', expect.anything());

    act(() => vi.advanceTimersByTime(RECONNECTED_BANNER_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('Connexion rétablie');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces each drop and return once as a cursus:connectivity event', () => {
    const announced: ConnectivityDetail[] = [];
    const listener = (event: CustomEvent<ConnectivityDetail>) => announced.push(event.detail);
    window.addEventListener(CONNECTIVITY_EVENT, listener);
    render(<OfflineBanner />);
    act(() => window.dispatchEvent(new Event('offline')));
    act(() => window.dispatchEvent(new Event('online')));
    window.removeEventListener(CONNECTIVITY_EVENT, listener);
    expect(announced).toEqual([{ online: false }, { online: true }]);
  });

  it('keeps the offline message when the connection drops again during the 3 s', () => {
    render(<OfflineBanner />);
    act(() => window.dispatchEvent(new Event('offline')));
    act(() => window.dispatchEvent(new Event('online')));
    act(() => window.dispatchEvent(new Event('offline')));
    act(() => vi.advanceTimersByTime(RECONNECTED_BANNER_MS * 2));
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
  });
});
