/** SPEC 3 local preference, read before paint by the inline script in index.html. */
export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
/** SPEC 9: dark unless the person chose otherwise. */
export const DEFAULT_THEME: Theme = 'dark';
/** SPEC 9 theme transition, kept in step with `.theme-transition` in styles.css. */
const THEME_TRANSITION_MS = 450;

const listeners = new Set<() => void>();

function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme === 'system') return prefersDark() ? 'dark' : 'light';
  return theme;
}

function applyTheme(theme: Theme, animate: boolean) {
  const root = document.documentElement;
  const reduceMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (animate && !reduceMotion) {
    // The transition class is only present while switching, so ordinary hovers stay instant.
    root.classList.add('theme-transition');
    window.setTimeout(() => root.classList.remove('theme-transition'), THEME_TRANSITION_MS);
  }
  root.classList.toggle('dark', resolveTheme(theme) === 'dark');
  root.style.colorScheme = resolveTheme(theme);
}

let currentTheme: Theme = typeof window === 'undefined' ? DEFAULT_THEME : readTheme();

export function getTheme(): Theme {
  return currentTheme;
}

export function setTheme(theme: Theme) {
  currentTheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Unsaved, the choice still applies until the page is closed.
  }
  applyTheme(theme, true);
  for (const listener of listeners) listener();
}

/** Follows the operating system while the preference is 'system'. Call once at start-up. */
export function initTheme(): () => void {
  currentTheme = readTheme();
  applyTheme(currentTheme, false);
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (currentTheme === 'system') {
      applyTheme('system', true);
      for (const listener of listeners) listener();
    }
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
