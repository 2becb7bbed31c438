import type { PositioningInvitation, PositioningStatus } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

const STATUS_VARIANTS: Record<PositioningStatus, BadgeVariant> = {
  pending: 'info',
  answered: 'success',
  expired: 'warning',
  revoked: 'neutral',
};

export interface InvitationRowProps {
  invitation: PositioningInvitation;
  onShowAnswers: (attemptId: string) => void;
  onRevoke?: (invitation: PositioningInvitation) => void;
}

/** One invitation: to whom, for which formation, its state and, once answered, its score. */
export function InvitationRow({ invitation, onShowAnswers, onRevoke }: InvitationRowProps) {
  const { t, i18n } = useTranslation('quizAccess');
  const date = (value: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(value));
  const percent = (value: number) => numberFormat(i18n.language, { style: 'percent' }).format(value / 100);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
          <span className="break-all">{invitation.respondentName ?? invitation.email}</span>
          <Badge variant={STATUS_VARIANTS[invitation.status]}>
            {t(`invitations.status.${invitation.status}`)}
          </Badge>
          {invitation.scorePercent !== null && (
            <span className="text-muted-foreground">
              {t('invitations.score', { percent: percent(invitation.scorePercent) })}
            </span>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {invitation.respondentName ? `${invitation.email} · ` : ''}
          {t('invitations.for', { course: invitation.courseTitle, quiz: invitation.quizTitle })}
        </p>
        <p className="text-xs text-muted-foreground">
          {invitation.answeredAt
            ? t('invitations.answeredOn', { date: date(invitation.answeredAt) })
            : t('invitations.sentOn', { sent: date(invitation.sentAt), expires: date(invitation.expiresAt) })}
          {invitation.student ? ` · ${t('invitations.account', { name: invitation.student.fullName })}` : ''}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {invitation.attemptId && (
          <Button variant="secondary" size="sm" onClick={() => onShowAnswers(invitation.attemptId!)}>
            {t('invitations.showAnswers')}
          </Button>
        )}
        {onRevoke && invitation.status === 'pending' && (
          <Button variant="ghost" size="sm" onClick={() => onRevoke(invitation)}>
            {t('invitations.revoke')}
          </Button>
        )}
      </div>
    </li>
  );
}
