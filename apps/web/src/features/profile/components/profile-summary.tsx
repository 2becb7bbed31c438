import type { SessionUser } from '@cursus/contracts';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardTitle } from '@/components/ui/card';
import { EmailAddress } from '@/components/ui/email-address';
import { getInitials } from '@/lib/initials';

export interface ProfileSummaryProps {
  user: SessionUser;
}

/** Who the person is for Cursus: name, email and its confirmation, role, organisation. */
export function ProfileSummary({ user }: ProfileSummaryProps) {
  const { t } = useTranslation('profile');
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
        >
          {getInitials(user.fullName, user.email)}
        </span>
        <CardTitle>{user.fullName || user.email}</CardTitle>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-medium text-muted-foreground">{t('summary.name')}</dt>
        <dd className="text-foreground">{user.fullName}</dd>
        <dt className="font-medium text-muted-foreground">{t('summary.email')}</dt>
        <dd className="flex flex-wrap items-center gap-2 text-foreground">
          <EmailAddress address={user.email} />
          {user.emailVerified ? (
            <span className="inline-flex items-center gap-1 text-success-foreground">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {t('summary.emailVerified')}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-warning-foreground">
              <CircleAlert aria-hidden="true" className="size-4" />
              {t('summary.emailNotVerified')}
            </span>
          )}
        </dd>
        <dt className="font-medium text-muted-foreground">{t('summary.role')}</dt>
        <dd className="text-foreground">{t(`summary.roles.${user.role}`)}</dd>
        <dt className="font-medium text-muted-foreground">{t('summary.organization')}</dt>
        <dd className="text-foreground">{user.organizationName ?? t('summary.noOrganization')}</dd>
      </dl>
    </Card>
  );
}
