import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionStore } from '@/features/auth/session-store';
import { i18n, i18nReady } from '@/lib/i18n';
import { resetToastHistory } from '@/lib/toast';
import { resources } from '@/locales/resources';

// The app loads each namespace with its route (lib/i18n.ts); tests render components on their own,
// so every namespace of both languages is there from the start, as if every route had loaded.
for (const [language, namespaces] of Object.entries(resources)) {
  for (const [namespace, bundle] of Object.entries(namespaces)) {
    i18n.addResourceBundle(language, namespace, bundle);
  }
}
await i18n.loadNamespaces(Object.keys(resources.fr));
await i18nReady;

// findBy… waits for what a user would see; a lazy route's first import on a busy 2-core CI machine
// can take longer than the 1 s default, and waiting longer costs nothing when the page is quick.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  resetSessionStore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  resetToastHistory();
  await i18n.changeLanguage('fr');
});
