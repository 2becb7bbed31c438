import { LANGUAGES, type Language, normalizeLanguage } from '@cursus/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardTitle } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { useTheme } from '@/hooks/use-theme';
import { cn } from '@/lib/cn';
import { changeLanguage } from '@/lib/i18n';
import { THEMES, type Theme } from '@/lib/theme';

interface ChoiceGroupProps<T extends string> {
  legend: string;
  hint: string;
  name: string;
  options: readonly T[];
  value: T;
  getLabel: (option: T) => string;
  onChange: (option: T) => void;
}

/** Native radios, so arrow keys move between choices and the group reads as one question. */
function ChoiceGroup<T extends string>({
  legend,
  hint,
  name,
  options,
  value,
  getLabel,
  onChange,
}: ChoiceGroupProps<T>) {
  const hintId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-foreground">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium text-foreground',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
              value === option ? 'border-primary bg-muted' : 'border-input',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className={cn('size-4 accent-primary', FOCUS_RING)}
            />
            {getLabel(option)}
          </label>
        ))}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </fieldset>
  );
}

/**
 * Language and theme. Switching the language applies at once; the auth provider saves it on the
 * account (PATCH preferences) so it follows the person to other devices. The theme stays per device.
 */
export function ProfilePreferences() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const { theme, setTheme } = useTheme();
  const language = normalizeLanguage(i18n.resolvedLanguage);
  return (
    <Card className="flex flex-col gap-6">
      <CardTitle>{t('preferences.title')}</CardTitle>
      <ChoiceGroup<Language>
        legend={t('preferences.language')}
        hint={t('preferences.languageHint')}
        name="language"
        options={LANGUAGES}
        value={language}
        getLabel={(option) => t(`common:language.${option}`)}
        onChange={(option) => void changeLanguage(option)}
      />
      <ChoiceGroup<Theme>
        legend={t('preferences.theme')}
        hint={t('preferences.themeHint')}
        name="theme"
        options={THEMES}
        value={theme}
        getLabel={(option) => t(`preferences.themes.${option}`)}
        onChange={setTheme}
      />
    </Card>
  );
}
