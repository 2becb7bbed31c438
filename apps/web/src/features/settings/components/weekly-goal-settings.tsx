import {
  DEFAULT_TIME_TRACKING_SETTINGS,
  type TimeTrackingSettings,
  UpdateTimeTrackingSettingsInputSchema,
  WEEKLY_GOAL_MAX_HOURS,
} from '@cursus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCcw, Target } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/error-message';
import { showErrorOnFields } from '@/lib/form-errors';
import { getLanguage } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import { notify } from '@/lib/toast';
import { useTimeTrackingSettings } from '../api/get-time-tracking-settings';
import { useUpdateTimeTrackingSettings } from '../api/update-time-tracking-settings';

const MIN_HOURS = 1;
const RANGE_ERROR = 'weeklyGoalRange';

/** The input holds text; the contract's own bounds decide what may be sent. */
const WeeklyGoalFormSchema = z.object({
  weeklyGoalHours: z
    .string()
    .trim()
    .refine(
      (value) =>
        /^\d+$/.test(value) &&
        UpdateTimeTrackingSettingsInputSchema.shape.weeklyGoalHours.safeParse(Number(value)).success,
      RANGE_ERROR,
    )
    .transform(Number),
});
type WeeklyGoalFormValues = z.input<typeof WeeklyGoalFormSchema>;
type WeeklyGoalFormOutput = z.output<typeof WeeklyGoalFormSchema>;

function formatHours(hours: number) {
  return numberFormat(getLanguage(), { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(hours);
}

/** /trainer/settings 'Objectif hebdomadaire': the organisation's weekly learning goal (SPEC 9). */
export function WeeklyGoalSettings() {
  const { t } = useTranslation('settings');
  const headingId = useId();
  const query = useTimeTrackingSettings();

  const renderBody = () => {
    if (query.isError)
      return (
        <Alert
          variant="error"
          title={t('weeklyGoal.errorTitle')}
          action={
            <Button variant="secondary" size="sm" className="self-start" onClick={() => void query.refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('weeklyGoal.retry')}
            </Button>
          }
        >
          {getErrorMessage(query.error)}
        </Alert>
      );
    if (query.isPending)
      return (
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          <span className="sr-only">{t('weeklyGoal.loading')}</span>
          <div aria-hidden="true" className="h-3 w-32 animate-pulse rounded bg-muted" />
          <div aria-hidden="true" className="h-10 w-full max-w-xs animate-pulse rounded-md bg-muted" />
        </div>
      );
    return <WeeklyGoalForm settings={query.data} />;
  };

  return (
    <Card aria-labelledby={headingId} role="region" padding="p-4 sm:p-6" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-foreground">
          <Target aria-hidden="true" className="size-5 text-primary" />
          {t('weeklyGoal.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('weeklyGoal.description')}</p>
      </div>
      {renderBody()}
    </Card>
  );
}

function WeeklyGoalForm({ settings }: { settings: TimeTrackingSettings }) {
  const { t } = useTranslation('settings');
  const [error, setError] = useState<unknown>(null);
  const update = useUpdateTimeTrackingSettings();
  const form = useForm<WeeklyGoalFormValues, unknown, WeeklyGoalFormOutput>({
    resolver: zodResolver(WeeklyGoalFormSchema),
    defaultValues: { weeklyGoalHours: String(settings.weeklyGoalHours) },
  });
  const range = { min: MIN_HOURS, max: WEEKLY_GOAL_MAX_HOURS };
  const fieldError = form.formState.errors.weeklyGoalHours;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await update.mutateAsync({ weeklyGoalHours: values.weeklyGoalHours });
      form.reset({ weeklyGoalHours: String(saved.weeklyGoalHours) });
      notify.success(t('weeklyGoal.saved', { hours: formatHours(saved.weeklyGoalHours) }));
    } catch (caught) {
      if (!showErrorOnFields(caught, form.setError, { fields: ['weeklyGoalHours'] })) setError(caught);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      <div className="max-w-xs">
        <Field
          label={t('weeklyGoal.label')}
          description={t('weeklyGoal.hint', {
            ...range,
            default: DEFAULT_TIME_TRACKING_SETTINGS.weeklyGoalHours,
          })}
          error={fieldError ? t('weeklyGoal.rangeError', range) : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={MIN_HOURS}
              max={WEEKLY_GOAL_MAX_HOURS}
              step={1}
              {...form.register('weeklyGoalHours')}
            />
          )}
        </Field>
      </div>
      <div>
        <Button type="submit" isLoading={form.formState.isSubmitting}>
          {t('weeklyGoal.save')}
        </Button>
      </div>
    </form>
  );
}
