import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useAccountAction, useAccountStatus } from '../api/account-sessions';
import { formatDateTime } from './format';

type PendingAction = 'endSessions' | 'disable' | 'enable' | 'removeTwoFactor';

const CONFIRM_KEYS = {
  endSessions: 'confirmEndSessions',
  disable: 'confirmDisable',
  enable: 'confirmEnable',
  removeTwoFactor: 'confirmRemoveTwoFactor',
} as const;

const DONE_KEYS = {
  disable: 'disabledDone',
  enable: 'enabledDone',
  removeTwoFactor: 'removedTwoFactorDone',
} as const;

/**
 * "Sécurité du compte" on an admin's details page of a learner or trainer (issue 19): the account's
 * status and live sessions, ending them all, disabling and re-enabling it, and removing a second
 * factor its owner lost. Platform admins only (the page and the API); every action asks first.
 */
export function AccountSecurityPanel({ userId }: { userId: string }) {
  const { t } = useTranslation(['accountSessions', 'common']);
  const status = useAccountStatus(userId);
  const endSessions = useAccountAction(userId, 'revokeAccountSessions');
  const disable = useAccountAction(userId, 'disableAccount');
  const enable = useAccountAction(userId, 'enableAccount');
  const removeTwoFactor = useAccountAction(userId, 'removeTwoFactor');
  const [pending, setPending] = useState<PendingAction | null>(null);
  const mutations = { endSessions, disable, enable, removeTwoFactor };

  function confirm(action: PendingAction) {
    const onError = (error: unknown) => notify.error(t('admin.actionError'), getErrorMessage(error));
    const onSettled = () => setPending(null);
    if (action === 'endSessions')
      endSessions.mutate(undefined, {
        onSuccess: (result) =>
          notify.success(t('admin.endedSessions', { count: 'revoked' in result ? result.revoked : 0 })),
        onError,
        onSettled,
      });
    else
      mutations[action].mutate(undefined, {
        onSuccess: () => notify.success(t(`admin.${DONE_KEYS[action]}`)),
        onError,
        onSettled,
      });
  }

  return (
    <Card as="section" aria-labelledby="account-security-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id="account-security-title">{t('admin.title')}</CardTitle>
        <CardDescription>{t('admin.description')}</CardDescription>
      </div>
      {status.isPending ? (
        <Spinner label={t('admin.loading')} />
      ) : status.isError ? (
        <LoadErrorAlert
          error={status.error}
          title={t('admin.loadError')}
          retryLabel={t('common:actions.retry')}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <>
          <div className="flex flex-col gap-1 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              {status.data.disabledAt ? (
                <Badge variant="danger">{t('admin.disabled')}</Badge>
              ) : (
                <Badge variant="success">{t('admin.active')}</Badge>
              )}
              <span className="text-muted-foreground">
                {t('admin.sessions', { count: status.data.activeSessions })}
              </span>
            </p>
            {status.data.disabledAt && (
              <p className="text-muted-foreground">
                {t('admin.disabledSince', { date: formatDateTime(status.data.disabledAt) })}
              </p>
            )}
            <p className="text-muted-foreground">
              {t(status.data.twoFactorEnabled ? 'admin.twoFactorOn' : 'admin.twoFactorOff')}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={status.data.activeSessions === 0}
              onClick={() => setPending('endSessions')}
            >
              {t('admin.endSessions')}
            </Button>
            {status.data.disabledAt ? (
              <Button variant="secondary" onClick={() => setPending('enable')}>
                {t('admin.enable')}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setPending('disable')}>
                {t('admin.disable')}
              </Button>
            )}
            {status.data.twoFactorEnabled && (
              <Button variant="secondary" onClick={() => setPending('removeTwoFactor')}>
                {t('admin.removeTwoFactor')}
              </Button>
            )}
          </div>
        </>
      )}
      {pending && (
        <ConfirmDialog
          title={t(`admin.${CONFIRM_KEYS[pending]}.title`)}
          description={t(`admin.${CONFIRM_KEYS[pending]}.description`)}
          confirmLabel={t(`admin.${CONFIRM_KEYS[pending]}.confirm`)}
          isDanger={pending !== 'enable'}
          isPending={mutations[pending].isPending}
          onConfirm={() => confirm(pending)}
          onClose={() => setPending(null)}
        />
      )}
    </Card>
  );
}
