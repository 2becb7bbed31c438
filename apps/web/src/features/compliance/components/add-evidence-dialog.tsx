import { CreateEvidenceInputSchema } from '@cursus/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { acceptOf, checkStoredFile } from '@/lib/upload-stored-file';
import { useAddEvidence } from '../api/compliance';

type FieldName = 'file' | 'title' | 'provenOn';

/** A PDF or a scan recorded as evidence of one indicator, with the day it proves. */
export function AddEvidenceDialog({
  indicator,
  indicatorTitle,
  onClose,
}: {
  indicator: number;
  indicatorTitle: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('compliance');
  const add = useAddEvidence();
  const [title, setTitle] = useState('');
  const [provenOn, setProvenOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<FieldName, string>> = {};
    if (!file) found.file = t('evidence.invalid.file');
    else if (checkStoredFile(file, 'record')) found.file = t('evidence.invalid.fileType');
    // The contract's own rules, with a placeholder for the file the upload will name.
    const parsed = CreateEvidenceInputSchema.safeParse({
      indicator,
      title,
      provenOn,
      fileId: '00000000-0000-4000-8000-000000000000',
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        if (field === 'title' || field === 'provenOn') found[field] = t(`evidence.invalid.${field}`);
      }
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setFormError(null);
    add.mutate(
      { indicator, title, provenOn, file },
      {
        onSuccess: () => {
          notify.success(t('evidence.added'));
          onClose();
        },
        onError: (error) => setFormError(getErrorMessage(error)),
      },
    );
  };

  return (
    <Dialog
      title={t('evidence.title', { number: indicator })}
      description={indicatorTitle}
      closeLabel={t('evidence.close')}
      onClose={onClose}
      initialFocusRef={titleInput}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError && <Alert variant="error">{formError}</Alert>}
        <Field label={t('evidence.fields.title')} error={errors.title}>
          {(control) => (
            <Input
              {...control}
              ref={titleInput}
              value={title}
              maxLength={200}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('evidence.fields.provenOn')}
          error={errors.provenOn}
          description={t('evidence.provenOnHelp')}
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              value={provenOn}
              onChange={(event) => setProvenOn(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('evidence.fields.file')} error={errors.file} description={t('evidence.fileHelp')}>
          {(control) => (
            <FileInput
              {...control}
              accept={acceptOf('record')}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('evidence.cancel')}
          </Button>
          <Button type="submit" isLoading={add.isPending}>
            {t('evidence.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
