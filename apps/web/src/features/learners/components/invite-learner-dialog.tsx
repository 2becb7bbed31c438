import { InviteLearnerInputSchema, LANGUAGES, type Language, normalizeLanguage } from '@cursus/contracts';
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
import { useInviteLearner } from '../api/learners';
import { type CourseOption, CoursePicker } from './course-picker';

const TEXT_FIELDS = ['firstName', 'lastName', 'email'] as const;
type FieldName = (typeof TEXT_FIELDS)[number];

const isFieldName = (path: unknown): path is FieldName => TEXT_FIELDS.includes(path as FieldName);

/** One learner invited by email: the account is made, the learner chooses a password from the email. */
export function InviteLearnerDialog({
  courses,
  onClose,
}: {
  courses: readonly CourseOption[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('learners');
  const invite = useInviteLearner();
  const [values, setValues] = useState<Record<FieldName, string>>({ firstName: '', lastName: '', email: '' });
  const [language, setLanguage] = useState<Language>(normalizeLanguage(i18n.language));
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formId = 'invite-learner-form';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = InviteLearnerInputSchema.safeParse({ ...values, language, courseIds });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field)) found[field] = t(`invite.invalid.${field}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError(null);
    invite.mutate(parsed.data, {
      onSuccess: (invited) => {
        notify.success(t('invite.sent', { name: invited.fullName, email: invited.email }));
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, 'ACCOUNT_EXISTS')) {
          setErrors({ email: t('invite.exists') });
          return;
        }
        // The server's 400 names the fields it refused: each gets its own message.
        const named = isApiError(error, 'VALIDATION_ERROR')
          ? error.fields.map((field) => field.path).filter(isFieldName)
          : [];
        if (named.length > 0) {
          setErrors(Object.fromEntries(named.map((field) => [field, t(`invite.invalid.${field}`)])));
          return;
        }
        setFormError(getErrorMessage(error));
      },
    });
  };

  const text = (name: FieldName, type = 'text') => (
    <Field label={t(`invite.${name}`)} error={errors[name]}>
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
      closeLabel={t('close')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
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
          {text('firstName')}
          {text('lastName')}
        </div>
        {text('email', 'email')}
        <Field label={t('invite.language')} description={t('invite.languageHelp')}>
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
        <CoursePicker courses={courses} selected={courseIds} onChange={setCourseIds} />
      </form>
    </Dialog>
  );
}
