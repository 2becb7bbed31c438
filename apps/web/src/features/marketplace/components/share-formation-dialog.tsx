import {
  LANGUAGES,
  type Language,
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_LEVELS,
  MARKETPLACE_MAX_DURATION_MINUTES,
  type MarketplaceCategory,
  type MarketplaceLevel,
} from '@cursus/contracts';
import { Share2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useOwnFormations, useShareFormation } from '../api/marketplace';

const SUMMARY_MAX = 600;

type Errors = Partial<Record<'courseId' | 'summary' | 'duration', string>>;

/**
 * Shares one of the organisation's formations on the marketplace, or shares it again to replace
 * the listed snapshot. Admins may publish it as a platform template.
 */
export function ShareFormationDialog({
  canPublishAsPlatform,
  initialCourseId = '',
  onClose,
}: {
  canPublishAsPlatform: boolean;
  /** Opened from a formation's page: that formation, still changeable. */
  initialCourseId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketplace');
  const formations = useOwnFormations();
  const share = useShareFormation();
  const [courseId, setCourseId] = useState(initialCourseId);
  const [summary, setSummary] = useState('');
  const [category, setCategory] = useState<MarketplaceCategory>('other');
  const [level, setLevel] = useState<MarketplaceLevel>('beginner');
  const [language, setLanguage] = useState<Language>('fr');
  const [hours, setHours] = useState('7');
  const [asPlatform, setAsPlatform] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const durationMinutes = Math.round(Number(hours.replace(',', '.')) * 60);
    const found: Errors = {};
    if (!courseId) found.courseId = t('share.errors.courseRequired');
    if (!summary.trim()) found.summary = t('share.errors.summaryRequired');
    if (
      !Number.isFinite(durationMinutes) ||
      durationMinutes < 1 ||
      durationMinutes > MARKETPLACE_MAX_DURATION_MINUTES
    )
      found.duration = t('share.errors.duration');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    share.mutate(
      { courseId, summary: summary.trim(), category, level, language, durationMinutes, asPlatform },
      {
        onSuccess: () => {
          notify.success(t('share.done'));
          onClose();
        },
        onError: (error) => {
          const isEmpty =
            isApiError(error) && error.fields.some((field) => field.message === 'EMPTY_FORMATION');
          setFormError(isEmpty ? t('share.errors.empty') : getErrorMessage(error));
        },
      },
    );
  };

  return (
    <Dialog
      title={t('share.title')}
      description={t('share.description')}
      closeLabel={t('close')}
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError && <Alert variant="error">{formError}</Alert>}
        <Field label={t('share.formation')} error={errors.courseId}>
          {(control) => (
            <Select {...control} value={courseId} onChange={(e) => setCourseId(e.target.value)}>
              <option value="">
                {formations.isPending ? t('share.loadingFormations') : t('share.chooseFormation')}
              </option>
              {(formations.data?.items ?? []).map((formation) => (
                <option key={formation.id} value={formation.id}>
                  {formation.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('share.summary')}
          error={errors.summary}
          description={t('share.summaryHint', { count: SUMMARY_MAX })}
        >
          {(control) => (
            <Textarea
              {...control}
              value={summary}
              maxLength={SUMMARY_MAX}
              rows={3}
              onChange={(e) => setSummary(e.target.value)}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('filters.category')}>
            {(control) => (
              <Select
                {...control}
                value={category}
                onChange={(e) => setCategory(e.target.value as MarketplaceCategory)}
              >
                {MARKETPLACE_CATEGORIES.map((option) => (
                  <option key={option} value={option}>
                    {t(`category.${option}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('share.level')}>
            {(control) => (
              <Select
                {...control}
                value={level}
                onChange={(e) => setLevel(e.target.value as MarketplaceLevel)}
              >
                {MARKETPLACE_LEVELS.map((option) => (
                  <option key={option} value={option}>
                    {t(`level.${option}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('filters.language')}>
            {(control) => (
              <Select {...control} value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
                {LANGUAGES.map((option) => (
                  <option key={option} value={option}>
                    {t(`language.${option}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('share.durationHours')} error={errors.duration}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={hours}
                onChange={(e) => setHours(e.target.value)}
              />
            )}
          </Field>
        </div>
        {canPublishAsPlatform && (
          <Checkbox
            label={t('share.asPlatform')}
            hint={t('share.asPlatformHint')}
            checked={asPlatform}
            onChange={(e) => setAsPlatform(e.target.checked)}
          />
        )}
        <p className="text-sm text-muted-foreground">{t('share.snapshotNote')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" isLoading={share.isPending}>
            {t('share.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The formation page's "share to the marketplace" action. */
export function ShareFormationButton({
  courseId,
  canPublishAsPlatform,
}: {
  courseId: string;
  canPublishAsPlatform: boolean;
}) {
  const { t } = useTranslation('marketplace');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        <Share2 aria-hidden="true" className="size-4" />
        {t('share.fromFormation')}
      </Button>
      {isOpen && (
        <ShareFormationDialog
          canPublishAsPlatform={canPublishAsPlatform}
          initialCourseId={courseId}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  );
}
