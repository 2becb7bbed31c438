import type { Certificate } from '@cursus/contracts';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatDuration } from '@/lib/format-duration';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

/**
 * Tracked seconds as the certificate's hours, in the reader's language, written as tracked time is
 * everywhere else ("1 h 30 min", "1 hr 30 min"; lib/format-duration).
 */
export function useFormatHours() {
  // Subscribed, so a change of language writes the hours again.
  useTranslation();
  return (seconds: number) => formatDuration(seconds, getLanguage());
}

export function useFormatDate() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (iso: string) => format.format(new Date(iso));
}

export function StatusBadge({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation('certificates');
  return certificate.status === 'valid' ? (
    <Badge variant="success">{t('status.valid')}</Badge>
  ) : (
    <Badge variant="danger">{t('status.revoked')}</Badge>
  );
}

export function DownloadLink({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation('certificates');
  return (
    <a
      href={certificate.fileUrl}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 text-sm text-primary underline"
    >
      <FileText aria-hidden="true" className="size-4" />
      {t('download')}
      <span className="sr-only">
        {' '}
        {t(`kind.${certificate.kind}`)} {certificate.studentName}
      </span>
    </a>
  );
}
