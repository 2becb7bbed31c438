import { describe, expect, it } from 'vitest';
import { OFFLINE_SYNC_NAMESPACES } from '@/app/lazy-offline-completion-sync';
import { SIGNED_IN_LAYOUT_NAMESPACES, SPACE_NAMESPACES } from '@/app/lazy-route';
import { MON_SUIVI_NAMESPACES } from '@/app/student-space-routes';
import { START_NAMESPACES } from '@/lib/i18n';
import { LOCALE_SETS, localeSetChunk } from './locale-sets';

describe('translation sets', () => {
  it('start with what every screen starts with, and the sign-in screen and space guards read', () => {
    expect([...LOCALE_SETS.start].sort()).toEqual([...START_NAMESPACES, 'auth'].sort());
    const inSets: readonly string[] = [...LOCALE_SETS.start, ...LOCALE_SETS.frame];
    expect(SPACE_NAMESPACES.filter((namespace) => !inSets.includes(namespace))).toEqual([]);
  });

  it('put together what the signed-in frame reads beyond the start', () => {
    const start: readonly string[] = LOCALE_SETS.start;
    expect([...LOCALE_SETS.frame].sort()).toEqual(
      SIGNED_IN_LAYOUT_NAMESPACES.filter((namespace) => !start.includes(namespace)).sort(),
    );
  });

  it("put together what a learner's first screen reads beyond the frame, with the offline sync's", () => {
    expect([...LOCALE_SETS.learner].sort()).toEqual(
      [...MON_SUIVI_NAMESPACES, ...OFFLINE_SYNC_NAMESPACES].sort(),
    );
  });

  it('name each set and language its chunk, by file name, and leave other namespaces alone', () => {
    expect(localeSetChunk('/repo/apps/web/src/locales/fr/common.json')).toBe('locale-fr-start');
    expect(localeSetChunk('/repo/apps/web/src/locales/en/time-tracking.json')).toBe('locale-en-frame');
    expect(localeSetChunk('/repo/apps/web/src/locales/fr/dashboard.json')).toBe('locale-fr-learner');
    expect(localeSetChunk('/repo/apps/web/src/locales/fr/analytics.json')).toBeNull();
    expect(localeSetChunk('/repo/apps/web/src/app/routes/auth/auth.tsx')).toBeNull();
  });
});
