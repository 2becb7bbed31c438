import type { QuestionStatus } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { getLanguage } from '@/lib/i18n';

export function formatDateTime(iso: string) {
  return new Date(iso).toLocaleString(getLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
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
