import { LATE_SIGNING_MINUTES_MAX } from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useAttendanceSettings, useUpdateAttendanceSettings } from '../api/attendance-settings';

/**
 * The organisation's late-signing rule: minutes after a slot's end during which signing stays open.
 * Shown here and on /trainer/settings among the organisation's signing rules.
 */
export function LateSigningSettings() {
  const { t } = useTranslation('attendance');
  const settings = useAttendanceSettings();
  const update = useUpdateAttendanceSettings();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? (settings.data ? String(settings.data.lateSigningMinutes) : '');
  const minutes = Number(value);
  const isValid =
    value !== '' && Number.isInteger(minutes) && minutes >= 0 && minutes <= LATE_SIGNING_MINUTES_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    update.mutate(
      { lateSigningMinutes: minutes },
      {
        onSuccess: () => {
          setDraft(null);
          notify.success(t('settings.saved'));
        },
      },
    );
  };

  return (
    <Card as="section" aria-labelledby="late-signing-title" isFlat>
      <CardTitle id="late-signing-title">{t('settings.title')}</CardTitle>
      <CardDescription>{t('settings.description')}</CardDescription>
      {settings.isError ? (
        <div className="mt-4">
          <LoadErrorAlert
            error={settings.error}
            retryLabel={t('actions.retry')}
            onRetry={() => void settings.refetch()}
          />
        </div>
      ) : (
        <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
          <div className="w-48">
            <Field
              label={t('settings.minutes')}
              error={
                value !== '' && !isValid
                  ? t('settings.invalid', { max: LATE_SIGNING_MINUTES_MAX })
                  : undefined
              }
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={LATE_SIGNING_MINUTES_MAX}
                  value={value}
                  disabled={settings.isPending}
                  onChange={(event) => setDraft(event.target.value)}
                />
              )}
            </Field>
          </div>
          <Button
            type="submit"
            variant="secondary"
            isLoading={update.isPending}
            disabled={!isValid || draft === null}
          >
            {t('settings.save')}
          </Button>
        </form>
      )}
      {update.isError && (
        <div className="mt-3">
          <Alert variant="error">{getErrorMessage(update.error)}</Alert>
        </div>
      )}
    </Card>
  );
}
