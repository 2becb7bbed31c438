import type { SignaturePage } from '@cursus/contracts';
import { FileSignature, History } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SignaturePad } from '@/components/ui/signature-pad';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';
import { formatDuration } from '@/lib/format-duration';
import { getLanguage } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useMySignatures } from '../api/get-my-signatures';
import { useSignaturePage } from '../api/get-signature-page';
import { useSignFormation } from '../api/sign-formation';
import { formatDateTime, SignatureStatusBadge, SignatureSubject } from './signature-labels';

/** The page of one signature: the formation, or `?module={index}` of it. */
function signatureHref(courseId: string, moduleIndex: number | null) {
  const href = paths.student.formationSignature.getHref(courseId);
  return moduleIndex === null ? href : `${href}?module=${moduleIndex}`;
}

function SignForm({ page }: { page: SignaturePage }) {
  const { t } = useTranslation('signatures');
  const sign = useSignFormation();
  const [image, setImage] = useState<string | null>(null);
  const [isConsenting, setIsConsenting] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!image || !isConsenting) return;
    sign.mutate(
      { courseId: page.courseId, moduleIndex: page.moduleIndex, image },
      { onSuccess: () => notify.success(t('sign.done')) },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {sign.isError && <Alert variant="error">{getErrorMessage(sign.error)}</Alert>}
      <SignaturePad
        label={t('pad.label')}
        hint={t('pad.hint')}
        clearLabel={t('pad.clear')}
        onChange={setImage}
        isDisabled={sign.isPending}
      />
      <label className="flex items-start gap-2 text-sm text-foreground">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-primary"
          checked={isConsenting}
          onChange={(event) => setIsConsenting(event.target.checked)}
        />
        <span>{page.moduleIndex === null ? t('sign.consentFormation') : t('sign.consentModule')}</span>
      </label>
      <div>
        <Button type="submit" isLoading={sign.isPending} disabled={!image || !isConsenting}>
          {t('sign.submit')}
        </Button>
      </div>
    </form>
  );
}

function SignatureState({ page }: { page: SignaturePage }) {
  const { t } = useTranslation('signatures');
  const { signature } = page;
  if (signature?.status === 'signed')
    return (
      <div className="flex flex-col gap-3">
        <Alert variant="success" title={t('state.signedTitle')}>
          {t('state.signed', { date: formatDateTime(signature.signedAt ?? signature.requestedAt) })}
        </Alert>
        {signature.image && (
          <img
            src={signature.image}
            alt={t('state.imageAlt')}
            className="h-32 w-auto max-w-full self-start rounded-lg border border-border bg-white object-contain"
          />
        )}
        {signature.contentHash && (
          <p className="text-xs break-all text-muted-foreground">
            {t('state.hash', { hash: signature.contentHash })}
          </p>
        )}
      </div>
    );
  if (signature?.status === 'error')
    return (
      <Alert variant="error" title={t('state.errorTitle')}>
        {t('state.error')}
      </Alert>
    );
  if (!page.canSign)
    return (
      <Alert variant="info" title={t('state.incompleteTitle')}>
        {page.moduleIndex === null ? t('state.incompleteFormation') : t('state.incompleteModule')}
      </Alert>
    );
  return (
    <div className="flex flex-col gap-4">
      {signature?.status === 'expired' ? (
        <Alert variant="warning" title={t('state.expiredTitle')}>
          {t('state.expired', { date: formatDateTime(signature.requestedAt) })}
        </Alert>
      ) : (
        <Alert variant="info" title={t('state.pendingTitle')}>
          {t('state.pending')}
        </Alert>
      )}
      <SignForm page={page} />
    </div>
  );
}

function SignatureHistory() {
  const { t } = useTranslation('signatures');
  const [page, setPage] = useState(1);
  const history = useMySignatures({ page, pageSize: 10 });
  return (
    <section aria-labelledby="signature-history-title" className="flex flex-col gap-3">
      <h2 id="signature-history-title" className="text-lg font-semibold text-foreground">
        {t('history.title')}
      </h2>
      {history.isPending && <Spinner label={t('history.loading')} />}
      {history.isError && (
        <LoadErrorAlert
          error={history.error}
          title={t('history.error')}
          retryLabel={t('retry')}
          onRetry={() => history.refetch()}
        />
      )}
      {history.data?.total === 0 && (
        <EmptyState icon={History} title={t('history.emptyTitle')} description={t('history.empty')} />
      )}
      {history.data && history.data.total > 0 && (
        <PagedList
          query={history}
          label={t('history.title')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('history.count', { count: history.data.total })}
            </p>
          }
          pagesLabel={t('history.pages')}
          onPageChange={setPage}
        >
          {history.data.items.map((signature) => (
            <li
              key={signature.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-card p-3"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <Link
                  to={signatureHref(signature.courseId, signature.moduleIndex)}
                  className="text-sm font-medium text-primary underline-offset-2 hover:underline"
                >
                  <SignatureSubject signature={signature} />
                </Link>
                <span className="text-xs text-muted-foreground">
                  {signature.signedAt
                    ? t('history.signedOn', { date: formatDateTime(signature.signedAt) })
                    : t('history.requestedOn', { date: formatDateTime(signature.requestedAt) })}
                </span>
              </div>
              <SignatureStatusBadge status={signature.status} />
            </li>
          ))}
        </PagedList>
      )}
    </section>
  );
}

/** SPEC 2 /student/formations/:courseId/signature: what the learner signs, the pad, their history. */
export function StudentSignature({
  courseId,
  moduleIndex,
}: {
  courseId: string;
  moduleIndex: number | null;
}) {
  const { t } = useTranslation('signatures');
  const query = useSignaturePage(courseId, moduleIndex);
  const page = query.data;
  return (
    <div className="flex flex-col gap-8">
      {query.isPending && <Spinner label={t('page.loading')} />}
      {query.isError && (
        <LoadErrorAlert
          error={query.error}
          title={t('page.error')}
          retryLabel={t('retry')}
          onRetry={() => query.refetch()}
        />
      )}
      {page && (
        <Card as="section" aria-labelledby="signature-subject-title" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="flex flex-col gap-1">
              <CardTitle id="signature-subject-title">
                <FileSignature aria-hidden="true" className="mr-2 inline size-5" />
                <SignatureSubject signature={page} />
              </CardTitle>
              <CardDescription>
                {page.moduleIndex === null ? t('subject.formationKind') : t('subject.moduleKind')}
              </CardDescription>
            </div>
            {page.signature && <SignatureStatusBadge status={page.signature.status} />}
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <dt className="text-muted-foreground">{t('subject.completion')}</dt>
              <dd className="flex flex-col gap-1.5 text-foreground">
                <span>
                  {t('subject.lessons', {
                    progress: page.progress,
                    count: page.totalLessons,
                    completed: page.completedLessons,
                  })}
                </span>
                <ProgressBar value={page.progress} label={t('subject.completion')} size="sm" />
              </dd>
            </div>
            <div className="flex flex-col gap-1.5">
              <dt className="text-muted-foreground">{t('subject.trackedTime')}</dt>
              <dd className="text-foreground">{formatDuration(page.trackedSeconds, getLanguage())}</dd>
            </div>
          </dl>
          <SignatureState page={page} />
        </Card>
      )}
      <SignatureHistory />
    </div>
  );
}
