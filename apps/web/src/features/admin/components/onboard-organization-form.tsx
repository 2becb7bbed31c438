import {
  LANGUAGES,
  type Language,
  normalizeLanguage,
  type OnboardedOrganization,
  OnboardOrganizationInputSchema,
} from '@cursus/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useOnboardOrganization } from '../api/onboard-organization';

const TEXT_FIELDS = ['name', 'firstName', 'lastName', 'email'] as const;
type FieldName = (typeof TEXT_FIELDS)[number] | 'language';

const isFieldName = (path: unknown): path is FieldName =>
  TEXT_FIELDS.includes(path as (typeof TEXT_FIELDS)[number]) || path === 'language';

const EMPTY = { name: '', firstName: '', lastName: '', email: '' };

/**
 * Creates an organisation and invites its first trainer, its manager, by email in the language
 * chosen; the trainer chooses a password from the link and lands in the new organisation.
 */
export function OnboardOrganizationForm() {
  const { t, i18n } = useTranslation('admin');
  const onboard = useOnboardOrganization();
  const headingId = useId();
  const [values, setValues] = useState<Record<(typeof TEXT_FIELDS)[number], string>>(EMPTY);
  const [language, setLanguage] = useState<Language>(normalizeLanguage(i18n.language));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<OnboardedOrganization | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = OnboardOrganizationInputSchema.safeParse({ ...values, language });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field)) found[field] = t(`onboarding.invalid.${field}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError(null);
    setDone(null);
    onboard.mutate(parsed.data, {
      onSuccess: (onboarded) => {
        notify.success(
          t('onboarding.sent', { organization: onboarded.organization.name, email: onboarded.trainer.email }),
        );
        setDone(onboarded);
        setValues(EMPTY);
      },
      onError: (error) => {
        if (isApiError(error, 'ACCOUNT_EXISTS')) {
          setErrors({ email: t('onboarding.exists') });
          return;
        }
        // The server's 400 names the fields it refused: each gets its own message.
        const named = isApiError(error, 'VALIDATION_ERROR')
          ? error.fields.map((field) => field.path).filter(isFieldName)
          : [];
        if (named.length > 0) {
          setErrors(Object.fromEntries(named.map((field) => [field, t(`onboarding.invalid.${field}`)])));
          return;
        }
        setFormError(getErrorMessage(error));
      },
    });
  };

  const text = (name: (typeof TEXT_FIELDS)[number], options: { type?: string; maxLength: number }) => (
    <Field label={t(`onboarding.fields.${name}`)} error={errors[name]}>
      {(control) => (
        <Input
          {...control}
          type={options.type ?? 'text'}
          value={values[name]}
          autoComplete="off"
          maxLength={options.maxLength}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-foreground">
          {t('onboarding.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('onboarding.description')}</p>
      </div>
      {done && (
        <Alert variant="success" title={t('onboarding.doneTitle', { organization: done.organization.name })}>
          <p>{t('onboarding.doneDescription', { email: done.trainer.email })}</p>
          <Link
            to={paths.admin.organization.getHref(done.organization.id)}
            className={cn('font-medium underline underline-offset-4', FOCUS_RING)}
          >
            {t('onboarding.open', { organization: done.organization.name })}
          </Link>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError && <Alert variant="error">{formError}</Alert>}
        {text('name', { maxLength: 200 })}
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-semibold text-foreground">
            {t('onboarding.trainerLegend')}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('firstName', { maxLength: 100 })}
            {text('lastName', { maxLength: 100 })}
          </div>
          {text('email', { type: 'email', maxLength: 254 })}
          <Field
            label={t('onboarding.fields.language')}
            description={t('onboarding.languageHelp')}
            error={errors.language}
          >
            {(control) => (
              <Select
                {...control}
                value={language}
                onChange={(event) => setLanguage(event.target.value as Language)}
              >
                {LANGUAGES.map((option) => (
                  <option key={option} value={option}>
                    {t(`language.${option}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </fieldset>
        <div>
          <Button type="submit" isLoading={onboard.isPending}>
            {t('onboarding.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
