import type { OrganizationRole } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { dateTimeFormat } from '@/lib/intl';

export function RoleBadge({ role }: { role: OrganizationRole }) {
  const { t } = useTranslation('trainers');
  return <Badge variant={role === 'manager' ? 'info' : 'neutral'}>{t(`role.${role}`)}</Badge>;
}

export function InvitationBadge() {
  const { t } = useTranslation('trainers');
  return <Badge variant="warning">{t('invitation.pending')}</Badge>;
}

/** A day or a moment in the reader's language, in Paris time like the rest of the trainer space. */
export function useFormatDate(style: 'day' | 'dateTime' = 'day') {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(
    i18n.language,
    style === 'day'
      ? { dateStyle: 'long', timeZone: 'Europe/Paris' }
      : { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' },
  );
  return (iso: string) => format.format(new Date(iso));
}
