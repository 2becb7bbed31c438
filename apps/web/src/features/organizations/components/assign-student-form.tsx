import { type AssignStudentInput, AssignStudentInputSchema } from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { useAssignStudent } from '../api/assign-student';
import { useOrganizations } from '../api/get-organizations';

/** An admin belongs to no particular organisation, so they must say which one (contract: organizationId). */
const AdminAssignStudentInputSchema = AssignStudentInputSchema.extend({ organizationId: z.uuid() });

type AssignStudentFormValues = z.input<typeof AssignStudentInputSchema>;

export interface AssignStudentFormProps {
  /** True for an admin: the organisation is picked from the list instead of being the trainer's own. */
  choosesOrganization: boolean;
}

export function AssignStudentForm({ choosesOrganization }: AssignStudentFormProps) {
  const { t } = useTranslation(['organizations', 'common']);
  const [error, setError] = useState<unknown>(null);
  const [assignedName, setAssignedName] = useState<string | null>(null);
  const organizations = useOrganizations({ enabled: choosesOrganization });
  const assignStudent = useAssignStudent();
  const form = useForm<AssignStudentFormValues, unknown, AssignStudentInput>({
    resolver: zodResolver(
      choosesOrganization ? AdminAssignStudentInputSchema : AssignStudentInputSchema,
      zodFormOptions,
    ),
    defaultValues: { email: '', organizationId: choosesOrganization ? '' : undefined },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setAssignedName(null);
    try {
      const student = await assignStudent.mutateAsync(values);
      setAssignedName(student.fullName || student.email);
      form.reset({ email: '', organizationId: values.organizationId });
    } catch (caught) {
      const isOnFields = showErrorOnFields(caught, form.setError, {
        fields: ['email', 'organizationId'],
        codeToField: { STUDENT_NOT_ASSIGNABLE: 'email' },
      });
      if (!isOnFields) setError(caught);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      {assignedName && (
        <Alert variant="success">{t('assign.assignStudent.success', { name: assignedName })}</Alert>
      )}
      <Field label={t('assign.assignStudent.emailLabel')} error={translateFieldError(errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
      </Field>
      {choosesOrganization &&
        (organizations.isPending ? (
          <Spinner size="sm" label={t('common:loading')} />
        ) : organizations.isError ? (
          <Alert variant="error">{getErrorMessage(organizations.error)}</Alert>
        ) : organizations.data.items.length === 0 ? (
          <Alert variant="info">{t('assign.assignStudent.noOrganizations')}</Alert>
        ) : (
          <Field
            label={t('assign.assignStudent.organizationLabel')}
            error={translateFieldError(errors.organizationId?.message)}
          >
            {(control) => (
              <Select {...control} {...form.register('organizationId')}>
                <option value="">{t('assign.assignStudent.organizationPlaceholder')}</option>
                {organizations.data.items.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
      <Button type="submit" isLoading={isSubmitting} className="self-start">
        {t('assign.assignStudent.submit')}
      </Button>
    </form>
  );
}
