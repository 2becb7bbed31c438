import {
  type AdministrativeInfo,
  isValidSocialSecurityNumber,
  PROFESSIONAL_STATUSES,
  type ProfessionalStatus,
  type UpdateAdministrativeInfoInput,
} from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useUpdateAdministrative } from '../api/learners';

const TEXT_FIELDS = [
  { name: 'address', max: 300 },
  { name: 'postalCode', max: 20 },
  { name: 'city', max: 120 },
  { name: 'country', max: 80 },
  { name: 'birthPlace', max: 120 },
  { name: 'employer', max: 200 },
] as const;
type TextField = (typeof TEXT_FIELDS)[number]['name'];
type FieldName = TextField | 'birthDate' | 'socialSecurityNumber';

function initialValues(info: AdministrativeInfo): Record<TextField | 'birthDate', string> {
  return {
    address: info.address ?? '',
    postalCode: info.postalCode ?? '',
    city: info.city ?? '',
    country: info.country ?? '',
    birthPlace: info.birthPlace ?? '',
    employer: info.employer ?? '',
    birthDate: info.birthDate ?? '',
  };
}

/**
 * SPEC 3 administrative info of a learner. The social security number is never sent back in clear:
 * the stored one shows masked, and typing a new one replaces it.
 */
export function AdministrativeForm({
  studentId,
  info,
  collectsSocialSecurityNumber,
}: {
  studentId: string;
  info: AdministrativeInfo;
  collectsSocialSecurityNumber: boolean;
}) {
  const { t } = useTranslation('learners');
  const update = useUpdateAdministrative(studentId);
  const [values, setValues] = useState(() => initialValues(info));
  const [status, setStatus] = useState<ProfessionalStatus | ''>(info.professionalStatus ?? '');
  const [newNumber, setNewNumber] = useState('');
  const [removeNumber, setRemoveNumber] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = newNumber.trim();
    if (typed && !isValidSocialSecurityNumber(typed)) {
      setErrors({ socialSecurityNumber: t('admin.invalid.socialSecurityNumber') });
      return;
    }
    const body: UpdateAdministrativeInfoInput = {
      ...values,
      birthDate: values.birthDate || null,
      professionalStatus: status || null,
      // Absent keeps the stored number; '' removes it; anything else replaces it.
      ...(typed ? { socialSecurityNumber: typed } : removeNumber ? { socialSecurityNumber: '' } : {}),
    };
    setErrors({});
    setFormError(null);
    update.mutate(body, {
      onSuccess: (saved) => {
        notify.success(t('admin.saved'));
        setValues(initialValues(saved));
        setNewNumber('');
        setRemoveNumber(false);
      },
      onError: (error) => {
        const named = isApiError(error, 'VALIDATION_ERROR')
          ? error.fields.map((field) => field.path as FieldName)
          : [];
        if (named.length > 0) {
          setErrors(Object.fromEntries(named.map((field) => [field, t('admin.invalid.field')])));
          return;
        }
        setFormError(getErrorMessage(error));
      },
    });
  };

  return (
    <Card as="section" aria-labelledby="learner-administrative-title">
      <CardTitle id="learner-administrative-title">{t('admin.title')}</CardTitle>
      <CardDescription className="mt-1">{t('admin.description')}</CardDescription>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        {formError && (
          <div className="sm:col-span-2">
            <Alert variant="error">{formError}</Alert>
          </div>
        )}
        {TEXT_FIELDS.map((field) => (
          <div key={field.name} className={field.name === 'address' ? 'sm:col-span-2' : undefined}>
            <Field label={t(`admin.fields.${field.name}`)} error={errors[field.name]}>
              {(control) => (
                <Input
                  {...control}
                  value={values[field.name]}
                  maxLength={field.max}
                  autoComplete="off"
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [field.name]: event.target.value }))
                  }
                />
              )}
            </Field>
          </div>
        ))}
        <Field label={t('admin.fields.birthDate')} error={errors.birthDate}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.birthDate}
              onChange={(event) => setValues((current) => ({ ...current, birthDate: event.target.value }))}
            />
          )}
        </Field>
        <Field label={t('admin.fields.professionalStatus')}>
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(event) => setStatus(event.target.value as ProfessionalStatus | '')}
            >
              <option value="">{t('admin.noStatus')}</option>
              {PROFESSIONAL_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {t(`professionalStatus.${option}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {collectsSocialSecurityNumber && (
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Field
              label={t('admin.fields.socialSecurityNumber')}
              error={errors.socialSecurityNumber}
              description={
                info.socialSecurityNumberMasked
                  ? t('admin.ssnStored', { masked: info.socialSecurityNumberMasked })
                  : t('admin.ssnNone')
              }
            >
              {(control) => (
                <Input
                  {...control}
                  value={newNumber}
                  maxLength={30}
                  inputMode="text"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={info.socialSecurityNumberMasked ?? ''}
                  disabled={removeNumber}
                  onChange={(event) => setNewNumber(event.target.value)}
                />
              )}
            </Field>
            {info.socialSecurityNumberMasked && (
              <Checkbox
                label={t('admin.ssnRemove')}
                checked={removeNumber}
                onChange={(event) => {
                  setRemoveNumber(event.target.checked);
                  if (event.target.checked) setNewNumber('');
                }}
              />
            )}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" isLoading={update.isPending}>
            {t('admin.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
