import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_TITLE_MAX,
  type Document,
  type DocumentCategory,
  type DocumentVisibility,
} from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  checkRecordFile,
  RECORD_ACCEPT,
  useCreateDocument,
  useDeleteDocument,
  useDocumentVersions,
  useReplaceDocument,
  useUpdateDocument,
} from '../api/documents';
import { FileLink, useFormatDate, useFormatSize } from './document-labels';

/** Who an organisation document may be shared with; a learner's own go through their record. */
const ORGANIZATION_VISIBILITIES = ['staff', 'organization', 'course'] as const;

export interface DocumentFormDialogProps {
  /** The document to edit; a new one is uploaded otherwise. */
  document?: Document;
  /** For one learner: visibility is theirs, the formation optional among `courses`. */
  learnerId?: string;
  /** The formations to choose from. */
  courses: { id: string; title: string }[];
  onClose: () => void;
}

function FileField({ error, onChange }: { error?: string; onChange: (file: File | null) => void }) {
  const { t } = useTranslation('documents');
  return (
    <Field label={t('form.file')} error={error} description={t('form.fileHint')}>
      {(control) => (
        <FileInput
          {...control}
          accept={RECORD_ACCEPT}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      )}
    </Field>
  );
}

/** Upload a document (file and metadata), or edit an existing one's title, category and readers. */
export function DocumentFormDialog({ document, learnerId, courses, onClose }: DocumentFormDialogProps) {
  const { t } = useTranslation('documents');
  const [title, setTitle] = useState(document?.title ?? '');
  const [category, setCategory] = useState<DocumentCategory>(
    document?.category ?? (learnerId ? 'convention' : 'internal_rules'),
  );
  const [visibility, setVisibility] = useState<DocumentVisibility>(
    learnerId ? 'learner' : (document?.visibility ?? 'organization'),
  );
  const [courseId, setCourseId] = useState(document?.courseId ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string; course?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateDocument();
  const update = useUpdateDocument();
  const isPending = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!title.trim()) found.title = t('form.titleRequired');
    if (!document) {
      const refused = file ? checkRecordFile(file) : null;
      if (!file) found.file = t('form.fileRequired');
      else if (refused) found.file = getErrorMessage(new ApiError({ code: refused, status: 0 }));
    }
    if (visibility === 'course' && !courseId) found.course = t('form.courseRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    const metadata = {
      title: title.trim(),
      category,
      visibility,
      courseId: courseId || null,
      studentId: learnerId ?? (visibility === 'learner' ? (document?.studentId ?? null) : null),
    };
    const onError = (error: unknown) => setFailure(getErrorMessage(error));
    if (document)
      update.mutate(
        { id: document.id, body: metadata },
        {
          onSuccess: () => {
            notify.success(t('form.saved'));
            onClose();
          },
          onError,
        },
      );
    else
      create.mutate(
        { ...metadata, file: file! },
        {
          onSuccess: () => {
            notify.success(t('form.created'));
            onClose();
          },
          onError,
        },
      );
  };

  const showsCourse = visibility === 'course' || visibility === 'learner';
  return (
    <Dialog
      title={document ? t('form.editTitle') : t('form.createTitle')}
      closeLabel={t('form.close')}
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {failure && <Alert variant="error">{failure}</Alert>}
        <Field label={t('form.title')} error={errors.title}>
          {(control) => (
            <Input
              {...control}
              value={title}
              maxLength={DOCUMENT_TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('form.category')}>
            {(control) => (
              <Select
                {...control}
                value={category}
                onChange={(event) => setCategory(event.target.value as DocumentCategory)}
              >
                {DOCUMENT_CATEGORIES.map((option) => (
                  <option key={option} value={option}>
                    {t(`category.${option}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {!learnerId && (
            <Field label={t('form.visibility')}>
              {(control) => (
                <Select
                  {...control}
                  value={visibility}
                  onChange={(event) => setVisibility(event.target.value as DocumentVisibility)}
                >
                  {ORGANIZATION_VISIBILITIES.map((option) => (
                    <option key={option} value={option}>
                      {t(`visibility.${option}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {showsCourse && (
            <Field label={t('form.course')} error={errors.course}>
              {(control) => (
                <Select {...control} value={courseId} onChange={(event) => setCourseId(event.target.value)}>
                  <option value="">
                    {visibility === 'course' ? t('form.chooseCourse') : t('form.noCourse')}
                  </option>
                  {courses.map((course) => (
                    <option key={course.id} value={course.id}>
                      {course.title}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
        {!document && <FileField error={errors.file} onChange={setFile} />}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" isLoading={isPending}>
            {t('form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A new version's file: its readers get it from now on, staff keep the earlier ones. */
export function ReplaceDocumentDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const replace = useReplaceDocument();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refused = file ? checkRecordFile(file) : null;
    if (!file || refused) {
      setError(
        refused ? getErrorMessage(new ApiError({ code: refused, status: 0 })) : t('form.fileRequired'),
      );
      return;
    }
    setError(undefined);
    replace.mutate(
      { id: document.id, file },
      {
        onSuccess: (replaced) => {
          notify.success(t('replace.done', { version: replaced.version }));
          onClose();
        },
        onError: (replaceError) => setError(getErrorMessage(replaceError)),
      },
    );
  };
  return (
    <Dialog
      title={t('replace.title', { title: document.title })}
      description={t('replace.description')}
      closeLabel={t('form.close')}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FileField error={error} onChange={setFile} />
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" isLoading={replace.isPending}>
            {t('replace.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function VersionsDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const versions = useDocumentVersions(document.id);
  const formatDate = useFormatDate();
  const formatSize = useFormatSize();
  return (
    <Dialog
      title={t('versions.title', { title: document.title })}
      closeLabel={t('form.close')}
      onClose={onClose}
    >
      {versions.isPending && <Spinner label={t('versions.loading')} />}
      {versions.isError && (
        <LoadErrorAlert
          error={versions.error}
          title={t('versions.error')}
          retryLabel={t('retry')}
          onRetry={() => versions.refetch()}
        />
      )}
      {versions.data && (
        <ol className="flex flex-col gap-3">
          {versions.data.items.map((version) => (
            <li key={version.version} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-foreground">
                {t('versions.item', {
                  version: version.version,
                  file: version.fileName,
                  size: formatSize(version.sizeBytes),
                  date: formatDate(version.createdAt),
                })}
                {version.uploadedByName && ` ${t('versions.by', { name: version.uploadedByName })}`}
              </span>
              <span className="flex items-center gap-2">
                {version.version === document.version && (
                  <Badge variant="success">{t('versions.current')}</Badge>
                )}
                <FileLink href={version.fileUrl} label={t('actions.open')} name={version.fileName} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}

export function DeleteDocumentDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const remove = useDeleteDocument();
  return (
    <ConfirmDialog
      title={t('delete.title', { title: document.title })}
      description={t('delete.description')}
      confirmLabel={t('actions.delete')}
      isDanger
      isPending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(document.id, {
          onSuccess: () => {
            notify.success(t('delete.done'));
            onClose();
          },
          onError: (error) => notify.error(getErrorMessage(error)),
        })
      }
    />
  );
}

/** Which dialog a document's row opened. */
export type DocumentAction = { kind: 'edit' | 'replace' | 'versions' | 'delete'; document: Document };

/** The dialog of the action picked on a row, if any. */
export function DocumentActionDialog({
  action,
  courses,
  learnerId,
  onClose,
}: {
  action: DocumentAction | null;
  courses: { id: string; title: string }[];
  learnerId?: string;
  onClose: () => void;
}) {
  if (!action) return null;
  const { document } = action;
  if (action.kind === 'edit')
    return (
      <DocumentFormDialog document={document} learnerId={learnerId} courses={courses} onClose={onClose} />
    );
  if (action.kind === 'replace') return <ReplaceDocumentDialog document={document} onClose={onClose} />;
  if (action.kind === 'versions') return <VersionsDialog document={document} onClose={onClose} />;
  return <DeleteDocumentDialog document={document} onClose={onClose} />;
}
