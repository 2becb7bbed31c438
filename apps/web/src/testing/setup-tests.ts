import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionStore } from '@/features/auth/session-store';
import { resetOfflineFormationsStore } from '@/features/offline/lib/offline-store';
import { i18n, i18nReady } from '@/lib/i18n';
import { resetToastHistory } from '@/lib/toast';
import { resources } from '@/locales/resources';
import { resetFakePads } from '@/testing/fake-signature-pad';

// The app loads each namespace with its route (lib/i18n.ts); tests render components on their own,
// so every namespace of both languages is there from the start, as if every route had loaded.
for (const [language, namespaces] of Object.entries(resources)) {
  for (const [namespace, bundle] of Object.entries(namespaces)) {
    i18n.addResourceBundle(language, namespace, bundle);
  }
}
await i18n.loadNamespaces(Object.keys(resources.fr));
await i18nReady;

// The files of a worker share its modules (vitest.config.ts): each file that stores formations offline
// puts an IndexedDB of its own in place, which the app's connection must not outlive.
resetOfflineFormationsStore();

// findBy… waits for what a user would see; a lazy route's first import on a busy 2-core CI machine
// can take longer than the 1 s default, and waiting longer costs nothing when the page is quick. CI
// runs these suites beside the PostgreSQL ones (load average 7 on 2 cores): a first render that takes
// 1.7 s on a quiet machine took 6.9 s there, so the wait goes up to most of a test's 15 s.
configure({ asyncUtilTimeout: 12_000 });

// Recharts warns that a chart has no size, since happy-dom lays nothing out: expected here, and it
// says nothing of the code under test. Every other message is printed.
const CHART_WITHOUT_SIZE = /The width\(0\) and height\(0\) of chart/;
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (!args.some((arg) => CHART_WITHOUT_SIZE.test(String(arg)))) warn(...args);
};

// happy-dom has no 2D canvas for signature_pad to draw on.
vi.mock('signature_pad', async () => ({
  default: (await import('@/testing/fake-signature-pad')).FakeSignaturePad,
}));

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  resetSessionStore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  resetToastHistory();
  resetFakePads();
  await i18n.changeLanguage('fr');
});
