import type { OrganizationRole } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { dateTimeFormat } from '@/lib/intl';

/** Their role in the organisation, and, for a platform administrator placed in it, that they are one. */
export function RoleBadges({ role, platformAdmin }: { role: OrganizationRole; platformAdmin: boolean }) {
  const { t } = useTranslation('trainers');
  return (
    <>
      <Badge variant={role === 'manager' ? 'info' : 'neutral'}>{t(`role.${role}`)}</Badge>
      {platformAdmin && <Badge variant="info">{t('role.platformAdmin')}</Badge>}
    </>
  );
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
    style === 'day' ? { dateStyle: 'long' } : { dateStyle: 'medium', timeStyle: 'short' },
  );
  return (iso: string) => format.format(new Date(iso));
}
