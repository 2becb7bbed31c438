import { FORUM_BODY_MAX, type ForumPerson } from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { getErrorMessage } from '@/lib/error-message';
import { mentionsIn } from '../lib/mentions';
import { MentionTextarea } from './mention-textarea';

export interface PostEditorProps {
  label: string;
  submitLabel: string;
  people: readonly ForumPerson[];
  initialBody?: string;
  initialMentions?: readonly ForumPerson[];
  isPending: boolean;
  error: unknown;
  /** Resolves once saved, so the editor can empty itself. */
  onSubmit: (input: { body: string; mentions: string[] }) => Promise<unknown>;
  onCancel?: () => void;
}

/** A reply or an edit: plain text with @mentions, sent with the ids of the trainers still named. */
export function PostEditor({
  label,
  submitLabel,
  people,
  initialBody = '',
  initialMentions = [],
  isPending,
  error,
  onSubmit,
  onCancel,
}: PostEditorProps) {
  const { t } = useTranslation('forum');
  const [body, setBody] = useState(initialBody);
  const [picked, setPicked] = useState<ForumPerson[]>([...initialMentions]);
  const [fieldError, setFieldError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setFieldError(t('form.required'));
      return;
    }
    setFieldError(undefined);
    onSubmit({ body: body.trim(), mentions: mentionsIn(body, picked).map((person) => person.id) }).then(
      () => {
        if (!onCancel) {
          setBody('');
          setPicked([]);
        }
      },
      // The error is shown from the mutation's state.
      () => {},
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {Boolean(error) && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      <Field label={label} error={fieldError} description={t('mentions.hint')}>
        {(control) => (
          <MentionTextarea
            {...control}
            value={body}
            onChange={setBody}
            people={people}
            onPick={(person) => setPicked((current) => [...current, person])}
            maxLength={FORUM_BODY_MAX}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isLoading={isPending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
