import { EmailSchema } from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/error-message';

export interface RespondentFormProps {
  /** Whether the email is asked (public quiz) or already known (positioning invitation). */
  asksEmail: boolean;
  onStart: (respondent: { name: string; email: string }) => void;
  isPending: boolean;
  error: unknown;
}

/** SPEC: a public quiz asks who answers before it starts; a positioning asks the name. */
export function RespondentForm({ asksEmail, onStart, isPending, error }: RespondentFormProps) {
  const { t } = useTranslation(['quizAccess', 'errors']);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : t('quizAccess:start.nameRequired'),
      email:
        !asksEmail || EmailSchema.safeParse(email).success ? undefined : t('quizAccess:start.emailInvalid'),
    };
    setErrors(next);
    if (!next.name && !next.email) onStart({ name: name.trim(), email: email.trim() });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      <Field label={t('quizAccess:start.name')} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      {asksEmail && (
        <Field label={t('quizAccess:start.email')} error={errors.email}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
      )}
      {error ? <Alert variant="error">{getErrorMessage(error)}</Alert> : null}
      <Button type="submit" disabled={isPending} className="self-start">
        {isPending ? t('quizAccess:start.starting') : t('quizAccess:start.submit')}
      </Button>
    </form>
  );
}
