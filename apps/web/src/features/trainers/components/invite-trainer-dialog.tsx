import {
  InviteTrainerInputSchema,
  LANGUAGES,
  type Language,
  ORGANIZATION_ROLES,
  type OrganizationRole,
} from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useInviteTrainer } from '../api/trainers';

type FieldName = 'email' | 'firstName' | 'lastName';

/** A manager invites someone into the team: the account is made, the invitee chooses a password. */
export function InviteTrainerDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('trainers');
  const invite = useInviteTrainer();
  const [values, setValues] = useState({ email: '', firstName: '', lastName: '' });
  const [role, setRole] = useState<OrganizationRole>('trainer');
  const [language, setLanguage] = useState<Language>(i18n.language === 'en' ? 'en' : 'fr');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formId = 'invite-trainer-form';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, organizationRole: role, language };
    const parsed = InviteTrainerInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] = t(`invite.invalid.${field}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError(null);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(t('invite.sent', { email: parsed.data.email }));
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, 'ACCOUNT_EXISTS')) setErrors({ email: t('invite.exists') });
        else setFormError(getErrorMessage(error));
      },
    });
  };

  const text = (name: FieldName, label: string, type = 'text') => (
    <Field label={label} error={errors[name]}>
      {(control) => (
        <Input
          {...control}
          type={type}
          value={values[name]}
          autoComplete="off"
          maxLength={name === 'email' ? 254 : 100}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      title={t('invite.title')}
      description={t('invite.description')}
      closeLabel={t('invite.close')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('invite.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={invite.isPending}>
            {t('invite.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError && <Alert variant="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('firstName', t('invite.firstName'))}
          {text('lastName', t('invite.lastName'))}
        </div>
        {text('email', t('invite.email'), 'email')}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('invite.role')} description={t(`roleHelp.${role}`)}>
            {(control) => (
              <Select
                {...control}
                value={role}
                onChange={(event) => setRole(event.target.value as OrganizationRole)}
              >
                {ORGANIZATION_ROLES.map((option) => (
                  <option key={option} value={option}>
                    {t(`role.${option}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('invite.language')}>
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
        </div>
      </form>
    </Dialog>
  );
}
