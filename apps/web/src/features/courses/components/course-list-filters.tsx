import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some supported browsers and to the test DOM.
    <div
      role="search"
      aria-label={t('filters.label')}
      className="grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]"
    >
      <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor={`${id}-search`}>{t('filters.search')}</Label>
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
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-status`}>{t('filters.status')}</Label>
        <Select
          id={`${id}-status`}
          value={values.status}
          onChange={(event) => onChange({ status: event.target.value as CourseListFilterValues['status'] })}
        >
          <option value="">{t('filters.all')}</option>
          <option value="published">{t('status.published')}</option>
          <option value="draft">{t('status.draft')}</option>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-locked`}>{t('filters.locked')}</Label>
        <Select
          id={`${id}-locked`}
          value={values.locked}
          onChange={(event) => onChange({ locked: event.target.value as CourseListFilterValues['locked'] })}
        >
          <option value="">{t('filters.all')}</option>
          <option value="true">{t('filters.lockedOnly')}</option>
          <option value="false">{t('filters.unlockedOnly')}</option>
        </Select>
      </div>
      {organizations && (
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
          <Label htmlFor={`${id}-organization`}>{t('filters.organization')}</Label>
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
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-sort`}>{t('filters.sort')}</Label>
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
      </div>
      <div className="flex items-center sm:col-span-2 lg:col-span-4">
        <Checkbox
          label={t('filters.archived')}
          checked={values.archived}
          onChange={(event) => onChange({ archived: event.target.checked })}
        />
      </div>
    </div>
  );
}
