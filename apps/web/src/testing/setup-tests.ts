import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { resetToastHistory } from '@/lib/toast';

// findBy… waits for what a user would see; a lazy route's first import on a busy 2-core CI machine
// can take longer than the 1 s default, and waiting longer costs nothing when the page is quick.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  resetToastHistory();
  await i18n.changeLanguage('fr');
});
