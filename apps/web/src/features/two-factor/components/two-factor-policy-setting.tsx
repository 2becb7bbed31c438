import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useTwoFactorPolicy, useUpdateTwoFactorPolicy } from '../api/two-factor-policy';

export interface TwoFactorPolicySettingProps {
  /** The person's own enrolment section on their profile. */
  profileHref: string;
}

/**
 * The organisation settings' "require two-factor authentication for staff" (issue 19): saved when
 * ticked; a trainer without a second factor is then sent to set one up, the one ticking it included.
 */
export function TwoFactorPolicySetting({ profileHref }: TwoFactorPolicySettingProps) {
  const { t } = useTranslation(['twoFactor', 'common']);
  const policy = useTwoFactorPolicy();
  const update = useUpdateTwoFactorPolicy();
  const headingId = useId();

  return (
    <Card aria-labelledby={headingId} role="region" padding="p-4 sm:p-6" className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-foreground">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        {t('policy.heading')}
      </h2>
      {policy.isPending ? (
        <Spinner label={t('policy.loading')} />
      ) : policy.isError ? (
        <LoadErrorAlert
          error={policy.error}
          title={t('policy.loadError')}
          retryLabel={t('common:actions.retry')}
          onRetry={() => void policy.refetch()}
        />
      ) : (
        <Checkbox
          checked={policy.data.staffRequired}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(
              { staffRequired: event.currentTarget.checked },
              {
                onSuccess: () => notify.success(t('policy.saved')),
                onError: (error) => notify.error(t('policy.saveError'), getErrorMessage(error)),
              },
            )
          }
          label={t('policy.label')}
          hint={t('policy.description')}
        />
      )}
      <Link to={profileHref} className={buttonClassName('link', 'md', 'self-start')}>
        {t('policy.ownLink')}
      </Link>
    </Card>
  );
}
