import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSessionOptions } from '../api/trainer-quizzes';
import { formatDateTime } from '../lib/format';

/**
 * Picks one of the organisation's group sessions (issue 13 point 1): a search narrows the list,
 * newest first; the session already chosen stays in the list while it does not match.
 */
export function SessionPicker({
  sessionId,
  sessionTitle,
  error,
  onChange,
}: {
  sessionId: string;
  sessionTitle: string;
  error?: string;
  onChange: (session: { id: string; title: string }) => void;
}) {
  const { t } = useTranslation('quizzes');
  const [search, setSearch] = useState('');
  const sessions = useSessionOptions(useDeferredValue(search.trim()));
  const items = sessions.data?.items ?? [];
  const keepsChosen = sessionId !== '' && !items.some((session) => session.id === sessionId);
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-foreground">{t('editor.session.legend')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('editor.session.search')}>
          {(control) => (
            <Input
              {...control}
              type="search"
              maxLength={100}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('editor.session.label')} description={t('editor.session.hint')} error={error}>
          {(control) => (
            <Select
              {...control}
              value={sessionId}
              onChange={(event) => {
                const id = event.target.value;
                const title = items.find((session) => session.id === id)?.title ?? '';
                onChange({ id, title: id === sessionId ? sessionTitle : title });
              }}
            >
              <option value="">{t('editor.session.none')}</option>
              {keepsChosen && <option value={sessionId}>{sessionTitle}</option>}
              {items.map((session) => (
                <option key={session.id} value={session.id}>
                  {t('editor.session.option', {
                    title: session.title,
                    date: formatDateTime(session.meetingDate),
                  })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </fieldset>
  );
}
