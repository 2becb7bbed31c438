import type { SigningContext, SigningReceipt } from '@cursus/contracts';
import { RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorCode } from '@/lib/error-message';
import { isQrToken, useSignAttendance, useSigningContext } from '../api/sign-attendance';
import { formatDateTime, formatDay, formatTime } from './attendance-format';
import { SignatureForm } from './signature-form';

/** Answers that end the page: the learner cannot sign here, and is told why and what to do. */
const PROBLEMS = {
  SIGNING_LINK_INVALID: 'linkUsed',
  VALIDATION_ERROR: 'linkUsed',
  SIGNING_CLOSED: 'closed',
  QR_CODE_EXPIRED: 'qrExpired',
  NOT_FOUND: 'notExpected',
  ALREADY_SIGNED: 'alreadySigned',
  SIGNING_NOT_OPEN: 'notOpen',
} as const;

type Problem = (typeof PROBLEMS)[keyof typeof PROBLEMS];

function problemOf(error: unknown): Problem | null {
  const code = getErrorCode(error);
  return code in PROBLEMS ? PROBLEMS[code as keyof typeof PROBLEMS] : null;
}

function SlotSummary({ context }: { context: SigningContext }) {
  const { t } = useTranslation('attendance');
  const rows = [
    [t('sign.summary.session'), context.sessionTitle],
    [t('sign.summary.slot'), t(`period.${context.period}`)],
    [t('sign.summary.date'), formatDay(context.startsAt)],
    [
      t('sign.summary.hours'),
      t('sign.summary.range', { start: formatTime(context.startsAt), end: formatTime(context.endsAt) }),
    ],
    [t('sign.summary.closes'), formatDateTime(context.closesAt)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium break-words text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /sign/{token}: a learner signs one half-day, through an emailed single-use link (no account
 * needed) or a code scanned in the room (the route makes sure a learner is signed in first).
 */
export function SignScreen({ token }: { token: string }) {
  const { t } = useTranslation('attendance');
  const context = useSigningContext(token);
  const sign = useSignAttendance(token);
  const [receipt, setReceipt] = useState<SigningReceipt | null>(null);
  const submitProblem = sign.isError ? problemOf(sign.error) : null;

  if (context.isPending) {
    return (
      <PublicLayout title={t('sign.title')}>
        <Spinner label={t('sign.loading')} />
      </PublicLayout>
    );
  }
  if (context.isError) {
    const problem = problemOf(context.error);
    return (
      <PublicLayout title={t('sign.unavailableTitle')}>
        {problem ? (
          <Alert variant="info" title={t(`sign.problem.${problem}.title`)}>
            {t(`sign.problem.${problem}.text`)}
          </Alert>
        ) : (
          <LoadErrorAlert
            error={context.error}
            retryLabel={t('sign.retry')}
            onRetry={() => void context.refetch()}
          />
        )}
      </PublicLayout>
    );
  }

  const info = context.data;
  const method = isQrToken(token) ? 'qr' : 'link';
  let body: ReactNode;
  if (receipt) {
    body = (
      <Alert variant="success" title={t('sign.done.title')}>
        <p>{t('sign.done.text', { date: formatDateTime(receipt.signedAt) })}</p>
        <p className="mt-1 text-xs break-all">{t('sign.done.hash', { hash: receipt.hash })}</p>
      </Alert>
    );
  } else if (submitProblem) {
    body = (
      <Alert variant="info" title={t(`sign.problem.${submitProblem}.title`)}>
        {t(`sign.problem.${submitProblem}.text`, { time: formatDateTime(info.startsAt) })}
      </Alert>
    );
  } else if (!info.hasStarted) {
    body = (
      <Alert
        variant="info"
        title={t('sign.problem.notOpen.title')}
        action={
          <Button variant="secondary" size="sm" className="self-start" onClick={() => void context.refetch()}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('sign.checkAgain')}
          </Button>
        }
      >
        {t('sign.problem.notOpen.text', { time: formatDateTime(info.startsAt) })}
      </Alert>
    );
  } else {
    body = (
      <SignatureForm
        padLabel={t('sign.padLabel')}
        submitLabel={t('sign.submit')}
        isPending={sign.isPending}
        error={sign.isError ? sign.error : undefined}
        onSubmit={(signature) => sign.mutate(signature, { onSuccess: setReceipt })}
      />
    );
  }

  return (
    <PublicLayout title={t('sign.title')} description={t(`sign.intro.${method}`)}>
      <div className="flex flex-col gap-6">
        <SlotSummary context={info} />
        {body}
      </div>
    </PublicLayout>
  );
}
