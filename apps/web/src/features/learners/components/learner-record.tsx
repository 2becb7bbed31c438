import type { LearnerRecord as LearnerRecordData } from '@cursus/contracts';
import { UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmailAddress } from '@/components/ui/email-address';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { isApiError } from '@/lib/api-client';
import { useLearner } from '../api/learners';
import { AdministrativeForm } from './administrative-form';
import { LearnerStatusBadge, useLearnerFormat } from './learner-labels';

function Section({
  id,
  title,
  isEmpty,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id}>
      <CardTitle id={id}>{title}</CardTitle>
      <div className="mt-4">
        {isEmpty ? <p className="text-sm text-muted-foreground">{emptyText}</p> : children}
      </div>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

/** The administrative info as the platform's admins read it: the organisation's staff keep it up to date. */
function AdministrativeFacts({ record }: { record: LearnerRecordData }) {
  const { t } = useTranslation('learners');
  const format = useLearnerFormat();
  const info = record.administrative;
  const none = t('record.none');
  return (
    <Card as="section" aria-labelledby="learner-administrative-title">
      <CardTitle id="learner-administrative-title">{t('admin.title')}</CardTitle>
      <CardDescription className="mt-1">{t('admin.readOnly')}</CardDescription>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t('admin.fields.address')}>{info.address ?? none}</Fact>
        <Fact label={t('admin.fields.postalCode')}>{info.postalCode ?? none}</Fact>
        <Fact label={t('admin.fields.city')}>{info.city ?? none}</Fact>
        <Fact label={t('admin.fields.country')}>{info.country ?? none}</Fact>
        <Fact label={t('admin.fields.birthDate')}>{info.birthDate ? format.date(info.birthDate) : none}</Fact>
        <Fact label={t('admin.fields.birthPlace')}>{info.birthPlace ?? none}</Fact>
        <Fact label={t('admin.fields.professionalStatus')}>
          {info.professionalStatus ? t(`professionalStatus.${info.professionalStatus}`) : none}
        </Fact>
        <Fact label={t('admin.fields.employer')}>{info.employer ?? none}</Fact>
        {record.collectsSocialSecurityNumber && (
          <Fact label={t('admin.fields.socialSecurityNumber')}>
            {info.socialSecurityNumberMasked ?? none}
          </Fact>
        )}
      </dl>
    </Card>
  );
}

function Identity({ record }: { record: LearnerRecordData }) {
  const { t } = useTranslation('learners');
  const format = useLearnerFormat();
  const { identity, time } = record;
  return (
    <Card as="section" aria-labelledby="learner-identity-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CardTitle id="learner-identity-title">{identity.fullName}</CardTitle>
        <LearnerStatusBadge status={identity.status} />
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t('record.email')}>
          <EmailAddress address={identity.email} />{' '}
          {!identity.emailVerified && <Badge variant="warning">{t('record.emailUnverified')}</Badge>}
        </Fact>
        <Fact label={t('record.phone')}>{identity.phone ?? t('record.none')}</Fact>
        <Fact label={t('record.language')}>{t(`language.${identity.language}`)}</Fact>
        <Fact label={t('record.createdAt')}>{format.date(identity.createdAt)}</Fact>
        <Fact label={t('record.lastActivity')}>
          {identity.lastActivityAt ? (
            <time dateTime={identity.lastActivityAt} title={format.dateTime(identity.lastActivityAt)}>
              {format.recent(identity.lastActivityAt)}
            </time>
          ) : (
            t('list.never')
          )}
        </Fact>
        <Fact label={t('record.weekTime')}>{format.duration(time.weekSeconds)}</Fact>
        <Fact label={t('record.totalTime')}>{format.duration(time.totalSeconds)}</Fact>
        <Fact label={t('record.courseCount')}>
          {t('record.courses', { count: record.enrollments.length })}
        </Fact>
      </dl>
    </Card>
  );
}

function Enrollments({ record }: { record: LearnerRecordData }) {
  const { t } = useTranslation('learners');
  const format = useLearnerFormat();
  return (
    <Section
      id="learner-enrollments-title"
      title={t('record.enrollments')}
      isEmpty={record.enrollments.length === 0}
      emptyText={t('record.noEnrollments')}
    >
      <ul className="flex flex-col gap-4">
        {record.enrollments.map((enrollment) => (
          <li key={enrollment.courseId} className="flex flex-col gap-1.5">
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <span className="font-medium text-foreground">{enrollment.title}</span>
              <span className="tabular-nums text-muted-foreground">
                {t('record.enrollmentFacts', {
                  progress: enrollment.progress,
                  time: format.duration(enrollment.trackedSeconds),
                  date: format.date(enrollment.enrolledAt),
                })}
              </span>
            </div>
            <ProgressBar
              value={enrollment.progress}
              label={enrollment.title}
              valueText={t('percent', { value: enrollment.progress })}
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function QuizAttempts({ record }: { record: LearnerRecordData }) {
  const { t } = useTranslation('learners');
  const format = useLearnerFormat();
  return (
    <Section
      id="learner-quizzes-title"
      title={t('record.quizzes')}
      isEmpty={record.quizAttempts.length === 0}
      emptyText={t('record.noQuizzes')}
    >
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{t('record.quizzes')}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('record.quizColumns.quiz')}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('record.quizColumns.score')}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('record.quizColumns.result')}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t('record.quizColumns.date')}
              </th>
            </tr>
          </thead>
          <tbody>
            {record.quizAttempts.map((attempt) => (
              <tr key={attempt.id} className="border-t border-border">
                <td className="py-2 pr-3">{attempt.quizTitle}</td>
                <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                  {attempt.score === null ? t('record.none') : t('percent', { value: attempt.score })}
                </td>
                <td className="py-2 pr-3">
                  {attempt.passed === null ? (
                    <Badge>{t('record.inProgress')}</Badge>
                  ) : attempt.passed ? (
                    <Badge variant="success">{t('record.passed')}</Badge>
                  ) : (
                    <Badge variant="danger">{t('record.failed')}</Badge>
                  )}
                </td>
                <td className="py-2 whitespace-nowrap">
                  {attempt.submittedAt ? format.dateTime(attempt.submittedAt) : t('record.none')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function Signatures({ record }: { record: LearnerRecordData }) {
  const { t } = useTranslation('learners');
  const format = useLearnerFormat();
  return (
    <Section
      id="learner-signatures-title"
      title={t('record.signatures')}
      isEmpty={record.signatures.length === 0}
      emptyText={t('record.noSignatures')}
    >
      <ul className="flex flex-col gap-2 text-sm">
        {record.signatures.map((signature) => (
          <li key={signature.id} className="flex flex-wrap justify-between gap-2">
            <span>
              {signature.courseTitle} ·{' '}
              {t(`signatureType.${signature.signatureType}`, { defaultValue: signature.signatureType })}
            </span>
            <time dateTime={signature.signedAt} className="text-muted-foreground">
              {format.dateTime(signature.signedAt)}
            </time>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Attendance({ record }: { record: LearnerRecordData }) {
  const { t } = useTranslation('learners');
  const format = useLearnerFormat();
  const attended = record.attendance.filter((slot) => slot.status === 'attended').length;
  return (
    <Section
      id="learner-attendance-title"
      title={t('record.attendance')}
      isEmpty={record.attendance.length === 0}
      emptyText={t('record.noAttendance')}
    >
      <p className="mb-3 text-sm text-muted-foreground">
        {t('record.attendanceSummary', { count: record.attendance.length, attended })}
      </p>
      <ul className="flex flex-col gap-2 text-sm">
        {record.attendance.map((slot) => (
          <li key={slot.slotId} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {slot.sessionTitle} · {format.date(slot.startsAt)} · {t(`period.${slot.period}`)}
            </span>
            {slot.status === 'attended' ? (
              <Badge variant="success">{t('attendance.attended')}</Badge>
            ) : slot.status === 'absent' ? (
              <Badge variant="danger">{t('attendance.absent')}</Badge>
            ) : (
              <Badge>{t('attendance.unmarked')}</Badge>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Certificates({ record }: { record: LearnerRecordData }) {
  const { t } = useTranslation('learners');
  const format = useLearnerFormat();
  return (
    <Section
      id="learner-certificates-title"
      title={t('record.certificates')}
      isEmpty={record.certificates.length === 0}
      emptyText={t('record.noCertificates')}
    >
      <ul className="flex flex-col gap-2 text-sm">
        {record.certificates.map((certificate) => (
          <li key={certificate.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {t(`certificateKind.${certificate.kind}`)} · {certificate.courseTitle} ·{' '}
              {format.date(certificate.issuedAt)}
            </span>
            <Badge variant={certificate.status === 'valid' ? 'success' : 'danger'}>
              {t(`certificateStatus.${certificate.status}`)}
            </Badge>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * A learner's record for staff: identity, formations and time, quizzes, signatures, attendance and
 * certificates as the server reads them, and the administrative info to keep up to date.
 * `documents` and `positioning` (their positioning tests before training) come from other domains,
 * composed in by the route.
 */
export function LearnerRecord({
  studentId,
  documents,
  positioning,
  platform = false,
}: {
  studentId: string;
  documents?: ReactNode;
  positioning?: ReactNode;
  /**
   * A platform admin's read of any organisation's learner (`/admin/student/:studentId`): read only,
   * naming the organisation; the administrative info is edited by the organisation's staff.
   */
  platform?: boolean;
}) {
  const { t } = useTranslation('learners');
  const learner = useLearner(studentId, { platform });
  if (learner.isPending)
    return <SkeletonCards label={t('record.loading')} count={3} bars={['w-1/3', 'w-2/3', 'w-1/2']} />;
  if (learner.isError) {
    if (isApiError(learner.error, 'USER_NOT_FOUND'))
      return (
        <EmptyState
          icon={UserX}
          title={t('record.notFoundTitle')}
          description={t('record.notFoundDescription')}
        />
      );
    return (
      <LoadErrorAlert
        error={learner.error}
        title={t('record.error')}
        retryLabel={t('retry')}
        onRetry={() => learner.refetch()}
      />
    );
  }
  const record = learner.data;
  return (
    <div className="flex flex-col gap-6">
      {'organization' in record && (
        <p className="text-sm font-medium text-foreground">
          {t('record.organization', { name: record.organization.name })}
        </p>
      )}
      <Identity record={record} />
      <Enrollments record={record} />
      {/* One column of minmax(0, 1fr) on a phone: an implicit track grew to the quiz table's width. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <QuizAttempts record={record} />
        <Certificates record={record} />
        <Signatures record={record} />
        <Attendance record={record} />
      </div>
      {positioning && <Card>{positioning}</Card>}
      {platform ? (
        <AdministrativeFacts record={record} />
      ) : (
        <AdministrativeForm
          key={record.administrative.updatedAt ?? 'none'}
          studentId={studentId}
          info={record.administrative}
          collectsSocialSecurityNumber={record.collectsSocialSecurityNumber}
        />
      )}
      {documents && (
        <Card as="section" aria-labelledby="learner-documents-title">
          <CardTitle id="learner-documents-title">{t('record.documents')}</CardTitle>
          <div className="mt-4">{documents}</div>
        </Card>
      )}
    </div>
  );
}
