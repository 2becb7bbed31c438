import {
  normalizeLanguage,
  type WebhookErrorCode,
  type WebhookLogRow,
  type WebhookLogStatus,
} from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

const STATUS_VARIANTS: Record<WebhookLogStatus, BadgeVariant> = {
  pending: 'info',
  processed: 'success',
  success: 'success',
  error: 'warning',
  failed: 'danger',
};

export function WebhookStatusBadge({ status }: { status: WebhookLogStatus }) {
  const { t } = useTranslation('fundingWebhooks');
  return <Badge variant={STATUS_VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}

/** The reasons whose technical detail says more than their name: the event, the field, the reference. */
const DETAILED: readonly WebhookErrorCode[] = [
  'unknown_event',
  'invalid_payload',
  'unknown_reference',
  'processing_failed',
];

/**
 * Why a delivery was refused or failed, in the reader's language, with the technical detail (as the
 * integrator's tools write it, in English) where it names what to fix.
 */
export function WebhookReason({ log }: { log: Pick<WebhookLogRow, 'errorCode' | 'error'> }) {
  const { t } = useTranslation('fundingWebhooks');
  if (!log.errorCode) return log.error;
  return (
    <>
      {t(`reasons.${log.errorCode}`)}
      {log.error && DETAILED.includes(log.errorCode) && (
        <>
          {' '}
          <code lang="en" className="break-all">
            {log.error}
          </code>
        </>
      )}
    </>
  );
}

/** Dates and counts in the reader's language, in Paris time like every date of the app. */
export function useWebhookFormat() {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const dateTimeFormatter = dateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  return {
    dateTime: (iso: string) => dateTimeFormatter.format(new Date(iso)),
    number: (value: number) => numberFormat(language).format(value),
  };
}
