import type { UseQueryResult } from '@tanstack/react-query';
import { type LucideIcon, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';

/** A register's heading, what it is for, and the button that adds an entry. */
export function RegisterHeader({
  id,
  title,
  description,
  addLabel,
  onAdd,
}: {
  id: string;
  title: string;
  description: string;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-semibold text-foreground">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <Button onClick={onAdd}>
        <Plus aria-hidden="true" className="size-4" />
        {addLabel}
      </Button>
    </div>
  );
}

/**
 * One page of a register as the query stands: loading, failed, empty (nothing yet, or nothing
 * matching the filters, with the way out), or the entries with their count and pages.
 */
export function RegisterResults<T>({
  query,
  label,
  summary,
  isFiltered,
  onReset,
  empty,
  onPageChange,
  children,
}: {
  query: UseQueryResult<{ items: T[]; total: number; page: number; pageSize: number }>;
  label: string;
  summary: (total: number) => string;
  isFiltered: boolean;
  onReset: () => void;
  empty: { icon: LucideIcon; title: string; description: string };
  onPageChange: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('registers');
  const { data } = query;
  return (
    <>
      {query.isPending && <SkeletonCards label={t('list.loading')} count={3} bars={['w-1/3', 'w-2/3']} />}
      {query.isError && (
        <LoadErrorAlert
          error={query.error}
          title={t('list.error')}
          retryLabel={t('list.retry')}
          onRetry={() => query.refetch()}
        />
      )}
      {data?.total === 0 &&
        (isFiltered ? (
          <NoMatchState
            title={t('list.noMatchTitle')}
            description={t('list.noMatchDescription')}
            resetLabel={t('list.reset')}
            onReset={onReset}
          />
        ) : (
          <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
        ))}
      {data && data.total > 0 && (
        <PagedList
          query={{ data, isFetching: query.isFetching, isPlaceholderData: query.isPlaceholderData }}
          label={label}
          summary={<p className="text-sm text-muted-foreground">{summary(data.total)}</p>}
          pagesLabel={t('list.pages')}
          onPageChange={onPageChange}
        >
          {children(data.items)}
        </PagedList>
      )}
    </>
  );
}

/** A filter of a register's list: everything, or one of `options`. */
export function FilterChoice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('registers');
  return (
    <FilterField label={label} htmlFor={id}>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('list.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}

/** The search box of a register's list. */
export function FilterSearch({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('registers');
  return (
    <FilterField label={t('list.search')} htmlFor={id}>
      <Input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
      />
    </FilterField>
  );
}
