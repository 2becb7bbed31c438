import { WATCH_INDICATORS, type WatchEntry, type WatchIndicator } from '@cursus/contracts';
import { Telescope } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useImprovements, useSaveWatchEntry, useWatchEntries } from '../api/registers';
import { ChoiceField, RegisterFormDialog, TextField, useRegisterForm } from './register-form';
import { parisToday, useFormatDay } from './register-labels';
import { FilterChoice, RegisterResults, RegisterSection, useRegisterFilters } from './register-list';

const PAGE_SIZE = 10;

/**
 * The watch registers (Qualiopi indicators 23 legal, 24 jobs and skills, 25 pedagogical and
 * technological innovation): one list, filtered by indicator. A tab of /trainer/compliance.
 */
export function WatchRegister() {
  const { t } = useTranslation('registers');
  const { filters, page, setPage, update, isFiltered, reset } = useRegisterFilters({
    search: '',
    indicator: '' as WatchIndicator | '',
  });
  const deferredSearch = useDeferredValue(filters.search.trim());
  const entries = useWatchEntries({
    page,
    pageSize: PAGE_SIZE,
    search: deferredSearch || undefined,
    indicator: filters.indicator || undefined,
  });
  const [editing, setEditing] = useState<WatchEntry | 'new' | null>(null);
  const ids = { indicator: useId() };

  return (
    <RegisterSection
      title={t('watch.title')}
      description={t('watch.description')}
      addLabel={t('watch.add')}
      onAdd={() => setEditing('new')}
      search={filters.search}
      onSearchChange={(search) => update({ search })}
      filtersClassName="lg:grid-cols-[2fr_1fr]"
      filters={
        <FilterChoice
          id={ids.indicator}
          label={t('watch.fields.indicator')}
          value={String(filters.indicator)}
          options={WATCH_INDICATORS.map((option) => ({
            value: String(option),
            label: t(`watch.indicator.${option}`),
          }))}
          onChange={(value) => update({ indicator: value ? (Number(value) as WatchIndicator) : '' })}
        />
      }
    >
      <RegisterResults
        query={entries}
        label={t('watch.title')}
        summary={(count) => t('watch.summary', { count })}
        isFiltered={isFiltered}
        onReset={reset}
        empty={{ icon: Telescope, title: t('watch.emptyTitle'), description: t('watch.emptyDescription') }}
        onPageChange={setPage}
      >
        {(items) =>
          items.map((entry) => <WatchRow key={entry.id} entry={entry} onEdit={() => setEditing(entry)} />)
        }
      </RegisterResults>
      {editing && (
        <WatchFormDialog entry={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </RegisterSection>
  );
}

function WatchRow({ entry, onEdit }: { entry: WatchEntry; onEdit: () => void }) {
  const { t } = useTranslation('registers');
  const formatDay = useFormatDay();
  return (
    <Card as="li" padding="p-4" className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold text-foreground">{entry.source}</h3>
          <Badge variant="info">{t(`watch.indicator.${entry.indicator}`)}</Badge>
        </div>
        <p className="text-xs text-muted-foreground">{formatDay(entry.observedOn)}</p>
        <p className="text-sm text-foreground">{entry.summary}</p>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">
            {t('labelled', { label: t('watch.fields.impact') })}
          </span>{' '}
          {entry.impact}
        </p>
        {entry.improvementTitle && (
          <p className="text-xs text-muted-foreground">
            {t('watch.linkedImprovement', { title: entry.improvementTitle })}
          </p>
        )}
      </div>
      <Button variant="ghost" size="sm" onClick={onEdit}>
        {t('actions.edit')}
        <span className="sr-only"> {entry.source}</span>
      </Button>
    </Card>
  );
}

function WatchFormDialog({ entry, onClose }: { entry?: WatchEntry; onClose: () => void }) {
  const { t } = useTranslation('registers');
  const [indicator, setIndicator] = useState<WatchIndicator>(entry?.indicator ?? 23);
  const [observedOn, setObservedOn] = useState(entry?.observedOn ?? parisToday());
  const [source, setSource] = useState(entry?.source ?? '');
  const [summary, setSummary] = useState(entry?.summary ?? '');
  const [impact, setImpact] = useState(entry?.impact ?? '');
  const [improvementId, setImprovementId] = useState(entry?.improvementId ?? '');
  const { errors, failure, checkRequired, outcome } = useRegisterForm(onClose);
  const improvements = useImprovements('organization', { pageSize: 100 });
  const save = useSaveWatchEntry();

  const onSubmit = () => {
    if (!checkRequired({ observedOn, source, summary, impact })) return;
    save.mutate(
      {
        id: entry?.id,
        body: {
          indicator,
          observedOn,
          source: source.trim(),
          summary: summary.trim(),
          impact: impact.trim(),
          improvementId: improvementId || null,
        },
      },
      outcome(entry ? t('watch.saved') : t('watch.created')),
    );
  };

  return (
    <RegisterFormDialog
      title={entry ? t('watch.editTitle') : t('watch.createTitle')}
      failure={failure}
      isPending={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField
          label={t('watch.fields.indicator')}
          value={String(indicator)}
          options={WATCH_INDICATORS.map((option) => ({
            value: String(option),
            label: t(`watch.indicator.${option}`),
          }))}
          onChange={(value) => setIndicator(Number(value) as WatchIndicator)}
        />
        <TextField
          label={t('watch.fields.observedOn')}
          type="date"
          max={parisToday()}
          value={observedOn}
          onChange={setObservedOn}
          error={errors.observedOn}
        />
      </div>
      <TextField
        label={t('watch.fields.source')}
        description={t('watch.sourceHint')}
        maxLength={300}
        value={source}
        onChange={setSource}
        error={errors.source}
      />
      <TextField
        label={t('watch.fields.summary')}
        rows={3}
        value={summary}
        onChange={setSummary}
        error={errors.summary}
      />
      <TextField
        label={t('watch.fields.impact')}
        rows={3}
        value={impact}
        onChange={setImpact}
        error={errors.impact}
      />
      <ChoiceField
        label={t('watch.fields.improvement')}
        none={t('form.none')}
        value={improvementId}
        options={(improvements.data?.items ?? []).map((improvement) => ({
          value: improvement.id,
          label: improvement.title,
        }))}
        onChange={setImprovementId}
        error={errors.improvementId}
      />
    </RegisterFormDialog>
  );
}
