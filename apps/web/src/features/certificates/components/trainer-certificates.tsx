import {
  CERTIFICATE_KINDS,
  CERTIFICATE_STATUSES,
  type Certificate,
  type CertificateCandidate,
  type CertificateKind,
  type CertificateStatus,
} from '@cursus/contracts';
import { Award } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  issueCertificate,
  useCertificateCandidates,
  useCertificates,
  useCourseOptions,
  useRefreshCertificates,
  useRevokeCertificate,
} from '../api/certificates';
import { DownloadLink, StatusBadge, useFormatDate, useFormatHours } from './certificate-labels';

type ItemState = 'waiting' | 'done' | 'failed';

/** Whom a bulk run takes: the learners who completed the formation and have no valid one of that kind. */
export function bulkTargets(candidates: CertificateCandidate[], kind: CertificateKind) {
  return candidates.filter((candidate) => candidate.completed && candidate.issued[kind] === null);
}

/**
 * Generation for one learner or in bulk. The server makes each PDF; the bulk run asks for them one by
 * one, so its progress is real and a failure stops nobody else's.
 */
function GeneratePanel() {
  const { t } = useTranslation('certificates');
  const courses = useCourseOptions();
  const [courseId, setCourseId] = useState('');
  const [studentId, setStudentId] = useState('');
  const [kind, setKind] = useState<CertificateKind>('realisation');
  const candidates = useCertificateCandidates(courseId || null);
  const refresh = useRefreshCertificates();
  const [isIssuing, setIsIssuing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<
    { studentId: string; name: string; state: ItemState; error?: string }[] | null
  >(null);
  const formatHours = useFormatHours();
  const items = candidates.data?.items ?? [];
  const targets = bulkTargets(items, kind);
  const isRunning = run?.some((item) => item.state === 'waiting') ?? false;

  const onIssueOne = async (event: FormEvent) => {
    event.preventDefault();
    if (!courseId || !studentId) {
      setError(t('generate.pickBoth'));
      return;
    }
    setError(null);
    setIsIssuing(true);
    try {
      await issueCertificate({ courseId, studentId, kind });
      notify.success(t('generate.issued'));
      setStudentId('');
    } catch (issueError) {
      setError(getErrorMessage(issueError));
    } finally {
      setIsIssuing(false);
      await refresh();
    }
  };

  const onBulk = async () => {
    const batch = targets.map((target) => ({
      studentId: target.studentId,
      name: target.studentName,
      state: 'waiting' as ItemState,
    }));
    setRun(batch);
    for (const [index, target] of targets.entries()) {
      let state: ItemState = 'done';
      let message: string | undefined;
      try {
        await issueCertificate({ courseId, studentId: target.studentId, kind });
      } catch (issueError) {
        state = 'failed';
        message = getErrorMessage(issueError);
      }
      setRun((current) =>
        current
          ? current.map((item, at) => (at === index ? { ...item, state, error: message } : item))
          : current,
      );
    }
    await refresh();
  };

  const finished = run?.filter((item) => item.state !== 'waiting').length ?? 0;
  return (
    <Card as="section" aria-labelledby="generate-certificates-title">
      <CardTitle id="generate-certificates-title">{t('generate.title')}</CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">{t('generate.hoursNote')}</p>
      <form onSubmit={onIssueOne} noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
        {error && (
          <div className="sm:col-span-3">
            <Alert variant="error">{error}</Alert>
          </div>
        )}
        <Field label={t('generate.course')}>
          {(control) => (
            <Select
              {...control}
              value={courseId}
              disabled={isRunning}
              onChange={(e) => {
                setCourseId(e.target.value);
                setStudentId('');
                setRun(null);
              }}
            >
              <option value="">{t('generate.chooseCourse')}</option>
              {(courses.data?.items ?? []).map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('generate.learner')}>
          {(control) => (
            <Select
              {...control}
              value={studentId}
              disabled={!courseId || isRunning}
              onChange={(e) => setStudentId(e.target.value)}
            >
              <option value="">{t('generate.chooseLearner')}</option>
              {items.map((item) => (
                <option key={item.studentId} value={item.studentId}>
                  {t('generate.learnerOption', {
                    name: item.studentName,
                    progress: item.progress,
                    hours: formatHours(item.trackedSeconds),
                  })}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('generate.kind')}>
          {(control) => (
            <Select
              {...control}
              value={kind}
              disabled={isRunning}
              onChange={(e) => setKind(e.target.value as CertificateKind)}
            >
              {CERTIFICATE_KINDS.map((option) => (
                <option key={option} value={option}>
                  {t(`kind.${option}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="flex flex-wrap gap-3 sm:col-span-3">
          <Button type="submit" isLoading={isIssuing} disabled={isRunning}>
            {t('generate.one')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={!courseId || targets.length === 0 || isRunning || isIssuing}
            onClick={onBulk}
          >
            {t('generate.bulk', { count: targets.length })}
          </Button>
        </div>
      </form>
      {run && (
        <div className="mt-4 flex flex-col gap-2">
          <ProgressBar
            value={run.length === 0 ? 100 : (finished / run.length) * 100}
            label={t('generate.progressLabel')}
            valueText={t('generate.progress', { done: finished, total: run.length })}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('generate.progress', { done: finished, total: run.length })}
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            {run.map((item) => (
              <li key={item.studentId} className="text-foreground">
                {t(`generate.item.${item.state}`, { name: item.name, error: item.error ?? '' })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

function CertificateRow({ certificate, onRevoke }: { certificate: Certificate; onRevoke: () => void }) {
  const { t } = useTranslation('certificates');
  const formatHours = useFormatHours();
  const formatDate = useFormatDate();
  return (
    <Card as="li" padding="p-4" className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="text-base font-semibold text-foreground">{certificate.studentName}</h2>
        <p className="text-sm text-foreground">
          {t(`kind.${certificate.kind}`)} · {certificate.courseTitle}
        </p>
        <p className="text-xs text-muted-foreground">
          {t('list.facts', {
            hours: formatHours(certificate.trackedSeconds),
            date: formatDate(certificate.issuedAt),
            code: certificate.code,
          })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge certificate={certificate} />
        <DownloadLink certificate={certificate} />
        {certificate.status === 'valid' && (
          <Button variant="ghost" size="sm" onClick={onRevoke}>
            {t('revoke.action')}
            <span className="sr-only"> {certificate.studentName}</span>
          </Button>
        )}
      </div>
    </Card>
  );
}

/** /trainer/certificates: generate certificates, then find, download or revoke them. */
export function TrainerCertificates() {
  const { t } = useTranslation('certificates');
  const courses = useCourseOptions();
  const [page, setPage] = useState(1);
  const [courseId, setCourseId] = useState('');
  const [kind, setKind] = useState<CertificateKind | ''>('');
  const [status, setStatus] = useState<CertificateStatus | ''>('');
  const [search, setSearch] = useState('');
  const certificates = useCertificates({
    page,
    pageSize: 10,
    courseId: courseId || undefined,
    kind: kind || undefined,
    status: status || undefined,
    search: search || undefined,
  });
  const revoke = useRevokeCertificate();
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  const ids = { search: useId(), course: useId(), kind: useId(), status: useId() };
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <div className="flex flex-col gap-6">
      <GeneratePanel />
      <FilterBar label={t('list.filters')} className="lg:grid-cols-[2fr_2fr_1.5fr_1.5fr]">
        <FilterField label={t('list.search')} htmlFor={ids.search}>
          <Input
            id={ids.search}
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => filtered(setSearch)(e.target.value)}
          />
        </FilterField>
        <FilterField label={t('list.course')} htmlFor={ids.course}>
          <Select id={ids.course} value={courseId} onChange={(e) => filtered(setCourseId)(e.target.value)}>
            <option value="">{t('list.allCourses')}</option>
            {(courses.data?.items ?? []).map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('list.kind')} htmlFor={ids.kind}>
          <Select
            id={ids.kind}
            value={kind}
            onChange={(e) => filtered(setKind)(e.target.value as CertificateKind | '')}
          >
            <option value="">{t('list.allKinds')}</option>
            {CERTIFICATE_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`kind.${option}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('list.status')} htmlFor={ids.status}>
          <Select
            id={ids.status}
            value={status}
            onChange={(e) => filtered(setStatus)(e.target.value as CertificateStatus | '')}
          >
            <option value="">{t('list.allStatuses')}</option>
            {CERTIFICATE_STATUSES.map((option) => (
              <option key={option} value={option}>
                {t(`status.${option}`)}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      {certificates.isPending && (
        <SkeletonCards label={t('list.loading')} count={2} bars={['w-1/3', 'w-2/3']} />
      )}
      {certificates.isError && (
        <LoadErrorAlert
          error={certificates.error}
          title={t('list.error')}
          retryLabel={t('retry')}
          onRetry={() => certificates.refetch()}
        />
      )}
      {certificates.data?.total === 0 && (
        <EmptyState icon={Award} title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
      )}
      {certificates.data && certificates.data.total > 0 && (
        <PagedList
          query={certificates}
          label={t('list.label')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('list.summary', { count: certificates.data.total })}
            </p>
          }
          pagesLabel={t('list.pages')}
          onPageChange={setPage}
        >
          {certificates.data.items.map((certificate) => (
            <CertificateRow
              key={certificate.id}
              certificate={certificate}
              onRevoke={() => setRevoking(certificate)}
            />
          ))}
        </PagedList>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('revoke.title', { name: revoking.studentName })}
          description={t('revoke.description')}
          confirmLabel={t('revoke.action')}
          isPending={revoke.isPending}
          onClose={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                notify.success(t('revoke.done'));
                setRevoking(null);
              },
              onError: (revokeError) => notify.error(getErrorMessage(revokeError)),
            })
          }
        />
      )}
    </div>
  );
}
