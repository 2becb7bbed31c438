import { WEBHOOK_PANEL_LIMIT } from '@cursus/contracts';
import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { paths } from '@/config/paths';
import { useRecentWebhookLogs } from '../api/funding-webhooks';
import { useWebhookFormat, WebhookStatusBadge } from './webhook-labels';

/**
 * SPEC 2/7/9: the recent-logs side panel of the funding platform's webhooks, for admins (the routes
 * that compose it are admin only). The newest 20 are read when it opens; a failed read shows the
 * empty list, as SPEC 7 says, never an error. Each entry links to its detail on the logs page.
 */
export function WebhookLogsPanel() {
  const { t } = useTranslation('fundingWebhooks');
  const format = useWebhookFormat();
  const [isOpen, setIsOpen] = useState(false);
  const recent = useRecentWebhookLogs({ enabled: isOpen });
  const items = recent.data?.items ?? [];
  const logsHref = paths.admin.fundingWebhooks.getHref();

  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        <Webhook aria-hidden="true" className="size-4" />
        {t('panel.open')}
      </Button>
      {isOpen && (
        <Dialog
          placement="side"
          title={t('panel.title')}
          description={t('panel.description', { count: WEBHOOK_PANEL_LIMIT })}
          closeLabel={t('close')}
          onClose={() => setIsOpen(false)}
          footer={
            <Link to={logsHref} className={buttonClassName('ghost')} onClick={() => setIsOpen(false)}>
              {t('panel.all')}
            </Link>
          }
        >
          {recent.isPending ? (
            <SkeletonCards label={t('panel.loading')} count={3} bars={['w-1/3', 'w-full']} />
          ) : items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
              {t('panel.empty')}
            </p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label={t('panel.title')}>
              {items.map((log) => (
                <li key={log.id} className="flex flex-col gap-1 rounded-lg border border-border p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link
                      to={`${logsHref}?log=${log.id}`}
                      className="text-sm font-medium break-all text-link underline-offset-4 hover:underline"
                      onClick={() => setIsOpen(false)}
                    >
                      {log.eventType ?? t('list.unknownEvent')}
                    </Link>
                    <WebhookStatusBadge status={log.status} />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={log.createdAt}>{format.dateTime(log.createdAt)}</time>
                    {log.organizationName && ` · ${log.organizationName}`}
                  </p>
                  <code className="block text-xs break-all text-muted-foreground">
                    {log.payloadPreview}
                    {log.payloadTruncated && '…'}
                  </code>
                </li>
              ))}
            </ol>
          )}
        </Dialog>
      )}
    </>
  );
}
