import type { AccountSession } from '@cursus/contracts';
import { Monitor, Smartphone } from 'lucide-react';
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
import { useAccountSessions, useRevokeOtherSessions, useRevokeSession } from '../api/account-sessions';
import { describeDevice, formatDateTime } from './format';

const MOBILE_SYSTEMS = new Set(['iOS', 'Android']);

/**
 * "Mes sessions" on the profile pages (issue 19): every browser signed in to the account, this one
 * marked, each other one ended on its own or all at once, after a confirmation.
 */
export function AccountSessionsSection() {
  const { t } = useTranslation(['accountSessions', 'common']);
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [ending, setEnding] = useState<AccountSession | null>(null);
  const [isEndingOthers, setIsEndingOthers] = useState(false);
  const hasOthers = sessions.data?.sessions.some((session) => !session.current) ?? false;

  function endSession(session: AccountSession) {
    revoke.mutate(session.id, {
      onSuccess: () => notify.success(t('section.ended')),
      onError: (error) => notify.error(t('section.endError'), getErrorMessage(error)),
      onSettled: () => setEnding(null),
    });
  }

  function endOthers() {
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => notify.success(t('section.endedOthers', { count: revoked })),
      onError: (error) => notify.error(t('section.endError'), getErrorMessage(error)),
      onSettled: () => setIsEndingOthers(false),
    });
  }

  return (
    <Card
      as="section"
      id="account-sessions"
      aria-labelledby="account-sessions-title"
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1">
        <CardTitle id="account-sessions-title">{t('section.title')}</CardTitle>
        <CardDescription>{t('section.description')}</CardDescription>
      </div>
      {sessions.isPending ? (
        <Spinner label={t('section.loading')} />
      ) : sessions.isError ? (
        <LoadErrorAlert
          error={sessions.error}
          title={t('section.loadError')}
          retryLabel={t('common:actions.retry')}
          onRetry={() => void sessions.refetch()}
        />
      ) : sessions.data.sessions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('section.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {sessions.data.sessions.map((session) => {
            const device = describeDevice(t, session);
            const Icon = session.os && MOBILE_SYSTEMS.has(session.os) ? Smartphone : Monitor;
            return (
              <li key={session.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                    {device}
                    {session.current && <Badge variant="success">{t('section.thisDevice')}</Badge>}
                  </p>
                  <p className="text-muted-foreground">
                    {session.ipAddress ? t('section.ip', { ip: session.ipAddress }) : t('section.unknownIp')}
                  </p>
                  <p className="text-muted-foreground">
                    {t('section.signedInAt', { date: formatDateTime(session.signedInAt) })}
                  </p>
                  <p className="text-muted-foreground">
                    {t('section.lastActive', { date: formatDateTime(session.lastActiveAt) })}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('section.endLabel', { device })}
                    onClick={() => setEnding(session)}
                  >
                    {t('section.end')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {hasOthers && (
        <div>
          <Button variant="secondary" onClick={() => setIsEndingOthers(true)}>
            {t('section.endOthers')}
          </Button>
        </div>
      )}
      {ending && (
        <ConfirmDialog
          title={t('section.confirmEnd.title')}
          description={t('section.confirmEnd.description', { device: describeDevice(t, ending) })}
          confirmLabel={t('section.confirmEnd.confirm')}
          isPending={revoke.isPending}
          onConfirm={() => endSession(ending)}
          onClose={() => setEnding(null)}
        />
      )}
      {isEndingOthers && (
        <ConfirmDialog
          title={t('section.confirmEndOthers.title')}
          description={t('section.confirmEndOthers.description')}
          confirmLabel={t('section.confirmEndOthers.confirm')}
          isPending={revokeOthers.isPending}
          onConfirm={endOthers}
          onClose={() => setIsEndingOthers(false)}
        />
      )}
    </Card>
  );
}
