import {
  type CreateOrganizationInput,
  CreateOrganizationInputSchema,
  type SessionUser,
} from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { notify } from '@/lib/toast';
import { useCreateOwnOrganization } from '../api/create-own-organization';

export interface CreateOrganizationFormProps {
  /** Receives the trainer's session user, now carrying the organisation. */
  onCreated: (user: SessionUser) => void;
}

export function CreateOrganizationForm({ onCreated }: CreateOrganizationFormProps) {
  const { t } = useTranslation('organizations');
  const [error, setError] = useState<unknown>(null);
  const createOrganization = useCreateOwnOrganization();
  const form = useForm<z.input<typeof CreateOrganizationInputSchema>, unknown, CreateOrganizationInput>({
    resolver: zodResolver(CreateOrganizationInputSchema, zodFormOptions),
    defaultValues: { organizationName: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const result = await createOrganization.mutateAsync(values);
      notify.success(
        t('assign.create.success', { name: result.user.organizationName ?? values.organizationName }),
      );
      onCreated(result.user);
    } catch (caught) {
      const isOnFields = showErrorOnFields(caught, form.setError, {
        fields: ['organizationName'],
        codeToField: { ALREADY_EXISTS: 'organizationName' },
      });
      if (!isOnFields) setError(caught);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      <Field
        label={t('assign.create.nameLabel')}
        error={translateFieldError(form.formState.errors.organizationName?.message)}
      >
        {(control) => (
          <Input {...control} autoComplete="organization" {...form.register('organizationName')} />
        )}
      </Field>
      <Button type="submit" isLoading={form.formState.isSubmitting} className="self-start">
        {t('assign.create.submit')}
      </Button>
    </form>
  );
}
