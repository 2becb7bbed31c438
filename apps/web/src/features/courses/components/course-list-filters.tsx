import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';

export interface OrganizationOption {
  id: string;
  name: string;
}

export const SORT_OPTIONS = [
  'createdAt-desc',
  'createdAt-asc',
  'updatedAt-desc',
  'title-asc',
  'title-desc',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export interface CourseListFilterValues {
  search: string;
  status: '' | 'published' | 'draft';
  locked: '' | 'true' | 'false';
  archived: boolean;
  sort: SortOption;
  organizationId: string;
}

export interface CourseListFiltersProps {
  values: CourseListFilterValues;
  /** Every keystroke; the list debounces before asking the server. */
  onSearchChange: (search: string) => void;
  onChange: (changes: Partial<CourseListFilterValues>) => void;
  /** Admins only: narrow to one organisation. */
  organizations?: OrganizationOption[];
}

/** Labelled native controls: keyboard, screen readers and mobile pickers work as they should. */
export function CourseListFilters({
  values,
  onSearchChange,
  onChange,
  organizations,
}: CourseListFiltersProps) {
  const { t } = useTranslation('courses');
  const id = useId();
  return (
    <FilterBar label={t('filters.label')} className="lg:grid-cols-[2fr_1fr_1fr_1fr]">
      <FilterField
        label={t('filters.search')}
        htmlFor={`${id}-search`}
        className="sm:col-span-2 lg:col-span-1"
      >
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            placeholder={t('filters.searchPlaceholder')}
            value={values.search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
      </FilterField>
      <FilterField label={t('filters.status')} htmlFor={`${id}-status`}>
        <Select
          id={`${id}-status`}
          value={values.status}
          onChange={(event) => onChange({ status: event.target.value as CourseListFilterValues['status'] })}
        >
          <option value="">{t('filters.all')}</option>
          <option value="published">{t('status.published')}</option>
          <option value="draft">{t('status.draft')}</option>
        </Select>
      </FilterField>
      <FilterField label={t('filters.locked')} htmlFor={`${id}-locked`}>
        <Select
          id={`${id}-locked`}
          value={values.locked}
          onChange={(event) => onChange({ locked: event.target.value as CourseListFilterValues['locked'] })}
        >
          <option value="">{t('filters.all')}</option>
          <option value="true">{t('filters.lockedOnly')}</option>
          <option value="false">{t('filters.unlockedOnly')}</option>
        </Select>
      </FilterField>
      {organizations && (
        <FilterField
          label={t('filters.organization')}
          htmlFor={`${id}-organization`}
          className="sm:col-span-2 lg:col-span-1"
        >
          <Select
            id={`${id}-organization`}
            value={values.organizationId}
            onChange={(event) => onChange({ organizationId: event.target.value })}
          >
            <option value="">{t('filters.allOrganizations')}</option>
            {organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </Select>
        </FilterField>
      )}
      <FilterField label={t('filters.sort')} htmlFor={`${id}-sort`}>
        <Select
          id={`${id}-sort`}
          value={values.sort}
          onChange={(event) => onChange({ sort: event.target.value as SortOption })}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {t(`filters.sortOptions.${option}`)}
            </option>
          ))}
        </Select>
      </FilterField>
      <div className="flex items-center sm:col-span-2 lg:col-span-4">
        <Checkbox
          label={t('filters.archived')}
          checked={values.archived}
          onChange={(event) => onChange({ archived: event.target.checked })}
        />
      </div>
    </FilterBar>
  );
}
