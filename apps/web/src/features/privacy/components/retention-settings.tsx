import { DEFAULT_RETENTION_YEARS, RETENTION_YEARS_PRESETS, type RetentionYears } from '@cursus/contracts';
import { Archive, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useRetention } from '../api/get-retention';
import { useUpdateRetention } from '../api/update-retention';

/** The preset chosen and saved with a button: a native select changes on every arrow key. */
function RetentionForm({ saved }: { saved: RetentionYears }) {
  const { t } = useTranslation('privacy');
  const [chosen, setChosen] = useState<RetentionYears>(saved);
  const update = useUpdateRetention();
  const save = () =>
    update.mutate(
      { retentionYears: chosen },
      {
        onSuccess: () => notify.success(t('retention.saved')),
        onError: (error) => notify.error(getErrorMessage(error)),
      },
    );
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Field
        label={t('retention.label')}
        description={t('retention.defaultHint', { years: DEFAULT_RETENTION_YEARS })}
      >
        {(control) => (
          <Select
            {...control}
            className="max-w-xs"
            value={chosen}
            onChange={(event) => setChosen(Number(event.target.value) as RetentionYears)}
          >
            {RETENTION_YEARS_PRESETS.map((years) => (
              <option key={years} value={years}>
                {t('retention.years', { count: years })}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div>
        <Button type="submit" disabled={chosen === saved} isLoading={update.isPending}>
          {t('retention.save')}
        </Button>
      </div>
    </form>
  );
}

/** /trainer/settings: how long erased learners' training evidence is kept (3, 6 or 10 years). */
export function RetentionSettings() {
  const { t } = useTranslation('privacy');
  const headingId = useId();
  const query = useRetention();

  const renderBody = () => {
    if (query.isError)
      return (
        <Alert
          variant="error"
          title={t('retention.errorTitle')}
          action={
            <Button variant="secondary" size="sm" className="self-start" onClick={() => void query.refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('retention.retry')}
            </Button>
          }
        >
          {getErrorMessage(query.error)}
        </Alert>
      );
    if (query.isPending)
      return (
        <div role="status" aria-live="polite">
          <span className="sr-only">{t('retention.loading')}</span>
          <div aria-hidden="true" className="h-10 w-full max-w-xs animate-pulse rounded-md bg-muted" />
        </div>
      );
    return <RetentionForm key={query.data.retentionYears} saved={query.data.retentionYears} />;
  };

  return (
    <Card aria-labelledby={headingId} role="region" padding="p-4 sm:p-6" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-foreground">
          <Archive aria-hidden="true" className="size-5 text-primary" />
          {t('retention.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('retention.description')}</p>
      </div>
      {renderBody()}
    </Card>
  );
}
