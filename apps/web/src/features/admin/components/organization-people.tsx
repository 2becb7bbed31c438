import type { AdminLearnerRow, AdminTrainerRow } from '@cursus/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { GraduationCap, type LucideIcon, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { EmailAddress } from '@/components/ui/email-address';
import { paths } from '@/config/paths';
import { useOrganizationStudents, useOrganizationTrainers } from '../api/get-organization';
import { type AdminFormat, useAdminFormat } from './format';
import { ADMIN_PAGE_SIZE, type Column, type ListState, SearchableTable } from './searchable-table';

const FIRST_PAGE: ListState = { search: '', page: 1 };

function When({ at, format, never }: { at: string | null; format: AdminFormat; never: string }) {
  if (!at) return <span className="text-muted-foreground">{never}</span>;
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {format.dateTime(at)}
    </time>
  );
}

interface Person {
  id: string;
  fullName: string;
  email: string;
}

/**
 * One of the organisation's people tabs: the platform's list of them (`/admin/trainers` or
 * `/admin/students`) filtered by organisation, searched and paged by the server; the name links to
 * the admin's record, the address follows, then the tab's own columns.
 */
function PeopleTable<Row extends Person>({
  kind,
  icon,
  organizationId,
  usePeople,
  getHref,
  columns,
}: {
  kind: 'trainers' | 'students';
  icon: LucideIcon;
  organizationId: string;
  usePeople: (query: {
    organizationId: string;
    search?: string;
    page: number;
    pageSize: number;
  }) => UseQueryResult<{ items: Row[]; total: number; page: number; pageSize: number }>;
  getHref: (id: string) => string;
  columns: Column<Row>[];
}) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const [state, setState] = useState(FIRST_PAGE);
  const people = usePeople({
    organizationId,
    search: state.search || undefined,
    page: state.page,
    pageSize: ADMIN_PAGE_SIZE,
  });
  return (
    <SearchableTable<Row>
      query={people}
      state={state}
      onStateChange={setState}
      caption={t(`${kind}.caption`)}
      searchLabel={t(`${kind}.search`)}
      rowKey={(row) => row.id}
      summary={(total) => t(`${kind}.summary`, { count: total, formatted: format.number(total) })}
      empty={{ icon, title: t(`${kind}.emptyTitle`), description: t(`${kind}.emptyDescription`) }}
      errorTitle={t(`${kind}.error`)}
      columns={[
        {
          key: 'name',
          header: t('people.columns.name'),
          cell: (row) => (
            <Link to={getHref(row.id)} className="text-link underline-offset-4 hover:underline">
              {row.fullName}
            </Link>
          ),
        },
        {
          key: 'email',
          header: t('people.columns.email'),
          cell: (row) => <EmailAddress address={row.email} />,
        },
        ...columns,
      ]}
    />
  );
}

/** The organisation's staff: role there, invitation state, formations, last sign-in. */
export function OrganizationTrainers({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  return (
    <PeopleTable<AdminTrainerRow>
      kind="trainers"
      icon={UsersRound}
      organizationId={organizationId}
      usePeople={useOrganizationTrainers}
      getHref={paths.admin.trainerDetails.getHref}
      columns={[
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
          cell: (row) => format.number(row.courses.length),
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

/** The organisation's learners: enrolments, average progress, last activity, arrival. */
export function OrganizationStudents({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  return (
    <PeopleTable<AdminLearnerRow>
      kind="students"
      icon={GraduationCap}
      organizationId={organizationId}
      usePeople={useOrganizationStudents}
      getHref={paths.admin.studentDetails.getHref}
      columns={[
        {
          key: 'enrolments',
          header: t('students.columns.enrolments'),
          cell: (row) => format.number(row.courses.length),
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
