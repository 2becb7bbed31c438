import type { registerSW as pwaRegisterSW } from 'virtual:pwa-register';
import { toast } from 'sonner';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { promptServiceWorkerUpdate, registerServiceWorker, UPDATE_CHECK_INTERVAL_MS } from './service-worker';
import { loadToasts, markToasterMounted } from './toast';

type RegisterSW = typeof pwaRegisterSW;

interface ToastOptions {
  id?: string;
  duration?: number;
  action?: { label: string; onClick: () => void };
}

describe('service worker update (SPEC 4)', () => {
  // As in the app once idle: sonner loaded and its Toaster listening.
  beforeAll(async () => {
    await loadToasts();
    markToasterMounted();
  });

  it("offers 'Mettre à jour' in a toast that stays until used, and activates the new version", () => {
    const info = vi.spyOn(toast, 'info').mockReturnValue(0);
    const activate = vi.fn().mockResolvedValue(undefined);
    promptServiceWorkerUpdate(activate);

    expect(info).toHaveBeenCalledWith(
      'Une nouvelle version est disponible',
      expect.objectContaining({ duration: Number.POSITIVE_INFINITY }),
    );
    const options = info.mock.calls[0]?.[1] as ToastOptions;
    expect(options.action?.label).toBe('Mettre à jour');
    expect(activate).not.toHaveBeenCalled();
    options.action?.onClick();
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('registers the worker and prompts when a new version waits', () => {
    const info = vi.spyOn(toast, 'info').mockReturnValue(0);
    const updateServiceWorker = vi.fn().mockResolvedValue(undefined);
    const registerSW = vi.fn<RegisterSW>().mockReturnValue(updateServiceWorker);
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: {} });

    registerServiceWorker(registerSW);
    expect(registerSW).toHaveBeenCalledTimes(1);
    const options = registerSW.mock.calls[0]?.[0];
    expect(info).not.toHaveBeenCalled();

    options?.onNeedRefresh?.();
    (info.mock.calls[0]![1] as ToastOptions).action?.onClick();
    expect(updateServiceWorker).toHaveBeenCalledTimes(1);
  });

  it('looks for a new version every hour while online, for tabs left open all day', () => {
    vi.useFakeTimers();
    const registerSW = vi.fn<RegisterSW>().mockReturnValue(vi.fn());
    const navigatorStub = { onLine: true, serviceWorker: {} };
    vi.stubGlobal('navigator', navigatorStub);
    registerServiceWorker(registerSW);
    const update = vi.fn().mockResolvedValue(undefined);
    registerSW.mock.calls[0]?.[0]?.onRegisteredSW?.('/sw.js', {
      update,
    } as unknown as ServiceWorkerRegistration);

    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);
    navigatorStub.onLine = false;
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('does nothing where service workers are unavailable', () => {
    const registerSW = vi.fn<RegisterSW>();
    vi.stubGlobal('navigator', { onLine: true });
    registerServiceWorker(registerSW);
    expect(registerSW).not.toHaveBeenCalled();
  });
});
