import { CERTIFICATE_CODE_PATTERN } from '@cursus/contracts';
import { BadgeCheck, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { useCertificateVerification } from '../api/certificates';
import { useFormatDate, useFormatHours } from './certificate-labels';

function NotGenuine({ reason }: { reason: 'unknown' | 'revoked' | 'malformed' }) {
  const { t } = useTranslation('certificates');
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <ShieldX aria-hidden="true" className="size-10 text-danger-foreground" />
      <h1 className="text-xl font-semibold text-foreground">{t('verify.notGenuine')}</h1>
      <p className="text-sm text-muted-foreground">{t(`verify.reason.${reason}`)}</p>
    </div>
  );
}

function Verification({ code }: { code: string }) {
  const { t } = useTranslation('certificates');
  const verification = useCertificateVerification(code);
  const formatHours = useFormatHours();
  const formatDate = useFormatDate();
  if (verification.isPending) return <Spinner label={t('verify.loading')} />;
  if (verification.isError)
    return (
      <LoadErrorAlert
        error={verification.error}
        title={t('verify.error')}
        retryLabel={t('retry')}
        onRetry={() => verification.refetch()}
      />
    );
  const answer = verification.data;
  if (!answer.genuine) return <NotGenuine reason={answer.reason} />;
  const facts = [
    [t('verify.kind'), t(`kind.${answer.kind}`)],
    [t('verify.learner'), answer.studentName],
    [t('verify.course'), answer.courseTitle],
    [t('verify.provider'), answer.organizationName],
    [t('verify.hours'), formatHours(answer.trackedSeconds)],
    [t('verify.issuedAt'), formatDate(answer.issuedAt)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-3 text-center">
        <BadgeCheck aria-hidden="true" className="size-10 text-success-foreground" />
        <h1 className="text-xl font-semibold text-foreground">{t('verify.genuine')}</h1>
      </div>
      <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-sm font-medium text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The public page a certificate's QR code opens: is it genuine, and what does it certify. */
export function VerifyCertificate({ code }: { code: string }) {
  const { t } = useTranslation('certificates');
  const normalized = code.trim().toUpperCase();
  return (
    <main className="mx-auto flex min-h-svh w-full max-w-lg flex-col justify-center gap-4 p-4">
      <Card padding="p-6">
        {CERTIFICATE_CODE_PATTERN.test(normalized) ? (
          <Verification code={normalized} />
        ) : (
          <NotGenuine reason="malformed" />
        )}
        <p className="mt-6 text-center text-xs text-muted-foreground">
          {t('verify.code', { code: normalized })}
        </p>
      </Card>
    </main>
  );
}
