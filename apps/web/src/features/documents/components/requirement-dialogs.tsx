import {
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  type DocumentRequirement,
  REQUIREMENT_ACTION_CATEGORIES,
  REQUIREMENT_AUDIENCES,
  REQUIREMENT_COMMENT_MAX,
  REQUIREMENT_DESCRIPTION_MAX,
  REQUIREMENT_NAME_MAX,
  type RequirementActionCategory,
  type RequirementAudience,
  type RequirementCheck,
  type RequirementReviewStatus,
} from '@cursus/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useReviewRequirement, useSaveRequirement } from '../api/document-requirements';

/** Create a requirement, or edit one: who it is for, which organisations, which documents answer it. */
export function RequirementFormDialog({
  requirement,
  onClose,
}: {
  requirement?: DocumentRequirement;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const [name, setName] = useState(requirement?.name ?? '');
  const [description, setDescription] = useState(requirement?.description ?? '');
  const [audience, setAudience] = useState<RequirementAudience>(requirement?.audience ?? 'organization');
  const [categories, setCategories] = useState<RequirementActionCategory[]>(
    requirement?.actionCategories ?? [],
  );
  const [certifyingOnly, setCertifyingOnly] = useState(requirement?.certifyingOnly ?? false);
  const [required, setRequired] = useState(requirement?.required ?? true);
  const [documentCategory, setDocumentCategory] = useState<DocumentCategory>(
    requirement?.documentCategory ?? 'internal_rules',
  );
  const [titleKeyword, setTitleKeyword] = useState(requirement?.titleKeyword ?? '');
  const [nameError, setNameError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveRequirement();
  const legendId = useId();

  const toggle = (category: RequirementActionCategory, checked: boolean) =>
    setCategories((current) =>
      checked ? [...current, category] : current.filter((value) => value !== category),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('requirements.form.nameRequired'));
      return;
    }
    setNameError(undefined);
    setFailure(null);
    save.mutate(
      {
        id: requirement?.id,
        body: {
          name: name.trim(),
          description,
          audience,
          actionCategories: categories,
          certifyingOnly,
          required,
          documentCategory,
          titleKeyword: titleKeyword.trim() || null,
        },
      },
      {
        onSuccess: () => {
          notify.success(t('requirements.form.saved'));
          onClose();
        },
        onError: (error) => setFailure(getErrorMessage(error)),
      },
    );
  };

  return (
    <Dialog
      title={requirement ? t('requirements.form.editTitle') : t('requirements.form.createTitle')}
      closeLabel={t('form.close')}
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {failure && <Alert variant="error">{failure}</Alert>}
        <Field label={t('requirements.form.name')} error={nameError}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={REQUIREMENT_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('requirements.form.description')}>
          {(control) => (
            <Textarea
              {...control}
              value={description}
              maxLength={REQUIREMENT_DESCRIPTION_MAX}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('requirements.form.audience')}>
            {(control) => (
              <Select
                {...control}
                value={audience}
                onChange={(event) => setAudience(event.target.value as RequirementAudience)}
              >
                {REQUIREMENT_AUDIENCES.map((option) => (
                  <option key={option} value={option}>
                    {t(`requirements.audience.${option}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('requirements.form.documentCategory')}>
            {(control) => (
              <Select
                {...control}
                value={documentCategory}
                onChange={(event) => setDocumentCategory(event.target.value as DocumentCategory)}
              >
                {DOCUMENT_CATEGORIES.map((option) => (
                  <option key={option} value={option}>
                    {t(`category.${option}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field
          label={t('requirements.form.titleKeyword')}
          description={t('requirements.form.titleKeywordHint')}
        >
          {(control) => (
            <Input
              {...control}
              value={titleKeyword}
              maxLength={100}
              onChange={(event) => setTitleKeyword(event.target.value)}
            />
          )}
        </Field>
        <fieldset aria-describedby={legendId} className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-foreground">{t('requirements.form.categories')}</legend>
          <p id={legendId} className="text-xs text-muted-foreground">
            {t('requirements.form.categoriesHint')}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {REQUIREMENT_ACTION_CATEGORIES.map((category) => (
              <Checkbox
                key={category}
                label={t(`requirements.actionCategory.${category}`)}
                checked={categories.includes(category)}
                onChange={(event) => toggle(category, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
        <Checkbox
          label={t('requirements.form.certifyingOnly')}
          checked={certifyingOnly}
          onChange={(event) => setCertifyingOnly(event.target.checked)}
        />
        <Checkbox
          label={t('requirements.form.required')}
          hint={t('requirements.form.requiredHint')}
          checked={required}
          onChange={(event) => setRequired(event.target.checked)}
        />
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" isLoading={save.isPending}>
            {t('requirements.form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** An admin marks the document found valid or refused; a refusal says why. */
export function ReviewDialog({
  check,
  status,
  onClose,
}: {
  check: RequirementCheck & { document: NonNullable<RequirementCheck['document']> };
  status: RequirementReviewStatus;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const [comment, setComment] = useState(check.review?.status === status ? check.review.comment : '');
  const [commentError, setCommentError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const review = useReviewRequirement();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'refused' && !comment.trim()) {
      setCommentError(t('requirements.review.commentRequired'));
      return;
    }
    setCommentError(undefined);
    review.mutate(
      {
        requirementId: check.requirementId,
        body: { documentId: check.document.id, status, comment: comment.trim() },
      },
      {
        onSuccess: () => {
          notify.success(t(`requirements.review.done.${status}`));
          onClose();
        },
        onError: (error) => setFailure(getErrorMessage(error)),
      },
    );
  };

  return (
    <Dialog
      title={t(`requirements.review.title.${status}`)}
      description={t('requirements.review.description', { name: check.name, title: check.document.title })}
      closeLabel={t('form.close')}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {failure && <Alert variant="error">{failure}</Alert>}
        <Field
          label={status === 'refused' ? t('requirements.review.reason') : t('requirements.review.comment')}
          error={commentError}
        >
          {(control) => (
            <Textarea
              {...control}
              value={comment}
              maxLength={REQUIREMENT_COMMENT_MAX}
              onChange={(event) => setComment(event.target.value)}
            />
          )}
        </Field>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" isLoading={review.isPending}>
            {t(`requirements.review.confirm.${status}`)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
