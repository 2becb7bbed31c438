import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/hooks/use-theme';

/** Light/dark toggle (SPEC 2 footer and top bar). A 'system' preference becomes explicit once toggled. */
export function ThemeToggle() {
  const { t } = useTranslation('common');
  const { resolvedTheme, setTheme } = useTheme();
  const next = resolvedTheme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setTheme(next)}
      aria-label={next === 'light' ? t('theme.toLight') : t('theme.toDark')}
    >
      {next === 'light' ? (
        <Sun aria-hidden="true" className="size-5" />
      ) : (
        <Moon aria-hidden="true" className="size-5" />
      )}
    </Button>
  );
}
