import type { SignatureStatus } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

export function formatDateTime(iso: string) {
  return dateTimeFormat(getLanguage(), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

const STATUS_VARIANTS: Record<SignatureStatus, BadgeVariant> = {
  pending: 'info',
  signed: 'success',
  expired: 'warning',
  error: 'danger',
};

/** SPEC 4 signature states, in words (the colour only repeats them). */
export function SignatureStatusBadge({ status }: { status: SignatureStatus }) {
  const { t } = useTranslation('signatures');
  return <Badge variant={STATUS_VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}

/** The formation, or 'formation · module n: title' for a module's signature. */
export function SignatureSubject({
  signature,
}: {
  signature: { courseTitle: string; moduleIndex: number | null; moduleTitle: string | null };
}) {
  const { t } = useTranslation('signatures');
  if (signature.moduleIndex === null) return <>{signature.courseTitle}</>;
  return (
    <>
      {t('subject.module', {
        course: signature.courseTitle,
        number: signature.moduleIndex + 1,
        module: signature.moduleTitle ?? '',
      })}
    </>
  );
}
