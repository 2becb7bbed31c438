import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useReplayWebhook, useWebhookLog } from '../api/funding-webhooks';
import { useWebhookFormat, WebhookReason, WebhookStatusBadge } from './webhook-labels';

/** The payload as the platform sent it, indented when it is JSON. */
function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** One delivery in full (payload, headers, reason), and its replay for an admin. */
export function WebhookLogDetail({ logId, onClose }: { logId: string; onClose: () => void }) {
  const { t } = useTranslation('fundingWebhooks');
  const format = useWebhookFormat();
  const log = useWebhookLog(logId);
  const replay = useReplayWebhook(logId);
  const [isConfirming, setIsConfirming] = useState(false);

  const title = log.data
    ? t('detail.title', { date: format.dateTime(log.data.createdAt) })
    : t('detail.loading');
  const renderBody = () => {
    if (log.isPending)
      return <SkeletonCards label={t('detail.loading')} count={2} bars={['w-1/2', 'w-full']} />;
    if (log.isError)
      return (
        <LoadErrorAlert
          error={log.error}
          title={t('detail.error')}
          retryLabel={t('retry')}
          onRetry={() => log.refetch()}
        />
      );
    const detail = log.data;
    const facts: [string, string][] = [
      [t('detail.organization'), detail.organizationName ?? '—'],
      [t('detail.event'), detail.eventType ?? t('list.unknownEvent')],
      [t('detail.deliveryId'), detail.deliveryId ?? t('detail.none')],
      [t('detail.attempts'), format.number(detail.attempts)],
      [
        t('detail.processedAt'),
        detail.processedAt ? format.dateTime(detail.processedAt) : t('detail.notProcessed'),
      ],
    ];
    return (
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">{t('detail.status')}</span>
          <WebhookStatusBadge status={detail.status} />
        </div>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
        {(detail.errorCode || detail.error) && (
          <Alert variant={detail.status === 'failed' ? 'error' : 'warning'} title={t('detail.reason')}>
            <WebhookReason log={detail} />
          </Alert>
        )}
        {!detail.isAuthenticated && <Alert variant="info">{t('detail.unsigned')}</Alert>}
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t('detail.payload')}</h3>
          {detail.payload === null ? (
            <p className="text-sm text-muted-foreground">{t('detail.noPayload')}</p>
          ) : (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, keyboard users must be able to scroll a long payload.
            <pre tabIndex={0} className="max-h-80 overflow-auto rounded-lg bg-muted p-3 text-xs">
              {prettyPayload(detail.payload)}
            </pre>
          )}
        </section>
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t('detail.headers')}</h3>
          <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-muted p-3 font-mono text-xs sm:grid-cols-[auto_1fr]">
            {Object.entries(detail.headers).map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-muted-foreground">{name}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    );
  };

  return (
    <>
      <Dialog
        size="lg"
        title={title}
        closeLabel={t('close')}
        onClose={onClose}
        footer={
          log.data?.isAuthenticated ? (
            <Button onClick={() => setIsConfirming(true)} isLoading={replay.isPending}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('detail.replay')}
            </Button>
          ) : undefined
        }
      >
        {renderBody()}
      </Dialog>
      {isConfirming && (
        <ConfirmDialog
          title={t('detail.replayTitle')}
          description={t('detail.replayDescription')}
          confirmLabel={t('detail.replay')}
          isDanger={false}
          isPending={replay.isPending}
          onClose={() => setIsConfirming(false)}
          onConfirm={() =>
            replay.mutate(undefined, {
              onSuccess: (replayed) => {
                setIsConfirming(false);
                notify.success(t('detail.replayed', { status: t(`status.${replayed.status}`) }));
              },
              onError: (error) => notify.error(getErrorMessage(error)),
            })
          }
        />
      )}
    </>
  );
}
