import {
  type AdminLearnerRow,
  LEARNER_STATUSES,
  type LearnerListQuery,
  type LearnerRow,
  type LearnerSort,
  type LearnerStatus,
  PROGRESS_BANDS,
  type ProgressBand,
} from '@cursus/contracts';
import { FileUp, GraduationCap, Settings, UserPlus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { ListStates } from '@/components/ui/list-states';
import { PagedTable } from '@/components/ui/paged-table';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { oneOf, pageFrom, useAddressFilters } from '@/hooks/use-address-filters';
import { useAdminLearners, useCourseOptions, useLearners } from '../api/learners';
import { ImportLearnersDialog } from './import-learners-dialog';
import { InviteLearnerDialog } from './invite-learner-dialog';
import { LearnerStatusBadge, useLearnerFormat } from './learner-labels';
import { LearnerSettingsDialog } from './learner-settings-dialog';

const PAGE_SIZE = 20;

const SORT_OPTIONS = [
  'name-asc',
  'name-desc',
  'email-asc',
  'progress-desc',
  'progress-asc',
  'weekTime-desc',
  'lastActivity-desc',
  'lastActivity-asc',
] as const;
type SortOption = (typeof SORT_OPTIONS)[number];

interface Filters {
  search: string;
  courseId: string;
  /** A platform admin's list only. */
  organizationId: string;
  status: LearnerStatus | '';
  progress: ProgressBand | '';
  sort: SortOption;
  page: number;
}

function readFilters(search: URLSearchParams): Filters {
  return {
    search: search.get('q') ?? '',
    courseId: search.get('course') ?? '',
    organizationId: search.get('org') ?? '',
    status: oneOf(LEARNER_STATUSES, search.get('status')),
    progress: oneOf(PROGRESS_BANDS, search.get('progress')),
    sort: oneOf(SORT_OPTIONS, search.get('sort')) || 'name-asc',
    page: pageFrom(search),
  };
}

/** The list's state lives in the address, so Back from a record returns to the same page and filters. */
function writeFilters(filters: Filters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.search.trim()) search.set('q', filters.search.trim());
  if (filters.courseId) search.set('course', filters.courseId);
  if (filters.organizationId) search.set('org', filters.organizationId);
  if (filters.status) search.set('status', filters.status);
  if (filters.progress) search.set('progress', filters.progress);
  if (filters.sort !== 'name-asc') search.set('sort', filters.sort);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

function toQuery(filters: Filters): LearnerListQuery {
  const [sort, order] = filters.sort.split('-') as [LearnerSort, 'asc' | 'desc'];
  return {
    page: filters.page,
    pageSize: PAGE_SIZE,
    search: filters.search.trim() || undefined,
    courseId: filters.courseId || undefined,
    status: filters.status || undefined,
    progress: filters.progress || undefined,
    sort,
    order,
  };
}

function CourseProgress({ courses }: { courses: LearnerRow['courses'] }) {
  const { t } = useTranslation('learners');
  if (courses.length === 0) return <span className="text-muted-foreground">{t('list.noCourse')}</span>;
  return (
    <ul className="flex min-w-48 flex-col gap-2">
      {courses.map((course) => (
        <li key={course.id} className="flex flex-col gap-1">
          <span className="flex justify-between gap-2 text-xs">
            <span className="truncate">{course.title}</span>
            <span className="tabular-nums text-muted-foreground">
              {t('percent', { value: course.progress })}
            </span>
          </span>
          <ProgressBar
            size="sm"
            value={course.progress}
            label={course.title}
            valueText={t('percent', { value: course.progress })}
          />
        </li>
      ))}
    </ul>
  );
}

type OpenDialog = 'invite' | 'import' | 'settings' | null;

const organizationOf = (learner: LearnerRow | AdminLearnerRow) =>
  'organization' in learner ? learner.organization : null;

/**
 * `/trainer/students`: the organisation's learners, searched, filtered, sorted and paged by the
 * server, with their formations, this week's time and their last activity. Given `organizations`,
 * it is a platform admin's `/admin/students`: every organisation's learners, filtered by
 * organisation, read only (invitations and imports belong to each organisation's space).
 */
export function LearnerList({
  getRecordHref,
  actions,
  organizations,
}: {
  getRecordHref: (studentId: string) => string;
  /** More actions beside invite and import, composed by the route. */
  actions?: ReactNode;
  /** The organisations to filter by: makes it the platform admin's list. */
  organizations?: readonly { id: string; name: string }[];
}) {
  const isPlatform = organizations !== undefined;
  const { t } = useTranslation('learners');
  const format = useLearnerFormat();
  const { filters, searchText, setSearchText, update, replace, reset } = useAddressFilters(
    readFilters,
    writeFilters,
  );
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const courses = useCourseOptions({ enabled: !isPlatform });
  const own = useLearners(toQuery(filters), { enabled: !isPlatform });
  const everyone = useAdminLearners(
    { ...toQuery(filters), courseId: undefined, organizationId: filters.organizationId || undefined },
    { enabled: isPlatform },
  );
  const learners = isPlatform ? everyone : own;
  const ids = {
    search: useId(),
    course: useId(),
    organization: useId(),
    status: useId(),
    progress: useId(),
    sort: useId(),
  };

  const hasFilters =
    filters.search !== '' ||
    filters.courseId !== '' ||
    filters.organizationId !== '' ||
    filters.status !== '' ||
    filters.progress !== '';
  // Each e-mail goes under its name: in a column of its own, at 1,280 px beside the sidebar, names
  // broke into two lines and addresses at their '@' (into three with the platform's organisations).
  const columns = isPlatform
    ? (['name', 'organization', 'courses', 'weekTime', 'lastActivity', 'status'] as const)
    : (['name', 'courses', 'weekTime', 'lastActivity', 'status'] as const);

  const renderBody = () => (
    <ListStates
      query={learners}
      loading={{ label: t('list.loading') }}
      error={{ title: t('list.error'), retryLabel: t('retry') }}
      isFiltered={hasFilters}
      noMatch={{
        title: t('list.noMatchTitle'),
        description: t('list.noMatchDescription'),
        resetLabel: t('list.reset'),
        onReset: () => reset(readFilters(new URLSearchParams())),
      }}
      empty={
        <EmptyState
          icon={GraduationCap}
          title={t('list.emptyTitle')}
          description={isPlatform ? t('list.adminEmptyDescription') : t('list.emptyDescription')}
          action={
            isPlatform ? undefined : (
              <Button onClick={() => setDialog('invite')}>
                <UserPlus aria-hidden="true" className="size-4" />
                {t('list.invite')}
              </Button>
            )
          }
        />
      }
    >
      {(list) => (
        <PagedTable
          query={list}
          caption={t('list.caption')}
          columns={columns.map((column) => ({ key: column, header: t(`list.columns.${column}`) }))}
          summary={t('list.summary', { count: list.data.total, formatted: format.number(list.data.total) })}
          pagesLabel={t('list.pages')}
          onPageChange={(page) => replace({ ...filters, page })}
        >
          {list.data.items.map((learner: LearnerRow | AdminLearnerRow) => (
            <tr key={learner.id} className="border-t border-border align-top">
              {/* Wide enough on a phone for a name and an address broken once, at its "@"; the table scrolls. */}
              <th scope="row" className="min-w-48 px-3 py-3 font-medium">
                <Link to={getRecordHref(learner.id)} className="text-link underline-offset-4 hover:underline">
                  {learner.fullName}
                </Link>
                <span className="block text-xs font-normal text-muted-foreground">
                  <EmailAddress address={learner.email} />
                </span>
              </th>
              {isPlatform && <td className="px-3 py-3">{organizationOf(learner)?.name}</td>}
              <td className="px-3 py-3">
                <CourseProgress courses={learner.courses} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap tabular-nums">
                {format.duration(learner.weekSeconds)}
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                {learner.lastActivityAt ? (
                  <time dateTime={learner.lastActivityAt} title={format.dateTime(learner.lastActivityAt)}>
                    {format.recent(learner.lastActivityAt)}
                  </time>
                ) : (
                  <span className="text-muted-foreground">{t('list.never')}</span>
                )}
              </td>
              <td className="px-3 py-3">
                <LearnerStatusBadge status={learner.status} />
              </td>
            </tr>
          ))}
        </PagedTable>
      )}
    </ListStates>
  );

  return (
    <div className="flex flex-col gap-6">
      {!isPlatform && (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setDialog('invite')}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('list.invite')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('import')}>
            <FileUp aria-hidden="true" className="size-4" />
            {t('list.import')}
          </Button>
          <Button variant="ghost" onClick={() => setDialog('settings')}>
            <Settings aria-hidden="true" className="size-4" />
            {t('list.settings')}
          </Button>
          {actions}
        </div>
      )}
      <FilterBar label={t('list.filters')} className="lg:grid-cols-3 2xl:grid-cols-[2fr_2fr_1fr_1fr_1.5fr]">
        <FilterField label={t('list.search')} htmlFor={ids.search}>
          <Input
            id={ids.search}
            type="search"
            value={searchText}
            maxLength={100}
            placeholder={t('list.searchPlaceholder')}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </FilterField>
        {isPlatform ? (
          <FilterField label={t('list.organization')} htmlFor={ids.organization}>
            <Select
              id={ids.organization}
              value={filters.organizationId}
              onChange={(event) => update({ organizationId: event.target.value })}
            >
              <option value="">{t('list.allOrganizations')}</option>
              {organizations.map((organization) => (
                <option key={organization.id} value={organization.id}>
                  {organization.name}
                </option>
              ))}
            </Select>
          </FilterField>
        ) : (
          <FilterField label={t('list.course')} htmlFor={ids.course}>
            <Select
              id={ids.course}
              value={filters.courseId}
              onChange={(event) => update({ courseId: event.target.value })}
            >
              <option value="">{t('list.allCourses')}</option>
              {(courses.data?.items ?? []).map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          </FilterField>
        )}
        <FilterField label={t('list.status')} htmlFor={ids.status}>
          <Select
            id={ids.status}
            value={filters.status}
            onChange={(event) => update({ status: event.target.value as LearnerStatus | '' })}
          >
            <option value="">{t('list.allStatuses')}</option>
            {LEARNER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('list.progress')} htmlFor={ids.progress}>
          <Select
            id={ids.progress}
            value={filters.progress}
            onChange={(event) => update({ progress: event.target.value as ProgressBand | '' })}
          >
            <option value="">{t('list.allProgress')}</option>
            {PROGRESS_BANDS.map((band) => (
              <option key={band} value={band}>
                {t(`progressBand.${band}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('list.sort')} htmlFor={ids.sort}>
          <Select
            id={ids.sort}
            value={filters.sort}
            onChange={(event) => update({ sort: event.target.value as SortOption })}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`sortOption.${option}`)}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      {renderBody()}
      {dialog === 'invite' && (
        <InviteLearnerDialog courses={courses.data?.items ?? []} onClose={() => setDialog(null)} />
      )}
      {dialog === 'import' && (
        <ImportLearnersDialog courses={courses.data?.items ?? []} onClose={() => setDialog(null)} />
      )}
      {dialog === 'settings' && <LearnerSettingsDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
