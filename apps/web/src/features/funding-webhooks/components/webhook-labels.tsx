import { normalizeLanguage, type WebhookLogStatus } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

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

/** Dates and counts in the reader's language, in Paris time like every date of the app. */
export function useWebhookFormat() {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const dateTimeFormat = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Europe/Paris',
  });
  return {
    dateTime: (iso: string) => dateTimeFormat.format(new Date(iso)),
    number: (value: number) => new Intl.NumberFormat(language).format(value),
  };
}
