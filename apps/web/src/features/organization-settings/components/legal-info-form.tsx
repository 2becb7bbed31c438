import {
  FILE_LIMITS,
  type LegalInfo,
  type UpdateLegalInfoInput,
  UpdateLegalInfoInputSchema,
} from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileText, RotateCcw, Trash2, Upload } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields, translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';
import { notify } from '@/lib/toast';
import { useLegalInfo, useUpdateLegalInfo } from '../api/legal-info';
import { acceptOf, uploadOrganizationFile } from '../api/upload-organization-file';
import { formatDay, formatMegabytes } from '../lib/format';

type FormValues = UpdateLegalInfoInput;
type LegalOutput = z.output<typeof UpdateLegalInfoInputSchema>;
type TextField = Exclude<keyof FormValues, 'qualiopiFileId'>;

const FIELDS = Object.keys(UpdateLegalInfoInputSchema.shape) as (keyof FormValues)[];

/** The messages the contract's checks give, each explained in the reader's language. */
const KNOWN_ERRORS = new Set([
  'siretFormat',
  'siretChecksum',
  'ndaFormat',
  'vatFormat',
  'vatChecksum',
  'vatSirenMismatch',
  'postalCodeFormat',
  'dateFormat',
]);

function toFormValues(legal: LegalInfo): FormValues {
  return {
    siret: legal.siret ?? '',
    activityDeclarationNumber: legal.activityDeclarationNumber ?? '',
    qualiopiNumber: legal.qualiopiNumber ?? '',
    qualiopiIssuer: legal.qualiopiIssuer ?? '',
    qualiopiValidUntil: legal.qualiopiValidUntil ?? '',
    qualiopiFileId: legal.qualiopiFileId,
    vatNumber: legal.vatNumber ?? '',
    addressLine: legal.addressLine ?? '',
    postalCode: legal.postalCode ?? '',
    city: legal.city ?? '',
    country: legal.country ?? '',
    legalRepresentativeName: legal.legalRepresentativeName ?? '',
    legalRepresentativeTitle: legal.legalRepresentativeTitle ?? '',
  };
}

/**
 * /trainer/legal-info: the organisation's legal mentions (issue 16 point 9). With `organizationId`,
 * a platform admin's edit of that organisation's (`/admin/settings`).
 */
export function LegalInfoSettings({ organizationId }: { organizationId?: string } = {}) {
  const { t } = useTranslation('organizationSettings');
  const query = useLegalInfo(organizationId);
  if (query.isError)
    return (
      <Alert
        variant="error"
        title={t('legal.loadError')}
        action={
          <Button variant="secondary" size="sm" className="self-start" onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('legal.retry')}
          </Button>
        }
      >
        {getErrorMessage(query.error)}
      </Alert>
    );
  if (query.isPending)
    return (
      <div role="status" aria-live="polite" className="flex max-w-3xl flex-col gap-3">
        <span className="sr-only">{t('legal.loading')}</span>
        {[0, 1, 2].map((index) => (
          <div key={index} aria-hidden="true" className="h-40 animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
    );
  return <LegalInfoForm legal={query.data} organizationId={organizationId} />;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} padding="p-4 sm:p-6" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id={headingId}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

function QualiopiValidity({ legal }: { legal: LegalInfo }) {
  const { t } = useTranslation('organizationSettings');
  if (!legal.qualiopiValidUntil || legal.qualiopiDaysLeft === null) return null;
  const date = formatDay(legal.qualiopiValidUntil);
  if (legal.qualiopiStatus === 'expired')
    return (
      <Alert variant="error" title={t('legal.qualiopiExpiredTitle')}>
        {t('legal.qualiopiExpired', { date })}
      </Alert>
    );
  if (legal.qualiopiStatus === 'expiringSoon')
    return (
      <Alert variant="warning" title={t('legal.qualiopiExpiringTitle')}>
        {legal.qualiopiDaysLeft === 0
          ? t('legal.qualiopiExpiringToday', { date })
          : t('legal.qualiopiExpiring', { count: legal.qualiopiDaysLeft, date })}
      </Alert>
    );
  return <p className="text-sm text-success-foreground">{t('legal.qualiopiValid', { date })}</p>;
}

export function LegalInfoForm({ legal, organizationId }: { legal: LegalInfo; organizationId?: string }) {
  const { t } = useTranslation('organizationSettings');
  const update = useUpdateLegalInfo(organizationId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [qualiopiFile, setQualiopiFile] = useState(
    legal.qualiopiFileId && legal.qualiopiFileUrl
      ? { id: legal.qualiopiFileId, url: legal.qualiopiFileUrl }
      : null,
  );
  const [isUploading, setIsUploading] = useState(false);
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<FormValues, unknown, LegalOutput>({
    resolver: zodResolver(UpdateLegalInfoInputSchema, zodFormOptions),
    defaultValues: toFormValues(legal),
  });
  const { errors } = form.formState;

  const errorOf = (field: keyof FormValues): string | undefined => {
    const message = errors[field]?.message;
    if (!message) return undefined;
    const explained = KNOWN_ERRORS.has(message)
      ? t(`legal.errors.${message}` as never)
      : translateFieldError(message);
    return t('legal.fieldError', {
      field: t(`legal.${field === 'qualiopiFileId' ? 'qualiopiFile' : field}`),
      message: explained,
    });
  };

  const textField = (
    field: TextField,
    options: { hint?: string; type?: string; inputMode?: 'numeric' } = {},
  ) => (
    <Field label={t(`legal.${field}`)} description={options.hint} error={errorOf(field)}>
      {(control) => (
        <Input
          {...control}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          {...form.register(field)}
        />
      )}
    </Field>
  );

  const onPickCertificate = async (file: File | undefined) => {
    if (!file) return;
    form.clearErrors('qualiopiFileId');
    setIsUploading(true);
    try {
      const stored = await uploadOrganizationFile(file, 'document');
      setQualiopiFile({ id: stored.id, url: stored.url });
      form.setValue('qualiopiFileId', stored.id, { shouldDirty: true });
    } catch (error) {
      form.setError('qualiopiFileId', { type: 'upload', message: getErrorMessage(error) });
    } finally {
      setIsUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const removeCertificate = () => {
    setQualiopiFile(null);
    form.setValue('qualiopiFileId', null, { shouldDirty: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      form.reset(toFormValues(saved));
      notify.success(t('legal.saved'));
    } catch (error) {
      if (!showErrorOnFields(error, form.setError, { fields: FIELDS as Path<FormValues>[] }))
        setFormError(error);
    }
  });

  const uploadError =
    errors.qualiopiFileId?.type === 'upload' ? errors.qualiopiFileId.message : errorOf('qualiopiFileId');
  const shown = update.data ?? legal;

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-5">
      {formError !== null && <Alert variant="error">{getErrorMessage(formError)}</Alert>}
      <Section title={t('legal.identification')} description={t('legal.identificationDescription')}>
        {textField('siret', { hint: t('legal.siretHint'), inputMode: 'numeric' })}
        {textField('activityDeclarationNumber', {
          hint: t('legal.activityDeclarationNumberHint'),
          inputMode: 'numeric',
        })}
        {textField('vatNumber', { hint: t('legal.vatNumberHint') })}
      </Section>

      <Section title={t('legal.qualiopi')}>
        <div className="sm:col-span-2">
          <QualiopiValidity legal={shown} />
        </div>
        {textField('qualiopiNumber')}
        {textField('qualiopiIssuer')}
        {textField('qualiopiValidUntil', { type: 'date' })}
        {organizationId ? (
          // Files are uploaded into the uploader's organisation: the certificate is the organisation's to give.
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-foreground">{t('legal.qualiopiFile')}</span>
            {qualiopiFile ? (
              <a
                href={qualiopiFile.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-sm text-link underline"
              >
                <FileText aria-hidden="true" className="size-4" />
                {t('legal.qualiopiFileOpen')}
              </a>
            ) : (
              <span className="text-sm text-muted-foreground">{t('legal.qualiopiFileMissing')}</span>
            )}
          </div>
        ) : (
          <Field
            label={t('legal.qualiopiFile')}
            description={t('legal.qualiopiFileHint', {
              size: formatMegabytes(FILE_LIMITS.document.maxBytes),
            })}
            error={uploadError}
          >
            {(control) => (
              <div className="flex flex-wrap items-center gap-2">
                <input
                  {...control}
                  ref={fileInput}
                  type="file"
                  accept={acceptOf('document')}
                  className="sr-only"
                  onChange={(event) => void onPickCertificate(event.target.files?.[0])}
                />
                {qualiopiFile ? (
                  <a
                    href={qualiopiFile.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 text-sm text-link underline"
                  >
                    <FileText aria-hidden="true" className="size-4" />
                    {t('legal.qualiopiFileOpen')}
                  </a>
                ) : (
                  <span className="text-sm text-muted-foreground">{t('legal.qualiopiFileMissing')}</span>
                )}
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={isUploading}
                  onClick={() => fileInput.current?.click()}
                >
                  <Upload aria-hidden="true" className="size-4" />
                  {t('legal.qualiopiFile')}
                </Button>
                {qualiopiFile && (
                  <Button type="button" variant="ghost" size="sm" onClick={removeCertificate}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('legal.qualiopiFileRemove')}
                  </Button>
                )}
                {isUploading && <Spinner size="sm" label={t('identity.uploading')} />}
              </div>
            )}
          </Field>
        )}
      </Section>

      <Section title={t('legal.address')}>
        <div className="sm:col-span-2">{textField('addressLine')}</div>
        {textField('postalCode', { inputMode: 'numeric' })}
        {textField('city')}
        {textField('country')}
      </Section>

      <Section title={t('legal.representative')}>
        {textField('legalRepresentativeName')}
        {textField('legalRepresentativeTitle')}
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={form.formState.isSubmitting} disabled={isUploading}>
          {t('legal.save')}
        </Button>
        {shown.updatedAt && (
          <span className="text-sm text-muted-foreground">
            {t('legal.updatedAt', {
              date: dateTimeFormat(getLanguage(), { dateStyle: 'long' }).format(new Date(shown.updatedAt)),
            })}
          </span>
        )}
      </div>
    </form>
  );
}
