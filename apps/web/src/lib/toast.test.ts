import { describe, expect, it, vi } from 'vitest';
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
    const { notify } = await import('./toast');
    const errorToast = vi.spyOn(toast, 'error').mockReturnValue(0);
    notify.errorWithRetry('Le chargement a échoué');
    expect(errorToast).toHaveBeenCalledWith(
      'Le chargement a échoué',
      expect.objectContaining({ action: expect.objectContaining({ label: 'Réessayer' }) }),
    );
  });
});
