import {
  ADMIN_COURSE_STATUSES,
  type AdminCourseStatus,
  type AdminOrganizationCourse,
} from '@cursus/contracts';
import { BookOpen, BookPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useSettledSearch } from '@/hooks/use-settled-search';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useAssignCourse, useCatalogue } from '../api/assign-course';
import { useOrganizationCourses } from '../api/get-organization';
import { useAdminFormat } from './format';
import { ADMIN_PAGE_SIZE, type ListState, SearchableTable } from './searchable-table';

const CATALOGUE_PAGE_SIZE = 10;

function StatusBadge({ status }: { status: AdminCourseStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Badge variant={status === 'published' ? 'success' : 'neutral'}>{t(`courses.status.${status}`)}</Badge>
  );
}

/**
 * Picks a formation of the catalogue (every organisation's) and whether the copy is published or a
 * draft; the copy becomes the organisation's own formation.
 */
function AssignCourseDialog({
  organizationId,
  organizationName,
  onClose,
}: {
  organizationId: string;
  organizationName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const ids = { search: useId(), status: useId(), form: useId() };
  const [searchText, setSearchText] = useState('');
  const [state, setState] = useState<ListState>({ search: '', page: 1 });
  const [courseId, setCourseId] = useState<string | null>(null);
  const [status, setStatus] = useState<AdminCourseStatus>('draft');
  const [error, setError] = useState<string | null>(null);
  const catalogue = useCatalogue({
    search: state.search || undefined,
    page: state.page,
    pageSize: CATALOGUE_PAGE_SIZE,
  });
  const assign = useAssignCourse(organizationId);
  useSettledSearch(searchText, state.search, (search) => setState({ search: search.trim(), page: 1 }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!courseId) {
      setError(t('assign.pick'));
      return;
    }
    setError(null);
    assign.mutate(
      { courseId, status },
      {
        onSuccess: (assigned) => {
          notify.success(
            t('assign.done', {
              title: assigned.title,
              organization: organizationName,
              status: t(`courses.status.${assigned.status}`),
            }),
          );
          onClose();
        },
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };

  const renderCatalogue = () => {
    if (catalogue.isPending) return <Spinner label={t('loading')} />;
    if (catalogue.isError) return <Alert variant="error">{getErrorMessage(catalogue.error)}</Alert>;
    if (catalogue.data.total === 0)
      return <p className="text-sm text-muted-foreground">{t('assign.none')}</p>;
    return (
      <>
        <div className="flex flex-col gap-2">
          {catalogue.data.items.map((course) => (
            <label
              key={course.id}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-checked:border-primary"
            >
              <input
                type="radio"
                name="courseId"
                value={course.id}
                checked={courseId === course.id}
                onChange={() => setCourseId(course.id)}
                className="mt-1"
              />
              <span className="flex flex-col gap-1">
                <span className="font-medium text-foreground">{course.title}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <StatusBadge status={course.status} />
                  {t('assign.source', {
                    organization: course.organizationName,
                    modules: format.counted('modules', course.moduleCount),
                    lessons: format.counted('lessons', course.lessonCount),
                  })}
                </span>
              </span>
            </label>
          ))}
        </div>
        <Pagination
          page={catalogue.data.page}
          pageSize={catalogue.data.pageSize}
          total={catalogue.data.total}
          label={t('assign.pages')}
          onPageChange={(page) => setState({ ...state, page })}
        />
      </>
    );
  };

  return (
    <Dialog
      title={t('assign.title')}
      description={t('assign.description', { organization: organizationName })}
      closeLabel={t('close')}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={ids.form} isLoading={assign.isPending}>
            {t('assign.submit')}
          </Button>
        </>
      }
    >
      <form id={ids.form} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error && <Alert variant="error">{error}</Alert>}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.search}>{t('assign.search')}</Label>
          <Input
            id={ids.search}
            type="search"
            value={searchText}
            maxLength={100}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <fieldset className="flex flex-col gap-2" aria-busy={catalogue.isFetching || undefined}>
          <legend className="mb-1 text-sm font-semibold text-foreground">{t('assign.catalogue')}</legend>
          {renderCatalogue()}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-foreground">{t('assign.statusLegend')}</legend>
          {ADMIN_COURSE_STATUSES.map((option) => (
            <label key={option} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="status"
                value={option}
                checked={status === option}
                onChange={() => setStatus(option)}
                className="mt-1"
              />
              <span>
                <span className="font-medium text-foreground">{t(`courses.status.${option}`)}</span>
                <span className="block text-xs text-muted-foreground">
                  {t(`assign.statusHelp.${option}`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
}

/** The formations tab: the organisation's formations, and assigning one from the catalogue. */
export function OrganizationCourses({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName: string;
}) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const [state, setState] = useState<ListState>({ search: '', page: 1 });
  const [isAssigning, setIsAssigning] = useState(false);
  const courses = useOrganizationCourses(organizationId, {
    search: state.search || undefined,
    page: state.page,
    pageSize: ADMIN_PAGE_SIZE,
  });
  const assignButton = (
    <Button onClick={() => setIsAssigning(true)}>
      <BookPlus aria-hidden="true" className="size-4" />
      {t('assign.open')}
    </Button>
  );
  return (
    <div className="flex flex-col gap-4">
      <div>{assignButton}</div>
      <SearchableTable<AdminOrganizationCourse>
        query={courses}
        state={state}
        onStateChange={setState}
        caption={t('courses.caption')}
        searchLabel={t('courses.search')}
        rowKey={(row) => row.id}
        summary={(total) => t('courses.summary', { count: total, formatted: format.number(total) })}
        empty={{ icon: BookOpen, title: t('courses.emptyTitle'), description: t('courses.emptyDescription') }}
        errorTitle={t('courses.error')}
        columns={[
          { key: 'title', header: t('courses.columns.title'), cell: (row) => row.title },
          {
            key: 'status',
            header: t('courses.columns.status'),
            cell: (row) => <StatusBadge status={row.status} />,
          },
          {
            key: 'content',
            header: t('courses.columns.content'),
            cell: (row) =>
              t('courses.content', {
                modules: format.counted('modules', row.moduleCount),
                lessons: format.counted('lessons', row.lessonCount),
              }),
          },
          {
            key: 'enrolments',
            header: t('courses.columns.enrolments'),
            cell: (row) => format.number(row.enrolmentCount),
          },
          {
            key: 'updatedAt',
            header: t('courses.columns.updatedAt'),
            cell: (row) => <span className="whitespace-nowrap">{format.date(row.updatedAt)}</span>,
          },
        ]}
      />
      {isAssigning && (
        <AssignCourseDialog
          organizationId={organizationId}
          organizationName={organizationName}
          onClose={() => setIsAssigning(false)}
        />
      )}
    </div>
  );
}
