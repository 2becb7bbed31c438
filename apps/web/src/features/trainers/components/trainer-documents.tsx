import {
  CreateTrainerDocumentInputSchema,
  TRAINER_DOCUMENT_KINDS,
  type TrainerDocument,
  type TrainerDocumentKind,
} from '@cursus/contracts';
import { FileText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/error-message';
import { dateTimeFormat } from '@/lib/intl';
import { notify } from '@/lib/toast';
import { TRAINER_DOCUMENT_ACCEPT, useAddTrainerDocument, useDeleteTrainerDocument } from '../api/trainers';
import { useFormatDate } from './trainer-labels';

/** A diploma expiring within this many days is flagged, so it can be renewed in time. */
const EXPIRY_WARNING_DAYS = 90;

/** Whether a diploma is still valid, today being `today` (YYYY-MM-DD, Paris). */
export function expiryState(expiresOn: string | null, today: string): 'none' | 'valid' | 'soon' | 'expired' {
  if (!expiresOn) return 'none';
  if (expiresOn < today) return 'expired';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + EXPIRY_WARNING_DAYS);
  return expiresOn <= soon.toISOString().slice(0, 10) ? 'soon' : 'valid';
}

const todayInParis = () => dateTimeFormat('en-CA').format(new Date());

type FieldName = 'file' | 'title' | 'issuer' | 'obtainedOn' | 'expiresOn';

function AddDocumentForm({ trainerId }: { trainerId: string }) {
  const { t } = useTranslation('trainers');
  const add = useAddTrainerDocument(trainerId);
  const [kind, setKind] = useState<TrainerDocumentKind>('diploma');
  const [values, setValues] = useState({ title: '', issuer: '', obtainedOn: '', expiresOn: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** Each document added gives the form a new, empty file picker (its key). */
  const [picked, setPicked] = useState(0);
  const isDiploma = kind === 'diploma';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<FieldName, string>> = {};
    if (!file) found.file = t('documents.invalid.file');
    const document = {
      kind,
      title: values.title,
      issuer: isDiploma ? values.issuer : undefined,
      obtainedOn: isDiploma && values.obtainedOn ? values.obtainedOn : undefined,
      expiresOn: isDiploma && values.expiresOn ? values.expiresOn : undefined,
    };
    // The contract's own rules, with a placeholder for the file the upload will name.
    const parsed = CreateTrainerDocumentInputSchema.safeParse({
      ...document,
      fileId: '00000000-0000-4000-8000-000000000000',
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] = t(`documents.invalid.${field}`);
      }
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setFormError(null);
    add.mutate(
      { ...document, file },
      {
        onSuccess: () => {
          notify.success(t('documents.added'));
          setValues({ title: '', issuer: '', obtainedOn: '', expiresOn: '' });
          setFile(null);
          // A new picker, empty, for the next document.
          setPicked((count) => count + 1);
        },
        onError: (error) => setFormError(getErrorMessage(error)),
      },
    );
  };

  const text = (name: Exclude<FieldName, 'file'>, label: string, type = 'text') => (
    <Field label={label} error={errors[name]}>
      {(control) => (
        <Input
          {...control}
          type={type}
          value={values[name]}
          maxLength={200}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4 border-t border-border pt-4">
      <h3 className="text-sm font-semibold text-foreground">{t('documents.addTitle')}</h3>
      {formError && <Alert variant="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('documents.kind')}>
          {(control) => (
            <Select
              {...control}
              value={kind}
              onChange={(event) => setKind(event.target.value as TrainerDocumentKind)}
            >
              {TRAINER_DOCUMENT_KINDS.map((option) => (
                <option key={option} value={option}>
                  {t(`documents.kinds.${option}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('documents.file')} error={errors.file} description={t('documents.fileHelp')}>
          {(control) => (
            <FileInput
              {...control}
              key={picked}
              accept={TRAINER_DOCUMENT_ACCEPT}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        {text('title', isDiploma ? t('documents.title') : t('documents.titleOptional'))}
        {isDiploma && text('issuer', t('documents.issuer'))}
        {isDiploma && text('obtainedOn', t('documents.obtainedOn'), 'date')}
        {isDiploma && text('expiresOn', t('documents.expiresOn'), 'date')}
      </div>
      <div>
        <Button type="submit" isLoading={add.isPending}>
          {t('documents.add')}
        </Button>
      </div>
    </form>
  );
}

function DocumentRow({
  document,
  canEdit,
  onDelete,
}: {
  document: TrainerDocument;
  canEdit: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation('trainers');
  const formatDate = useFormatDate();
  const expiry = expiryState(document.expiresOn, todayInParis());
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 border-b border-border py-3 last:border-b-0">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium text-foreground">
          {t(`documents.kinds.${document.kind}`)} · {document.title}
        </p>
        {document.kind === 'diploma' && (
          <p className="text-sm text-muted-foreground">
            {t('documents.facts', {
              issuer: document.issuer ?? '',
              date: document.obtainedOn ? formatDate(document.obtainedOn) : '',
            })}
            {document.expiresOn && ` · ${t('documents.expires', { date: formatDate(document.expiresOn) })}`}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {expiry === 'expired' && <Badge variant="danger">{t('documents.expired')}</Badge>}
        {expiry === 'soon' && <Badge variant="warning">{t('documents.expiresSoon')}</Badge>}
        <a
          href={document.file.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm text-primary underline"
        >
          <FileText aria-hidden="true" className="size-4" />
          {t('documents.open')}
          <span className="sr-only"> {document.title}</span>
        </a>
        {canEdit && (
          <Button variant="ghost" size="sm" onClick={onDelete}>
            {t('documents.delete')}
            <span className="sr-only"> {document.title}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** Qualiopi indicator 21: the trainer's CV and diplomas, kept with the record. */
export function TrainerDocuments({
  trainerId,
  documents,
  canEdit,
}: {
  trainerId: string;
  documents: TrainerDocument[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('trainers');
  const remove = useDeleteTrainerDocument(trainerId);
  const [deleting, setDeleting] = useState<TrainerDocument | null>(null);
  const hasCv = documents.some((document) => document.kind === 'cv');
  return (
    <Card as="section" aria-labelledby="trainer-documents-title">
      <CardTitle id="trainer-documents-title">{t('documents.heading')}</CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">{t('documents.help')}</p>
      {!hasCv && (
        <div className="mt-3">
          <Alert variant="warning">{t('documents.noCv')}</Alert>
        </div>
      )}
      {documents.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t('documents.empty')}</p>
      ) : (
        <ul aria-label={t('documents.heading')} className="mt-2">
          {documents.map((document) => (
            <DocumentRow
              key={document.id}
              document={document}
              canEdit={canEdit}
              onDelete={() => setDeleting(document)}
            />
          ))}
        </ul>
      )}
      {canEdit && <AddDocumentForm trainerId={trainerId} />}
      {deleting && (
        <ConfirmDialog
          title={t('documents.deleteTitle', { title: deleting.title })}
          description={t('documents.deleteDescription')}
          confirmLabel={t('documents.delete')}
          isPending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify.success(t('documents.deleted'));
                setDeleting(null);
              },
              onError: (error) => notify.error(getErrorMessage(error)),
            })
          }
        />
      )}
    </Card>
  );
}
