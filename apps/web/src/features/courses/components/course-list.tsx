import { type CourseListItem, type CourseListQuery, DEFAULT_PAGE_SIZE } from '@cursus/contracts';
import { BookOpen, PlusCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { PagedList } from '@/components/ui/paged-list';
import { useCourses } from '../api/get-courses';
import { useDebouncedValue } from '../lib/use-debounced-value';
import {
  CourseListFilters,
  type CourseListFilterValues,
  type OrganizationOption,
  SORT_OPTIONS,
  type SortOption,
} from './course-list-filters';
import { CourseRow } from './course-row';
import { DeleteCourseDialog } from './delete-course-dialog';
import { ListSkeleton } from './list-skeleton';

export interface CourseListProps {
  /** The admin list: every organisation's formations, with their organisation's name (SPEC 6). */
  isAdmin?: boolean;
  /** Admins may narrow the list to one organisation. */
  organizations?: OrganizationOption[];
  /** Where a new formation is created: the empty list invites there. */
  createHref?: string;
  getEditHref: (courseId: string) => string;
}

function readFilters(search: URLSearchParams): CourseListFilterValues & { page: number } {
  const status = search.get('status');
  const locked = search.get('locked');
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  return {
    search: search.get('q') ?? '',
    status: status === 'published' || status === 'draft' ? status : '',
    locked: locked === 'true' || locked === 'false' ? locked : '',
    archived: search.get('archived') === 'true',
    sort: SORT_OPTIONS.includes(sort as SortOption) ? (sort as SortOption) : 'createdAt-desc',
    organizationId: search.get('org') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The list's state lives in the address, so Back from an editor returns to the same page and filters. */
function writeFilters(values: CourseListFilterValues & { page: number }): URLSearchParams {
  const search = new URLSearchParams();
  if (values.search.trim()) search.set('q', values.search.trim());
  if (values.status) search.set('status', values.status);
  if (values.locked) search.set('locked', values.locked);
  if (values.archived) search.set('archived', 'true');
  if (values.sort !== 'createdAt-desc') search.set('sort', values.sort);
  if (values.organizationId) search.set('org', values.organizationId);
  if (values.page > 1) search.set('page', String(values.page));
  return search;
}

function toQuery(values: CourseListFilterValues & { page: number }): CourseListQuery {
  const [sortBy, order] = values.sort.split('-') as [CourseListQuery['sortBy'], CourseListQuery['order']];
  return {
    page: values.page,
    pageSize: DEFAULT_PAGE_SIZE,
    search: values.search.trim() || undefined,
    status: values.status || undefined,
    locked: values.locked || undefined,
    archived: values.archived ? 'true' : undefined,
    organizationId: values.organizationId || undefined,
    sortBy,
    order,
  };
}

/**
 * `/trainer/courses` and `/admin/courses`: search (debounced), status, lock and archive filters,
 * sorting and server-side pagination, with each formation's actions.
 */
export function CourseList({ isAdmin = false, organizations, createHref, getEditHref }: CourseListProps) {
  const { t } = useTranslation('courses');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(searchText);
  const [courseToDelete, setCourseToDelete] = useState<CourseListItem | null>(null);

  const update = (changes: Partial<CourseListFilterValues & { page: number }>) => {
    // Any new filter starts again from the first page.
    setSearchParams(writeFilters({ ...filters, page: 1, ...changes }), { replace: true });
  };

  // The search box writes to the address once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text triggers this.
  useEffect(() => {
    if (debouncedSearch.trim() !== filters.search.trim()) update({ search: debouncedSearch });
  }, [debouncedSearch]);

  const query = toQuery(filters);
  const courses = useCourses(query);
  const hasFilters =
    filters.search !== '' ||
    filters.status !== '' ||
    filters.locked !== '' ||
    filters.archived ||
    filters.organizationId !== '';

  const resetFilters = () => {
    setSearchText('');
    setSearchParams(new URLSearchParams(), { replace: true });
  };

  const createAction = createHref ? (
    <Link to={createHref} className={buttonClassName('primary')}>
      <PlusCircle aria-hidden="true" className="size-4" />
      {t('list.create')}
    </Link>
  ) : null;

  const renderBody = () => {
    if (courses.isPending) return <ListSkeleton />;
    if (courses.isError)
      return (
        <LoadErrorAlert
          error={courses.error}
          title={t('list.errorTitle')}
          retryLabel={t('actions.retry')}
          onRetry={() => courses.refetch()}
        />
      );
    const { items, total, emptyReason } = courses.data;
    if (items.length === 0) {
      if (emptyReason === 'EMPTY_COURSES' && !hasFilters)
        return (
          <EmptyState
            icon={BookOpen}
            title={isAdmin ? t('list.emptyAdminTitle') : t('list.emptyTitle')}
            description={isAdmin ? t('list.emptyAdminDescription') : t('list.emptyDescription')}
            action={createAction}
          />
        );
      return (
        <NoMatchState
          title={t('list.noMatchTitle')}
          description={t('list.noMatchDescription')}
          resetLabel={t('list.resetFilters')}
          onReset={resetFilters}
        />
      );
    }
    return (
      <PagedList
        query={courses}
        label={t('list.label')}
        summary={
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('list.total', { count: total })}
          </p>
        }
        pagesLabel={t('pagination.label')}
        onPageChange={(next) => update({ page: next })}
      >
        {items.map((course) => (
          <CourseRow
            key={course.id}
            course={course}
            editHref={getEditHref(course.id)}
            showOrganization={isAdmin}
            onDelete={setCourseToDelete}
          />
        ))}
      </PagedList>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <CourseListFilters
        values={{ ...filters, search: searchText }}
        onSearchChange={setSearchText}
        onChange={update}
        organizations={isAdmin ? organizations : undefined}
      />
      {hasFilters && (
        <div>
          <Button variant="link" onClick={resetFilters}>
            {t('list.resetFilters')}
          </Button>
        </div>
      )}
      {renderBody()}
      {courseToDelete && (
        <DeleteCourseDialog course={courseToDelete} onClose={() => setCourseToDelete(null)} />
      )}
    </div>
  );
}
