import type { AdminTrainerRow, TrainerSummary } from '@cursus/contracts';
import { Building2, CalendarClock, FileCheck2, FileX2, GraduationCap, UserPlus, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { paths } from '@/config/paths';
import { useAdminTrainers, useTrainers } from '../api/trainers';
import { InviteTrainerDialog } from './invite-trainer-dialog';
import { InvitationBadge, RoleBadges, useFormatDate } from './trainer-labels';

/** Formations named on a line before the rest is counted. */
const COURSES_SHOWN = 3;

function TrainerRow({
  trainer,
  getRecordHref,
}: {
  trainer: TrainerSummary | AdminTrainerRow;
  getRecordHref: (trainerId: string) => string;
}) {
  const { t } = useTranslation('trainers');
  const formatDate = useFormatDate('dateTime');
  const shown = trainer.courses.slice(0, COURSES_SHOWN);
  const more = trainer.courses.length - shown.length;
  return (
    <Card as="li" padding="p-4" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h2 className="text-base font-semibold text-foreground">
            <Link to={getRecordHref(trainer.id)} className="underline-offset-2 hover:underline">
              {trainer.fullName}
            </Link>
          </h2>
          <p className="truncate text-sm text-muted-foreground">{trainer.email}</p>
          {'organization' in trainer && (
            <p className="flex items-center gap-1.5 text-sm text-foreground">
              <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="sr-only">{t('list.organization')}</span>
              {trainer.organization.name}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <RoleBadges role={trainer.organizationRole} platformAdmin={trainer.platformAdmin} />
          {trainer.invitationPending && <InvitationBadge />}
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div className="flex items-start gap-2">
          <dt>
            <GraduationCap aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span className="sr-only">{t('list.courses')}</span>
          </dt>
          <dd className="text-foreground">
            {trainer.courses.length === 0
              ? t('list.noCourses')
              : shown.map((course) => course.title).join(', ') +
                (more > 0 ? t('list.moreCourses', { count: more }) : '')}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span className="sr-only">{t('list.sessions')}</span>
          </dt>
          <dd className="text-foreground">
            {trainer.nextSessionAt
              ? t('list.upcomingSessions', {
                  count: trainer.upcomingSessionCount,
                  date: formatDate(trainer.nextSessionAt),
                })
              : t('list.noSessions')}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            {trainer.hasCv ? (
              <FileCheck2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-foreground" />
            ) : (
              <FileX2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning-foreground" />
            )}
            <span className="sr-only">{t('list.documents')}</span>
          </dt>
          <dd className="text-foreground">
            {trainer.hasCv ? t('list.cvOnFile') : t('list.cvMissing')} ·{' '}
            {t('list.diplomas', { count: trainer.diplomaCount })}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/**
 * /trainer/trainers: the organisation's team, searchable and paged; managers invite from here.
 * Given `organizations`, it is a platform admin's `/admin/trainers`: every organisation's staff,
 * filtered by organisation, read only.
 */
export function TrainerList({
  organizations,
  getRecordHref = paths.trainer.trainerDetails.getHref,
}: {
  /** The organisations to filter by: makes it the platform admin's list. */
  organizations?: readonly { id: string; name: string }[];
  getRecordHref?: (trainerId: string) => string;
} = {}) {
  const { t } = useTranslation('trainers');
  const isPlatform = organizations !== undefined;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [isInviting, setIsInviting] = useState(false);
  const query = { page, pageSize: 10, search: search || undefined };
  const team = useTrainers(query, { enabled: !isPlatform });
  const everyone = useAdminTrainers(
    { ...query, organizationId: organizationId || undefined },
    { enabled: isPlatform },
  );
  const trainers = isPlatform ? everyone : team;
  const searchId = useId();
  const organizationFieldId = useId();
  const canManage = (!isPlatform && team.data?.viewer.canManage) ?? false;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <FilterBar
          label={t('list.filters')}
          className={isPlatform ? 'min-w-0 flex-1 sm:grid-cols-2' : 'min-w-0 flex-1 sm:grid-cols-1'}
        >
          <FilterField label={t('list.search')} htmlFor={searchId}>
            <Input
              id={searchId}
              type="search"
              value={search}
              maxLength={100}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </FilterField>
          {isPlatform && (
            <FilterField label={t('list.organization')} htmlFor={organizationFieldId}>
              <Select
                id={organizationFieldId}
                value={organizationId}
                onChange={(event) => {
                  setOrganizationId(event.target.value);
                  setPage(1);
                }}
              >
                <option value="">{t('list.allOrganizations')}</option>
                {organizations.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </Select>
            </FilterField>
          )}
        </FilterBar>
        {canManage && (
          <Button onClick={() => setIsInviting(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('invite.action')}
          </Button>
        )}
      </div>
      {trainers.isPending && <SkeletonCards label={t('list.loading')} count={2} bars={['w-1/3', 'w-2/3']} />}
      {trainers.isError && (
        <LoadErrorAlert
          error={trainers.error}
          title={t('list.error')}
          retryLabel={t('retry')}
          onRetry={() => trainers.refetch()}
        />
      )}
      {trainers.data?.total === 0 &&
        (search || organizationId ? (
          <NoMatchState
            title={t('list.noMatchTitle')}
            description={t('list.noMatchDescription')}
            resetLabel={t('list.clearSearch')}
            onReset={() => {
              setSearch('');
              setOrganizationId('');
              setPage(1);
            }}
          />
        ) : (
          <EmptyState icon={Users} title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
        ))}
      {trainers.data && trainers.data.total > 0 && (
        <PagedList
          query={trainers}
          label={t('list.label')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('list.summary', { count: trainers.data.total })}
            </p>
          }
          pagesLabel={t('list.pages')}
          onPageChange={setPage}
        >
          {trainers.data.items.map((trainer) => (
            <TrainerRow key={trainer.id} trainer={trainer} getRecordHref={getRecordHref} />
          ))}
        </PagedList>
      )}
      {isInviting && <InviteTrainerDialog onClose={() => setIsInviting(false)} />}
    </div>
  );
}
