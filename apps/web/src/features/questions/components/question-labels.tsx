import type { QuestionStatus } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

export function formatDateTime(iso: string) {
  return dateTimeFormat(getLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

const STATUS_VARIANTS: Record<QuestionStatus, BadgeVariant> = {
  pending: 'warning',
  answered: 'info',
  resolved: 'success',
};

export function QuestionStatusBadge({ status }: { status: QuestionStatus }) {
  const { t } = useTranslation('questions');
  return <Badge variant={STATUS_VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
