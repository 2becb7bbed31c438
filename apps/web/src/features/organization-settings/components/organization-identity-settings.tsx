import {
  BRAND_COLOR_PATTERN,
  type BrandPalette,
  brandPalette,
  FILE_LIMITS,
  type OrganizationBranding,
  UpdateOrganizationSettingsInputSchema,
} from '@cursus/contracts';
import { Building2, RotateCcw, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useOrganizationBranding, useUpdateOrganizationSettings } from '../api/organization-branding';
import { acceptOf, uploadOrganizationFile } from '../api/upload-organization-file';
import { formatMegabytes } from '../lib/format';

/** /trainer/settings 'Identité de l'organisme': name, logo and brand colour (issue 16 point 9). */
/** `onSaved`: the session carries the organisation's name, so the page reads it again. */
export function OrganizationIdentitySettings({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation('organizationSettings');
  const headingId = useId();
  const query = useOrganizationBranding();

  const renderBody = () => {
    if (query.isError)
      return (
        <Alert
          variant="error"
          title={t('identity.loadError')}
          action={
            <Button variant="secondary" size="sm" className="self-start" onClick={() => void query.refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('identity.retry')}
            </Button>
          }
        >
          {getErrorMessage(query.error)}
        </Alert>
      );
    if (query.isPending)
      return (
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          <span className="sr-only">{t('identity.loading')}</span>
          <div aria-hidden="true" className="h-10 w-full max-w-md animate-pulse rounded-md bg-muted" />
          <div aria-hidden="true" className="h-10 w-full max-w-xs animate-pulse rounded-md bg-muted" />
        </div>
      );
    return <IdentityForm branding={query.data} onSaved={onSaved} />;
  };

  return (
    <Card aria-labelledby={headingId} role="region" padding="p-4 sm:p-6" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-foreground">
          <Building2 aria-hidden="true" className="size-5 text-primary" />
          {t('identity.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('identity.description')}</p>
      </div>
      {renderBody()}
    </Card>
  );
}

function IdentityForm({ branding, onSaved }: { branding: OrganizationBranding; onSaved?: () => void }) {
  const { t } = useTranslation('organizationSettings');
  const update = useUpdateOrganizationSettings();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(branding.name);
  const [logo, setLogo] = useState(
    branding.logoFileId && branding.logoUrl ? { id: branding.logoFileId, url: branding.logoUrl } : null,
  );
  const [color, setColor] = useState(branding.brandColor ?? '');
  const [errors, setErrors] = useState<{ name?: string; brandColor?: string; logoFileId?: string }>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [isUploading, setIsUploading] = useState(false);
  const normalizedColor = color.trim().toLowerCase();
  const palette = BRAND_COLOR_PATTERN.test(normalizedColor) ? brandPalette(normalizedColor) : null;

  const onPickLogo = async (file: File | undefined) => {
    if (!file) return;
    setErrors((current) => ({ ...current, logoFileId: undefined }));
    setIsUploading(true);
    try {
      const stored = await uploadOrganizationFile(file, 'image');
      setLogo({ id: stored.id, url: stored.url });
    } catch (error) {
      setErrors((current) => ({ ...current, logoFileId: getErrorMessage(error) }));
    } finally {
      setIsUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = UpdateOrganizationSettingsInputSchema.safeParse({
      name,
      logoFileId: logo?.id ?? null,
      brandColor: normalizedColor || null,
    });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setErrors({
        name: fields.has('name') ? t('identity.nameError') : undefined,
        brandColor: fields.has('brandColor') ? t('identity.colorError') : undefined,
      });
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync(parsed.data);
      onSaved?.();
      setName(saved.name);
      setColor(saved.brandColor ?? '');
      notify.success(t('identity.saved'));
    } catch (error) {
      const fields = isApiError(error) ? error.fields.map((field) => field.path) : [];
      if (fields.length === 0) {
        setFormError(error);
        return;
      }
      setErrors({
        name: fields.includes('name') ? t('identity.nameError') : undefined,
        brandColor: fields.includes('brandColor') ? t('identity.colorError') : undefined,
        logoFileId: fields.includes('logoFileId') ? t('legal.errors.fileType') : undefined,
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {formError !== null && <Alert variant="error">{getErrorMessage(formError)}</Alert>}
      <div className="max-w-md">
        <Field label={t('identity.name')} error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
      </div>

      <Field
        label={t('identity.logo')}
        description={t('identity.logoHint', { size: formatMegabytes(FILE_LIMITS.image.maxBytes) })}
        error={errors.logoFileId}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-3">
            {logo ? (
              <img
                src={logo.url}
                alt={t('identity.logoAlt')}
                className="size-14 rounded-md border border-border bg-card object-contain p-1"
              />
            ) : (
              <span className="text-sm text-muted-foreground">{t('identity.noLogo')}</span>
            )}
            <input
              {...control}
              ref={fileInput}
              type="file"
              accept={acceptOf('image')}
              className="sr-only"
              onChange={(event) => void onPickLogo(event.target.files?.[0])}
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={isUploading}
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden="true" className="size-4" />
              {t('identity.logo')}
            </Button>
            {logo && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setLogo(null)}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('identity.removeLogo')}
              </Button>
            )}
            {isUploading && (
              <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner size="sm" />
                {t('identity.uploading')}
              </span>
            )}
          </div>
        )}
      </Field>

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-56">
            <Field
              label={t('identity.color')}
              description={t('identity.colorHint')}
              error={errors.brandColor}
            >
              {(control) => (
                <Input
                  {...control}
                  value={color}
                  placeholder="#0f766e"
                  maxLength={7}
                  spellCheck={false}
                  onChange={(event) => setColor(event.target.value)}
                />
              )}
            </Field>
          </div>
          <input
            type="color"
            aria-label={t('identity.colorPicker')}
            value={palette ? normalizedColor : '#4338ca'}
            onChange={(event) => setColor(event.target.value)}
            className="mb-[1.6rem] h-10 w-12 cursor-pointer rounded-md border border-input bg-card p-1"
          />
          {color && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="mb-[1.6rem]"
              onClick={() => setColor('')}
            >
              {t('identity.clearColor')}
            </Button>
          )}
        </div>
        {palette && <PalettePreview palette={palette} />}
      </div>

      <div>
        <Button type="submit" isLoading={update.isPending} disabled={isUploading}>
          {t('identity.save')}
        </Button>
      </div>
    </form>
  );
}

/** How buttons look with the colour in each theme, and whether it had to change to stay readable. */
function PalettePreview({ palette }: { palette: BrandPalette }) {
  const { t } = useTranslation('organizationSettings');
  const themes = [
    {
      id: 'light',
      label: t('identity.previewLight'),
      colors: palette.light,
      surface: '#ffffff',
      text: '#0f172a',
    },
    {
      id: 'dark',
      label: t('identity.previewDark'),
      colors: palette.dark,
      surface: '#0f172a',
      text: '#f1f5f9',
    },
  ] as const;
  return (
    <section aria-label={t('identity.preview')} className="grid gap-3 sm:grid-cols-2">
      {themes.map((theme) => (
        <div
          key={theme.id}
          className="flex flex-col gap-2 rounded-md border border-border p-3"
          style={{ backgroundColor: theme.surface, color: theme.text }}
        >
          <span className="text-xs font-semibold">{theme.label}</span>
          <span
            aria-hidden="true"
            className="self-start rounded-md px-3 py-1.5 text-sm font-medium"
            style={{ backgroundColor: theme.colors.primary, color: theme.colors.primaryForeground }}
          >
            {t('identity.previewButton')}
          </span>
          <span className="text-xs">
            {theme.colors.adjusted
              ? t('identity.adjusted', { color: theme.colors.primary })
              : t('identity.kept')}
          </span>
        </div>
      ))}
    </section>
  );
}
