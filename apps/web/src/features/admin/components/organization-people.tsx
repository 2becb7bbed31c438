import type { AdminOrganizationStudent, AdminOrganizationTrainer } from '@cursus/contracts';
import { GraduationCap, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useOrganizationStudents, useOrganizationTrainers } from '../api/get-organization';
import { type AdminFormat, useAdminFormat } from './format';
import { ADMIN_PAGE_SIZE, type ListState, SearchableTable } from './searchable-table';

const FIRST_PAGE: ListState = { search: '', page: 1 };

function When({ at, format, never }: { at: string | null; format: AdminFormat; never: string }) {
  if (!at) return <span className="text-muted-foreground">{never}</span>;
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {format.dateTime(at)}
    </time>
  );
}

/** The organisation's staff: role there, invitation state, formations, last sign-in. */
export function OrganizationTrainers({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const [state, setState] = useState(FIRST_PAGE);
  const trainers = useOrganizationTrainers(organizationId, {
    search: state.search || undefined,
    page: state.page,
    pageSize: ADMIN_PAGE_SIZE,
  });
  return (
    <SearchableTable<AdminOrganizationTrainer>
      query={trainers}
      state={state}
      onStateChange={setState}
      caption={t('trainers.caption')}
      searchLabel={t('trainers.search')}
      rowKey={(row) => row.id}
      summary={(total) => t('trainers.summary', { count: total, formatted: format.number(total) })}
      empty={{
        icon: UsersRound,
        title: t('trainers.emptyTitle'),
        description: t('trainers.emptyDescription'),
      }}
      errorTitle={t('trainers.error')}
      columns={[
        {
          key: 'name',
          header: t('people.columns.name'),
          cell: (row) => (
            <Link
              to={paths.admin.trainerDetails.getHref(row.id)}
              className="text-link underline-offset-4 hover:underline"
            >
              {row.fullName}
            </Link>
          ),
        },
        {
          key: 'email',
          header: t('people.columns.email'),
          cell: (row) => <span className="break-all">{row.email}</span>,
        },
        {
          key: 'role',
          header: t('trainers.columns.role'),
          cell: (row) => (
            <span className="flex flex-wrap gap-1">
              <Badge variant={row.organizationRole === 'manager' ? 'info' : 'neutral'}>
                {t(`trainers.roles.${row.organizationRole}`)}
              </Badge>
              {row.invitationPending && <Badge variant="warning">{t('trainers.invitationPending')}</Badge>}
            </span>
          ),
        },
        {
          key: 'courses',
          header: t('trainers.columns.courses'),
          cell: (row) => format.number(row.courseCount),
        },
        {
          key: 'lastSignIn',
          header: t('trainers.columns.lastSignIn'),
          cell: (row) => <When at={row.lastSignInAt} format={format} never={t('people.never')} />,
        },
      ]}
    />
  );
}

/** The organisation's learners: enrolments, average progress, last activity. */
export function OrganizationStudents({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const [state, setState] = useState(FIRST_PAGE);
  const students = useOrganizationStudents(organizationId, {
    search: state.search || undefined,
    page: state.page,
    pageSize: ADMIN_PAGE_SIZE,
  });
  return (
    <SearchableTable<AdminOrganizationStudent>
      query={students}
      state={state}
      onStateChange={setState}
      caption={t('students.caption')}
      searchLabel={t('students.search')}
      rowKey={(row) => row.id}
      summary={(total) => t('students.summary', { count: total, formatted: format.number(total) })}
      empty={{
        icon: GraduationCap,
        title: t('students.emptyTitle'),
        description: t('students.emptyDescription'),
      }}
      errorTitle={t('students.error')}
      columns={[
        {
          key: 'name',
          header: t('people.columns.name'),
          cell: (row) => (
            <Link
              to={paths.admin.studentDetails.getHref(row.id)}
              className="text-link underline-offset-4 hover:underline"
            >
              {row.fullName}
            </Link>
          ),
        },
        {
          key: 'email',
          header: t('people.columns.email'),
          cell: (row) => <span className="break-all">{row.email}</span>,
        },
        {
          key: 'enrolments',
          header: t('students.columns.enrolments'),
          cell: (row) => format.number(row.enrolmentCount),
        },
        {
          key: 'progress',
          header: t('students.columns.progress'),
          cell: (row) =>
            row.progress === null ? (
              <span className="text-muted-foreground">{t('students.noCourse')}</span>
            ) : (
              t('percent', { value: row.progress })
            ),
        },
        {
          key: 'lastActivity',
          header: t('students.columns.lastActivity'),
          cell: (row) => <When at={row.lastActivityAt} format={format} never={t('people.never')} />,
        },
        {
          key: 'joinedAt',
          header: t('students.columns.joinedAt'),
          cell: (row) => <span className="whitespace-nowrap">{format.date(row.joinedAt)}</span>,
        },
      ]}
    />
  );
}
