import {
  IMPROVEMENT_ORIGINS,
  type Improvement,
  type ImprovementOrigin,
  type ImprovementScope,
} from '@cursus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { ApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { acceptOf, checkStoredFile } from '@/lib/upload-stored-file';
import {
  useCloseImprovement,
  useComplaints,
  usePlatformOwners,
  useRegisterLinks,
  useSaveImprovement,
} from '../api/registers';
import { ChoiceField, RegisterFormDialog, TextField, useRegisterForm } from './register-form';

type OpenStatus = 'planned' | 'in_progress';

/** Who may own an action: the organisation's staff, or the platform's administrators. */
function useOwners(scope: ImprovementScope) {
  const links = useRegisterLinks('', scope === 'organization');
  const owners = usePlatformOwners(scope === 'platform');
  return (scope === 'platform' ? owners.data?.items : links.data?.staff) ?? [];
}

/** Plans an improvement action, or edits one still open. */
export function ImprovementFormDialog({
  scope,
  improvement,
  onClose,
}: {
  scope: ImprovementScope;
  improvement?: Improvement;
  onClose: () => void;
}) {
  const { t } = useTranslation('registers');
  const [origin, setOrigin] = useState<ImprovementOrigin>(improvement?.origin ?? 'other');
  const [complaintId, setComplaintId] = useState(improvement?.complaintId ?? '');
  const [title, setTitle] = useState(improvement?.title ?? '');
  const [description, setDescription] = useState(improvement?.description ?? '');
  const [ownerId, setOwnerId] = useState(improvement?.ownerId ?? '');
  const [dueOn, setDueOn] = useState(improvement?.dueOn ?? '');
  const [status, setStatus] = useState<OpenStatus>(
    improvement?.status === 'in_progress' ? 'in_progress' : 'planned',
  );
  const { errors, failure, checkRequired, outcome } = useRegisterForm(onClose);
  const owners = useOwners(scope);
  const isOrganization = scope === 'organization';
  // The platform keeps no complaints: only an organisation's action may come from one.
  const origins = IMPROVEMENT_ORIGINS.filter((option) => isOrganization || option !== 'complaint');
  const complaints = useComplaints({ pageSize: 100 }, isOrganization);
  const save = useSaveImprovement(scope);

  const onSubmit = () => {
    if (!checkRequired({ title, description })) return;
    const fields = {
      origin,
      complaintId: origin === 'complaint' ? complaintId || null : null,
      title: title.trim(),
      description: description.trim(),
      ownerId: ownerId || null,
      dueOn: dueOn || null,
    };
    save.mutate(
      improvement ? { id: improvement.id, body: { ...fields, status } } : { body: fields },
      outcome(improvement ? t('improvements.saved') : t('improvements.created')),
    );
  };

  return (
    <RegisterFormDialog
      title={improvement ? t('improvements.editTitle') : t('improvements.createTitle')}
      failure={failure}
      isPending={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        label={t('improvements.fields.title')}
        maxLength={200}
        value={title}
        onChange={setTitle}
        error={errors.title}
      />
      <TextField
        label={t('improvements.fields.description')}
        rows={4}
        value={description}
        onChange={setDescription}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField
          label={t('improvements.fields.origin')}
          value={origin}
          options={origins.map((option) => ({ value: option, label: t(`improvements.origin.${option}`) }))}
          onChange={(value) => setOrigin(value as ImprovementOrigin)}
        />
        {isOrganization && origin === 'complaint' && (
          <ChoiceField
            label={t('improvements.fields.complaint')}
            none={t('form.none')}
            value={complaintId}
            options={(complaints.data?.items ?? []).map((complaint) => ({
              value: complaint.id,
              label: complaint.subject,
            }))}
            onChange={setComplaintId}
            error={errors.complaintId}
          />
        )}
        <ChoiceField
          label={t('improvements.fields.owner')}
          none={t('form.none')}
          value={ownerId}
          options={owners.map((person) => ({ value: person.id, label: person.fullName }))}
          onChange={setOwnerId}
          error={errors.ownerId}
        />
        <TextField
          label={t('improvements.fields.dueOn')}
          type="date"
          value={dueOn}
          onChange={setDueOn}
          error={errors.dueOn}
        />
        {improvement && (
          <ChoiceField
            label={t('improvements.fields.status')}
            value={status}
            options={(['planned', 'in_progress'] as const).map((option) => ({
              value: option,
              label: t(`improvements.status.${option}`),
            }))}
            onChange={(value) => setStatus(value as OpenStatus)}
          />
        )}
      </div>
    </RegisterFormDialog>
  );
}

/** Closes an action, done or abandoned, with what shows it: a note and, if any, a file. Final. */
export function CloseImprovementDialog({
  scope,
  improvement,
  onClose,
}: {
  scope: ImprovementScope;
  improvement: Improvement;
  onClose: () => void;
}) {
  const { t } = useTranslation('registers');
  const [status, setStatus] = useState<'done' | 'abandoned'>('done');
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { errors, failure, checkRequired, outcome } = useRegisterForm(onClose);
  const close = useCloseImprovement(scope);

  const onSubmit = () => {
    const refused = file ? checkStoredFile(file, 'record') : null;
    const fileError: Record<string, string> = refused
      ? { closureFileId: getErrorMessage(new ApiError({ code: refused, status: 0 })) }
      : {};
    if (!checkRequired({ closureNote: note }, fileError)) return;
    close.mutate(
      { id: improvement.id, body: { status, closureNote: note.trim() }, file },
      outcome(t('improvements.closed')),
    );
  };

  return (
    <RegisterFormDialog
      title={t('improvements.closeTitle')}
      description={t('improvements.closeDescription', { title: improvement.title })}
      failure={failure}
      isPending={close.isPending}
      submitLabel={t('improvements.confirmClose')}
      size="md"
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <ChoiceField
        label={t('improvements.fields.outcome')}
        value={status}
        options={(['done', 'abandoned'] as const).map((option) => ({
          value: option,
          label: t(`improvements.status.${option}`),
        }))}
        onChange={(value) => setStatus(value as 'done' | 'abandoned')}
      />
      <TextField
        label={t('improvements.fields.closureNote')}
        rows={4}
        value={note}
        onChange={setNote}
        error={errors.closureNote}
      />
      <Field
        label={t('improvements.fields.closureFile')}
        error={errors.closureFileId}
        description={t('improvements.closureFileHint')}
      >
        {(control) => (
          <FileInput
            {...control}
            accept={acceptOf('record')}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
    </RegisterFormDialog>
  );
}
