import type { SystemLog } from '@cursus/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import type { SystemFormat } from './format';
import { SeverityBadge } from './severity-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

/** One log entry in full: who, where, which browser, and its stack and metadata as written. */
export function LogDetailDialog({
  log,
  format,
  onClose,
}: {
  log: SystemLog;
  format: SystemFormat;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const none = t('none');
  return (
    <Dialog
      title={t('monitoring.detail.title')}
      description={log.message}
      closeLabel={t('close')}
      onClose={onClose}
      size="lg"
    >
      <dl className="flex flex-col gap-3">
        <Row label={t('monitoring.detail.date')}>
          <time dateTime={log.createdAt}>{format.dateTime(log.createdAt)}</time>
        </Row>
        <Row label={t('monitoring.detail.severity')}>
          <SeverityBadge severity={log.severity} />
        </Row>
        <Row label={t('monitoring.detail.category')}>{log.category}</Row>
        <Row label={t('monitoring.detail.organization')}>{log.organizationName ?? t('platform')}</Row>
        <Row label={t('monitoring.detail.user')}>{log.userId ?? none}</Row>
        <Row label={t('monitoring.detail.role')}>{log.userRole ?? none}</Row>
        <Row label={t('monitoring.detail.url')}>{log.url ?? none}</Row>
        <Row label={t('monitoring.detail.component')}>{log.componentName ?? none}</Row>
        <Row label={t('monitoring.detail.userAgent')}>{log.userAgent ?? none}</Row>
      </dl>
      {log.stack && (
        <section className="mt-4 flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-foreground">{t('monitoring.detail.stack')}</h3>
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, keyboard users must be able to scroll a long stack or metadata.
            tabIndex={0}
            className="max-h-64 overflow-auto rounded-lg bg-muted p-3 text-xs text-foreground"
          >
            {log.stack}
          </pre>
        </section>
      )}
      {log.metadata && Object.keys(log.metadata).length > 0 && (
        <section className="mt-4 flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-foreground">{t('monitoring.detail.metadata')}</h3>
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, keyboard users must be able to scroll a long stack or metadata.
            tabIndex={0}
            className="max-h-64 overflow-auto rounded-lg bg-muted p-3 text-xs text-foreground"
          >
            {JSON.stringify(log.metadata, null, 2)}
          </pre>
        </section>
      )}
    </Dialog>
  );
}
