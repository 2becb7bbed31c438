import { FORUM_BODY_MAX, FORUM_TITLE_MAX, type ForumPerson, type ForumThreadDetail } from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useCreateForumThread } from '../api/write-forum';
import { mentionsIn } from '../lib/mentions';
import { MentionTextarea } from './mention-textarea';

export function NewThreadForm({
  id,
  organizationId,
  people,
  onCreated,
  onCancel,
}: {
  id: string;
  organizationId?: string;
  people: readonly ForumPerson[];
  onCreated: (detail: ForumThreadDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('forum');
  const createThread = useCreateForumThread();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [picked, setPicked] = useState<ForumPerson[]>([]);
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      title: title.trim() ? undefined : t('form.required'),
      body: body.trim() ? undefined : t('form.required'),
    };
    setErrors(found);
    if (found.title || found.body) return;
    createThread.mutate(
      {
        organizationId,
        title: title.trim(),
        body: body.trim(),
        mentions: mentionsIn(body, picked).map((person) => person.id),
      },
      {
        onSuccess: (detail) => {
          notify.success(t('form.created'));
          onCreated(detail);
        },
      },
    );
  };

  return (
    <Card as="section" id={id} aria-labelledby={`${id}-title`}>
      <CardTitle id={`${id}-title`}>{t('form.newTitle')}</CardTitle>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        {createThread.isError && <Alert variant="error">{getErrorMessage(createThread.error)}</Alert>}
        <Field label={t('form.title')} error={errors.title}>
          {(control) => (
            <Input
              {...control}
              value={title}
              maxLength={FORUM_TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('form.body')} error={errors.body} description={t('mentions.hint')}>
          {(control) => (
            <MentionTextarea
              {...control}
              rows={6}
              value={body}
              onChange={setBody}
              people={people}
              onPick={(person) => setPicked((current) => [...current, person])}
              maxLength={FORUM_BODY_MAX}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={createThread.isPending}>
            {t('form.publish')}
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
