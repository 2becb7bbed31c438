import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  PASSWORD_STRENGTHS,
  type PasswordRule,
  passwordStrength,
} from '@cursus/contracts';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const BAR_COLORS = {
  veryWeak: 'bg-red-600',
  weak: 'bg-orange-500',
  medium: 'bg-amber-500',
  strong: 'bg-green-600',
} as const;

const RULES = Object.keys(PASSWORD_RULES) as PasswordRule[];

export interface PasswordStrengthMeterProps {
  /** Referenced by the password input's aria-describedby. */
  id: string;
  password: string;
}

/** SPEC 5: the live strength label and the rules the password must meet (the same rules the server applies). */
export function PasswordStrengthMeter({ id, password }: PasswordStrengthMeterProps) {
  const { t } = useTranslation('auth');
  const strength = passwordStrength(password);
  const level = PASSWORD_STRENGTHS.indexOf(strength) + 1;
  return (
    <div id={id} className="flex flex-col gap-2">
      {password.length > 0 && (
        <>
          <div aria-hidden="true" className="flex gap-1">
            {PASSWORD_STRENGTHS.map((step, index) => (
              <span
                key={step}
                className={cn('h-1.5 flex-1 rounded-full', index < level ? BAR_COLORS[strength] : 'bg-muted')}
              />
            ))}
          </div>
          <p aria-live="polite" className="text-xs font-medium text-foreground">
            {t('passwordStrength.label', { strength: t(`passwordStrength.${strength}`) })}
          </p>
        </>
      )}
      <div className="text-xs text-muted-foreground">
        <p>{t('passwordRules.title')}</p>
        <ul className="mt-1 grid gap-0.5 sm:grid-cols-2">
          {RULES.map((rule) => {
            const isMet = PASSWORD_RULES[rule](password);
            return (
              <li key={rule} className={cn('flex items-center gap-1.5', isMet && 'text-foreground')}>
                {isMet ? (
                  <Check aria-hidden="true" className="size-3.5 text-green-700 dark:text-green-400" />
                ) : (
                  <X aria-hidden="true" className="size-3.5" />
                )}
                <span>
                  {rule === 'minLength'
                    ? t('passwordRules.minLength', { count: PASSWORD_MIN_LENGTH })
                    : t(`passwordRules.${rule}`)}
                  <span className="sr-only">
                    {' '}
                    ({isMet ? t('passwordRules.met') : t('passwordRules.unmet')})
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
