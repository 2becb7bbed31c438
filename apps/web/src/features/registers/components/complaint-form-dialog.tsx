import {
  COMPLAINT_KINDS,
  COMPLAINT_SOURCES,
  type Complaint,
  type ComplaintKind,
  type ComplaintSource,
} from '@cursus/contracts';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterLinks, useSaveComplaint } from '../api/registers';
import { ChoiceField, RegisterFormDialog, TextField, useRegisterForm } from './register-form';
import { parisToday } from './register-labels';

type EditableStatus = 'open' | 'in_progress' | 'answered';
const EDITABLE_STATUSES: EditableStatus[] = ['open', 'in_progress', 'answered'];

/** Records a complaint or a difficulty, or edits one not yet closed (status, answer, its day). */
export function ComplaintFormDialog({ complaint, onClose }: { complaint?: Complaint; onClose: () => void }) {
  const { t } = useTranslation('registers');
  const [kind, setKind] = useState<ComplaintKind>(complaint?.kind ?? 'complaint');
  const [source, setSource] = useState<ComplaintSource>(complaint?.source ?? 'typed_in');
  const [receivedOn, setReceivedOn] = useState(complaint?.receivedOn ?? parisToday());
  const [subject, setSubject] = useState(complaint?.subject ?? '');
  const [description, setDescription] = useState(complaint?.description ?? '');
  const [studentId, setStudentId] = useState(complaint?.studentId ?? '');
  const [questionId, setQuestionId] = useState(complaint?.questionId ?? '');
  const [conversationId, setConversationId] = useState(complaint?.conversationId ?? '');
  const [handlerId, setHandlerId] = useState(complaint?.handlerId ?? '');
  const [status, setStatus] = useState<EditableStatus>(
    complaint && complaint.status !== 'closed' ? complaint.status : 'open',
  );
  const [answer, setAnswer] = useState(complaint?.answer ?? '');
  const [answeredOn, setAnsweredOn] = useState(complaint?.answeredOn ?? '');
  const { errors, failure, checkRequired, outcome } = useRegisterForm(onClose);
  const [searchText, setSearchText] = useState('');
  const links = useRegisterLinks(useDeferredValue(searchText.trim()));
  const save = useSaveComplaint();

  // The current links stay offered when the search no longer finds them.
  const learners = withCurrent(links.data?.learners ?? [], complaint?.studentId, complaint?.studentName);
  const questions = withCurrent(
    (links.data?.questions ?? []).map((question) => ({
      id: question.id,
      fullName: `${question.subject} (${question.studentName})`,
    })),
    complaint?.questionId,
    complaint?.sourceLabel,
  );
  const conversations = withCurrent(
    (links.data?.conversations ?? []).map((conversation) => ({
      id: conversation.id,
      fullName: `${conversation.studentName} / ${conversation.trainerName}`,
    })),
    complaint?.conversationId,
    complaint?.sourceLabel,
  );
  const staff = withCurrent(links.data?.staff ?? [], complaint?.handlerId, complaint?.handlerName);

  const onSubmit = () => {
    const needsAnswer = status === 'answered' && !answer.trim();
    if (
      !checkRequired(
        { subject, description, receivedOn },
        needsAnswer ? { answer: t('form.errors.required') } : {},
      )
    )
      return;
    const fields = {
      kind,
      source,
      receivedOn,
      subject: subject.trim(),
      description: description.trim(),
      studentId: studentId || null,
      questionId: source === 'question' ? questionId || null : null,
      conversationId: source === 'message' ? conversationId || null : null,
      handlerId: handlerId || null,
    };
    save.mutate(
      complaint
        ? {
            id: complaint.id,
            body: { ...fields, status, answer: answer.trim() || null, answeredOn: answeredOn || null },
          }
        : { body: fields },
      outcome(complaint ? t('complaints.saved') : t('complaints.created')),
    );
  };

  return (
    <RegisterFormDialog
      title={complaint ? t('complaints.editTitle') : t('complaints.createTitle')}
      failure={failure}
      isPending={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <ChoiceField
          label={t('complaints.fields.kind')}
          value={kind}
          options={COMPLAINT_KINDS.map((option) => ({
            value: option,
            label: t(`complaints.kind.${option}`),
          }))}
          onChange={(value) => setKind(value as ComplaintKind)}
        />
        <ChoiceField
          label={t('complaints.fields.source')}
          value={source}
          options={COMPLAINT_SOURCES.map((option) => ({
            value: option,
            label: t(`complaints.source.${option}`),
          }))}
          onChange={(value) => setSource(value as ComplaintSource)}
        />
        <TextField
          label={t('complaints.fields.receivedOn')}
          type="date"
          max={parisToday()}
          value={receivedOn}
          onChange={setReceivedOn}
          error={errors.receivedOn}
        />
      </div>
      <TextField
        label={t('complaints.fields.subject')}
        maxLength={200}
        value={subject}
        onChange={setSubject}
        error={errors.subject}
      />
      <TextField
        label={t('complaints.fields.description')}
        rows={4}
        value={description}
        onChange={setDescription}
        error={errors.description}
      />
      <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-medium text-foreground">{t('complaints.links.legend')}</legend>
        <TextField
          label={t('complaints.links.search')}
          description={t('complaints.links.searchHint')}
          type="search"
          maxLength={100}
          value={searchText}
          onChange={setSearchText}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label={t('complaints.fields.student')}
            none={t('form.none')}
            value={studentId}
            options={learners}
            onChange={setStudentId}
            error={errors.studentId}
          />
          {source === 'question' && (
            <ChoiceField
              label={t('complaints.fields.question')}
              none={t('form.none')}
              value={questionId}
              options={questions}
              onChange={setQuestionId}
              error={errors.questionId}
            />
          )}
          {source === 'message' && (
            <ChoiceField
              label={t('complaints.fields.conversation')}
              none={t('form.none')}
              value={conversationId}
              options={conversations}
              onChange={setConversationId}
              error={errors.conversationId}
            />
          )}
        </div>
      </fieldset>
      <ChoiceField
        label={t('complaints.fields.handler')}
        none={t('form.none')}
        value={handlerId}
        options={staff}
        onChange={setHandlerId}
        error={errors.handlerId}
      />
      {complaint && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <ChoiceField
              label={t('complaints.fields.status')}
              value={status}
              options={EDITABLE_STATUSES.map((option) => ({
                value: option,
                label: t(`complaints.status.${option}`),
              }))}
              onChange={(value) => setStatus(value as EditableStatus)}
              error={errors.status}
            />
            <TextField
              label={t('complaints.fields.answeredOn')}
              description={t('complaints.answeredOnHint')}
              type="date"
              max={parisToday()}
              value={answeredOn}
              onChange={setAnsweredOn}
              error={errors.answeredOn}
            />
          </div>
          <TextField
            label={t('complaints.fields.answer')}
            rows={4}
            value={answer}
            onChange={setAnswer}
            error={errors.answer}
          />
        </>
      )}
    </RegisterFormDialog>
  );
}

/** The choices as options, with the entry's current one kept first when the search no longer lists it. */
function withCurrent(
  choices: { id: string; fullName: string }[],
  currentId: string | null | undefined,
  currentLabel: string | null | undefined,
): { value: string; label: string }[] {
  const options = choices.map((choice) => ({ value: choice.id, label: choice.fullName }));
  if (!currentId || choices.some((choice) => choice.id === currentId)) return options;
  return [{ value: currentId, label: currentLabel ?? currentId }, ...options];
}
