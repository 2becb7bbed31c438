import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME, getTheme, resolveTheme, setTheme, subscribeToTheme, type Theme } from '@/lib/theme';

/** The stored theme preference and what it resolves to now. */
export function useTheme(): {
  theme: Theme;
  resolvedTheme: 'light' | 'dark';
  setTheme: (theme: Theme) => void;
} {
  const theme = useSyncExternalStore(subscribeToTheme, getTheme, () => DEFAULT_THEME);
  const resolvedTheme = useSyncExternalStore(
    subscribeToTheme,
    () => resolveTheme(getTheme()),
    () => resolveTheme(DEFAULT_THEME),
  );
  return { theme, resolvedTheme, setTheme };
}
