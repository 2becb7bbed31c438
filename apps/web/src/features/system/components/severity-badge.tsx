import type { LogSeverity } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const VARIANTS: Record<LogSeverity, BadgeVariant> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  critical: 'danger',
};

export function SeverityBadge({ severity }: { severity: LogSeverity }) {
  const { t } = useTranslation('system');
  return <Badge variant={VARIANTS[severity]}>{t(`severity.${severity}`)}</Badge>;
}
