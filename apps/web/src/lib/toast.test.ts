import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shouldShowToast } from './toast';

describe('toast de-duplication (SPEC 5)', () => {
  it('drops the same title or description within 3 s, and allows it again after', () => {
    expect(shouldShowToast('Erreur', 'Serveur indisponible', 0)).toBe(true);
    expect(shouldShowToast('Erreur', 'Autre chose', 1000)).toBe(false);
    expect(shouldShowToast('Autre titre', 'Serveur indisponible', 2000)).toBe(false);
    expect(shouldShowToast('Erreur', 'Serveur indisponible', 3000)).toBe(true);
  });

  it('raises at most 3 toasts in any 3 s window', () => {
    expect(shouldShowToast('Un', undefined, 10_000)).toBe(true);
    expect(shouldShowToast('Deux', undefined, 10_100)).toBe(true);
    expect(shouldShowToast('Trois', undefined, 10_200)).toBe(true);
    expect(shouldShowToast('Quatre', undefined, 10_300)).toBe(false);
    expect(shouldShowToast('Quatre', undefined, 13_000)).toBe(true);
  });
});

describe('error toast with retry (SPEC 8)', () => {
  it("carries a 'Réessayer' action", async () => {
    const { toast } = await import('sonner');
    const { loadToasts, markToasterMounted, notify } = await import('./toast');
    await loadToasts();
    markToasterMounted();
    const errorToast = vi.spyOn(toast, 'error').mockReturnValue(0);
    notify.errorWithRetry('Le chargement a échoué');
    expect(errorToast).toHaveBeenCalledWith(
      'Le chargement a échoué',
      expect.objectContaining({ action: expect.objectContaining({ label: 'Réessayer' }) }),
    );
  });
});

// issue 12: sonner is not in the first screen; the Toaster loads it when idle, the first toast if sooner.
describe('toasts before sonner has loaded', () => {
  // A fresh lib/toast.ts each time: sonner not yet loaded, no Toaster mounted.
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.doUnmock('sonner');
  });

  it('loads sonner with the first toast and shows it once the Toaster listens', async () => {
    const { toast } = await import('sonner');
    const { markToasterMounted, notify } = await import('./toast');
    const info = vi.spyOn(toast, 'info').mockReturnValue(0);
    notify.info('Bienvenue');
    await vi.dynamicImportSettled();
    expect(info).not.toHaveBeenCalled();
    markToasterMounted();
    await vi.waitFor(() => expect(info).toHaveBeenCalledWith('Bienvenue', expect.anything()));
  });

  it('drops the toast, and never throws, when sonner cannot load (offline before it was fetched)', async () => {
    vi.doMock('sonner', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { loadToasts, markToasterMounted, notify } = await import('./toast');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    markToasterMounted();
    expect(() => notify.error('Hors ligne')).not.toThrow();
    expect(await loadToasts()).toBeNull();
    await vi.dynamicImportSettled();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
