import type { AdminOrganizationRow } from '@cursus/contracts';
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAdminOrganizations } from '../api/get-organizations';
import { useAdminFormat } from './format';
import { ADMIN_PAGE_SIZE, type ListState, SearchableTable } from './searchable-table';

function readState(search: URLSearchParams): ListState {
  const page = Number(search.get('page'));
  return { search: search.get('q') ?? '', page: Number.isInteger(page) && page > 0 ? page : 1 };
}

function writeState(state: ListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.search) search.set('q', state.search);
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/** Every organisation, by name, with its counts; the search and page live in the address. */
export function OrganizationList() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readState(searchParams);
  const organizations = useAdminOrganizations({
    search: state.search || undefined,
    page: state.page,
    pageSize: ADMIN_PAGE_SIZE,
  });
  return (
    <SearchableTable<AdminOrganizationRow>
      query={organizations}
      state={state}
      onStateChange={(next) => setSearchParams(writeState(next), { replace: true })}
      caption={t('organizations.caption')}
      searchLabel={t('organizations.search')}
      rowKey={(row) => row.id}
      summary={(total) => t('organizations.summary', { count: total, formatted: format.number(total) })}
      empty={{
        icon: Building2,
        title: t('organizations.emptyTitle'),
        description: t('organizations.emptyDescription'),
      }}
      errorTitle={t('organizations.error')}
      columns={[
        {
          key: 'name',
          header: t('organizations.columns.name'),
          cell: (row) => (
            <Link
              to={paths.admin.organization.getHref(row.id)}
              className="text-link underline-offset-4 hover:underline"
            >
              {row.name}
            </Link>
          ),
        },
        {
          key: 'createdAt',
          header: t('organizations.columns.createdAt'),
          cell: (row) => <span className="whitespace-nowrap">{format.date(row.createdAt)}</span>,
        },
        {
          key: 'trainers',
          header: t('organizations.columns.trainers'),
          cell: (row) => format.number(row.trainerCount),
        },
        {
          key: 'learners',
          header: t('organizations.columns.learners'),
          cell: (row) => format.number(row.learnerCount),
        },
        {
          key: 'formations',
          header: t('organizations.columns.formations'),
          cell: (row) =>
            t('organizations.formations', {
              published: format.counted('published', row.publishedCourseCount),
              draft: format.counted('drafts', row.draftCourseCount),
            }),
        },
        {
          key: 'enrolments',
          header: t('organizations.columns.enrolments'),
          cell: (row) => format.number(row.enrolmentCount),
        },
      ]}
    />
  );
}
