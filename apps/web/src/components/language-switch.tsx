import { LANGUAGES, normalizeLanguage } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';
import { changeLanguage } from '@/lib/i18n';

/**
 * FR/EN switch. It only changes the interface language; the auth feature listens to the change and
 * saves it on the signed-in account (features/auth/components/auth-provider.tsx).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = normalizeLanguage(i18n.resolvedLanguage);
  return (
    <fieldset className={cn('inline-flex rounded-md border border-input p-0.5', className)}>
      <legend className="sr-only">{t('language.label')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          title={t(`language.${language}`)}
          aria-pressed={current === language}
          onClick={() => void changeLanguage(language)}
          className={cn(
            'rounded px-2 py-1 text-xs font-semibold transition-colors',
            current === language
              ? 'bg-primary text-primary-foreground'
              : 'text-muted-foreground hover:bg-muted',
            FOCUS_RING,
          )}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
