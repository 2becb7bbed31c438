import {
  IMPROVEMENT_ORIGINS,
  IMPROVEMENT_STATUSES,
  type Improvement,
  type ImprovementOrigin,
  type ImprovementScope,
  type ImprovementStatus,
} from '@cursus/contracts';
import { ListChecks } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { useImprovements } from '../api/registers';
import { CloseImprovementDialog, ImprovementFormDialog } from './improvement-dialogs';
import { useFormatDay } from './register-labels';
import { FilterChoice, RegisterResults, RegisterSection, useRegisterFilters } from './register-list';

const PAGE_SIZE = 10;

const STATUS_VARIANTS: Record<ImprovementStatus, BadgeVariant> = {
  planned: 'info',
  in_progress: 'warning',
  done: 'success',
  abandoned: 'neutral',
};

/**
 * Improvement actions (Qualiopi indicator 32): the organisation's (a tab of /trainer/compliance) or
 * the platform's (/admin/improvements), with their origin, owner, due day and closure evidence.
 */
export function ImprovementsRegister({ scope }: { scope: ImprovementScope }) {
  const { t } = useTranslation('registers');
  const { filters, page, setPage, update, isFiltered, reset } = useRegisterFilters({
    search: '',
    status: '' as ImprovementStatus | '',
    origin: '' as ImprovementOrigin | '',
    overdueOnly: false,
  });
  const deferredSearch = useDeferredValue(filters.search.trim());
  const improvements = useImprovements(scope, {
    page,
    pageSize: PAGE_SIZE,
    search: deferredSearch || undefined,
    status: filters.status || undefined,
    origin: filters.origin || undefined,
    overdue: filters.overdueOnly ? 'true' : undefined,
  });
  const [editing, setEditing] = useState<Improvement | 'new' | null>(null);
  const [closing, setClosing] = useState<Improvement | null>(null);
  const ids = { status: useId(), origin: useId() };
  const origins = IMPROVEMENT_ORIGINS.filter((option) => scope === 'organization' || option !== 'complaint');

  return (
    <RegisterSection
      title={t(`improvements.title.${scope}`)}
      description={t(`improvements.description.${scope}`)}
      addLabel={t('improvements.add')}
      onAdd={() => setEditing('new')}
      search={filters.search}
      onSearchChange={(search) => update({ search })}
      filtersClassName="lg:grid-cols-[2fr_1fr_1fr_auto]"
      filters={
        <>
          <FilterChoice
            id={ids.status}
            label={t('improvements.fields.status')}
            value={filters.status}
            options={IMPROVEMENT_STATUSES.map((option) => ({
              value: option,
              label: t(`improvements.status.${option}`),
            }))}
            onChange={(value) => update({ status: value as ImprovementStatus | '' })}
          />
          <FilterChoice
            id={ids.origin}
            label={t('improvements.fields.origin')}
            value={filters.origin}
            options={origins.map((option) => ({ value: option, label: t(`improvements.origin.${option}`) }))}
            onChange={(value) => update({ origin: value as ImprovementOrigin | '' })}
          />
          <div className="flex items-end pb-2">
            <Checkbox
              label={t('improvements.overdueOnly')}
              checked={filters.overdueOnly}
              onChange={(event) => update({ overdueOnly: event.target.checked })}
            />
          </div>
        </>
      }
    >
      <RegisterResults
        query={improvements}
        label={t(`improvements.title.${scope}`)}
        summary={(count) => t('improvements.summary', { count })}
        isFiltered={isFiltered}
        onReset={reset}
        empty={{
          icon: ListChecks,
          title: t('improvements.emptyTitle'),
          description: t('improvements.emptyDescription'),
        }}
        onPageChange={setPage}
      >
        {(items) =>
          items.map((improvement) => (
            <ImprovementRow
              key={improvement.id}
              improvement={improvement}
              onEdit={() => setEditing(improvement)}
              onClose={() => setClosing(improvement)}
            />
          ))
        }
      </RegisterResults>
      {editing && (
        <ImprovementFormDialog
          scope={scope}
          improvement={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {closing && (
        <CloseImprovementDialog scope={scope} improvement={closing} onClose={() => setClosing(null)} />
      )}
    </RegisterSection>
  );
}

function ImprovementRow({
  improvement,
  onEdit,
  onClose,
}: {
  improvement: Improvement;
  onEdit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('registers');
  const formatDay = useFormatDay();
  const isOpen = improvement.status === 'planned' || improvement.status === 'in_progress';
  return (
    <Card as="li" padding="p-4" className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold text-foreground">{improvement.title}</h3>
          <Badge variant={STATUS_VARIANTS[improvement.status]}>
            {t(`improvements.status.${improvement.status}`)}
          </Badge>
          {improvement.overdue && <Badge variant="danger">{t('improvements.overdue')}</Badge>}
        </div>
        <p className="text-sm text-foreground">{improvement.description}</p>
        <p className="text-xs text-muted-foreground">
          {t(`improvements.origin.${improvement.origin}`)}
          {improvement.complaintSubject && ` (${improvement.complaintSubject})`}
          {improvement.ownerName && ` · ${t('improvements.owner', { name: improvement.ownerName })}`}
          {improvement.dueOn && ` · ${t('improvements.due', { date: formatDay(improvement.dueOn) })}`}
        </p>
        {improvement.closureNote && (
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">
              {t('improvements.closedOn', {
                date: improvement.closedOn ? formatDay(improvement.closedOn) : '',
              })}
            </span>{' '}
            {improvement.closureNote}
          </p>
        )}
        {improvement.closureFile && (
          <a
            href={improvement.closureFile.url}
            target="_blank"
            rel="noreferrer"
            className="text-sm text-primary underline"
          >
            {t('improvements.evidence', { name: improvement.closureFile.name })}
          </a>
        )}
      </div>
      {isOpen && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" size="sm" onClick={onEdit}>
            {t('actions.edit')}
            <span className="sr-only"> {improvement.title}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('actions.close')}
            <span className="sr-only"> {improvement.title}</span>
          </Button>
        </div>
      )}
    </Card>
  );
}
