import {
  ORGANIZATION_ROLES,
  type OrganizationRole,
  TRAINER_BIO_MAX,
  type TrainerDetail,
  type TrainerSession,
  UpdateTrainerProfileInputSchema,
} from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  useCourseOptions,
  useResendInvitation,
  useTrainer,
  useUpdateTrainerCourses,
  useUpdateTrainerProfile,
  useUpdateTrainerRole,
} from '../api/trainers';
import { TrainerDocuments } from './trainer-documents';
import { InvitationBadge, RoleBadges, useFormatDate } from './trainer-labels';

function RoleControl({ trainer }: { trainer: TrainerDetail }) {
  const { t } = useTranslation('trainers');
  const update = useUpdateTrainerRole(trainer.id);
  const [role, setRole] = useState<OrganizationRole>(trainer.organizationRole);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        update.mutate(role, {
          onSuccess: () => notify.success(t('record.roleSaved')),
          onError: (updateError) => setError(getErrorMessage(updateError)),
        });
      }}
    >
      <Field label={t('record.role')} description={t(`roleHelp.${role}`)} error={error ?? undefined}>
        {(control) => (
          <Select
            {...control}
            value={role}
            onChange={(event) => setRole(event.target.value as OrganizationRole)}
          >
            {ORGANIZATION_ROLES.map((option) => (
              <option key={option} value={option}>
                {t(`role.${option}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button
        type="submit"
        variant="secondary"
        isLoading={update.isPending}
        disabled={role === trainer.organizationRole}
      >
        {t('record.saveRole')}
      </Button>
    </form>
  );
}

function ProfileSection({ trainer }: { trainer: TrainerDetail }) {
  const { t } = useTranslation('trainers');
  const update = useUpdateTrainerProfile(trainer.id);
  const [bio, setBio] = useState(trainer.bio);
  const [specialities, setSpecialities] = useState(trainer.specialities.join(', '));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateTrainerProfileInputSchema.safeParse({
      bio,
      specialities: specialities
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setError(t('record.invalidProfile'));
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => notify.success(t('record.profileSaved')),
      onError: (updateError) => setError(getErrorMessage(updateError)),
    });
  };

  if (!trainer.canEdit)
    return (
      <div className="flex flex-col gap-2">
        <p className="whitespace-pre-line text-sm text-foreground">{trainer.bio || t('record.noBio')}</p>
        <SpecialityList specialities={trainer.specialities} />
      </div>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error && <Alert variant="error">{error}</Alert>}
      <Field label={t('record.bio')} description={t('record.bioHelp', { max: TRAINER_BIO_MAX })}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={bio}
            maxLength={TRAINER_BIO_MAX}
            onChange={(event) => setBio(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('record.specialities')} description={t('record.specialitiesHelp')}>
        {(control) => (
          <Input
            {...control}
            value={specialities}
            onChange={(event) => setSpecialities(event.target.value)}
          />
        )}
      </Field>
      <div>
        <Button type="submit" isLoading={update.isPending}>
          {t('record.saveProfile')}
        </Button>
      </div>
    </form>
  );
}

function SpecialityList({ specialities }: { specialities: string[] }) {
  const { t } = useTranslation('trainers');
  if (specialities.length === 0) return null;
  return (
    <ul aria-label={t('record.specialities')} className="flex flex-wrap gap-2">
      {specialities.map((speciality) => (
        <li key={speciality}>
          <Badge>{speciality}</Badge>
        </li>
      ))}
    </ul>
  );
}

function CoursesSection({ trainer }: { trainer: TrainerDetail }) {
  const { t } = useTranslation('trainers');
  const [isEditing, setIsEditing] = useState(false);
  const options = useCourseOptions(isEditing);
  const update = useUpdateTrainerCourses(trainer.id);
  const [selected, setSelected] = useState<Set<string>>(
    () => new Set(trainer.courses.filter((course) => course.isAssigned).map((course) => course.id)),
  );
  return (
    <Card as="section" aria-labelledby="trainer-courses-title">
      <CardTitle id="trainer-courses-title">{t('record.courses')}</CardTitle>
      {trainer.courses.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('record.noCourses')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {trainer.courses.map((course) => (
            <li key={course.id} className="flex flex-wrap items-center gap-2 text-sm">
              <Link to={paths.trainer.formation.getHref(course.id)} className="text-primary underline">
                {course.title}
              </Link>
              <Badge variant={course.status === 'published' ? 'success' : 'neutral'}>
                {t(`record.courseStatus.${course.status}`)}
              </Badge>
              {course.isOwner && <Badge>{t('record.owner')}</Badge>}
              {course.isAssigned && <Badge variant="info">{t('record.assigned')}</Badge>}
            </li>
          ))}
        </ul>
      )}
      {trainer.canManage && !isEditing && (
        <Button className="mt-4" variant="secondary" size="sm" onClick={() => setIsEditing(true)}>
          {t('record.assign')}
        </Button>
      )}
      {isEditing && (
        <fieldset className="mt-4 flex flex-col gap-2">
          <legend className="text-sm font-semibold text-foreground">{t('record.assignLegend')}</legend>
          {options.isPending && <p className="text-sm text-muted-foreground">{t('list.loading')}</p>}
          {(options.data?.items ?? []).map((course) => (
            <Checkbox
              key={course.id}
              label={course.title}
              checked={selected.has(course.id)}
              onChange={(event) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (event.target.checked) next.add(course.id);
                  else next.delete(course.id);
                  return next;
                })
              }
            />
          ))}
          <div className="mt-2 flex gap-3">
            <Button
              size="sm"
              isLoading={update.isPending}
              onClick={() =>
                update.mutate([...selected], {
                  onSuccess: () => {
                    notify.success(t('record.assignSaved'));
                    setIsEditing(false);
                  },
                  onError: (error) => notify.error(getErrorMessage(error)),
                })
              }
            >
              {t('record.saveAssign')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setIsEditing(false)}>
              {t('record.cancel')}
            </Button>
          </div>
        </fieldset>
      )}
    </Card>
  );
}

function SessionList({
  title,
  sessions,
  empty,
}: {
  title: string;
  sessions: TrainerSession[];
  empty: string;
}) {
  const formatDate = useFormatDate('dateTime');
  const { t } = useTranslation('trainers');
  return (
    <div>
      <h3 className="text-sm font-semibold text-foreground">{title}</h3>
      {sessions.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {sessions.map((session) => (
            <li key={session.id}>
              <span className="font-medium text-foreground">{session.title}</span>{' '}
              <span className="text-muted-foreground">
                {t('record.sessionWhen', {
                  date: formatDate(session.meetingDate),
                  minutes: session.durationMinutes,
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /trainer/{trainerId}: who the trainer is, what they run, and their CV and diplomas. With
 * `platform`, a platform admin's read of any organisation's trainer (`/admin/trainer/{trainerId}`),
 * read only and naming the organisation.
 */
export function TrainerRecord({ trainerId, platform = false }: { trainerId: string; platform?: boolean }) {
  const { t } = useTranslation('trainers');
  const trainer = useTrainer(trainerId, { platform });
  const resend = useResendInvitation();
  if (trainer.isPending)
    return <SkeletonCards label={t('record.loading')} count={3} bars={['w-1/3', 'w-2/3']} />;
  if (trainer.isError)
    return (
      <LoadErrorAlert
        error={trainer.error}
        title={t('record.error')}
        retryLabel={t('retry')}
        onRetry={() => trainer.refetch()}
      />
    );
  const record = trainer.data;
  return (
    <div className="flex flex-col gap-6">
      <Link
        to={platform ? paths.admin.trainers.getHref() : paths.trainer.trainers.getHref()}
        className="text-sm text-primary underline"
      >
        {platform ? t('record.adminBack') : t('record.back')}
      </Link>
      <Card as="section" aria-labelledby="trainer-identity-title">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="trainer-identity-title" className="text-xl font-semibold text-foreground">
              {record.fullName}
            </h2>
            <p className="text-sm text-muted-foreground">{record.email}</p>
            {'organization' in record && (
              <p className="text-sm text-foreground">
                {t('record.organization', { name: record.organization.name })}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <RoleBadges role={record.organizationRole} platformAdmin={record.platformAdmin} />
            {record.invitationPending && <InvitationBadge />}
          </div>
        </div>
        {record.invitationPending && record.canManage && (
          <div className="mt-4">
            <Alert
              variant="info"
              action={
                <Button
                  size="sm"
                  variant="secondary"
                  isLoading={resend.isPending}
                  onClick={() =>
                    resend.mutate(record.id, {
                      onSuccess: () => notify.success(t('invitation.resent', { email: record.email })),
                      onError: (error) => notify.error(getErrorMessage(error)),
                    })
                  }
                >
                  {t('invitation.resend')}
                </Button>
              }
            >
              {t('invitation.waiting')}
            </Alert>
          </div>
        )}
        {record.canManage && (
          <div className="mt-4">
            <RoleControl key={record.organizationRole} trainer={record} />
          </div>
        )}
        <div className="mt-4">
          <ProfileSection key={`${record.bio}|${record.specialities.join(',')}`} trainer={record} />
        </div>
      </Card>
      <CoursesSection key={record.courses.map((course) => course.id).join(',')} trainer={record} />
      <Card as="section" aria-labelledby="trainer-sessions-title">
        <CardTitle id="trainer-sessions-title">{t('record.sessions')}</CardTitle>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <SessionList
            title={t('record.upcoming')}
            sessions={record.upcomingSessions}
            empty={t('record.noUpcoming')}
          />
          <SessionList title={t('record.past')} sessions={record.pastSessions} empty={t('record.noPast')} />
        </div>
      </Card>
      <TrainerDocuments trainerId={record.id} documents={record.documents} canEdit={record.canEdit} />
    </div>
  );
}
