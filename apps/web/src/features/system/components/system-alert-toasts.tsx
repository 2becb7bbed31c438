import { LIVE_SYSTEM_ALERT_EVENT, LOG_SEVERITIES, type LogSeverity, MONITORING } from '@cursus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { listenToLiveStream } from '@/lib/live-stream';
import { notify } from '@/lib/toast';
import { systemKeys } from '../api/system-query-keys';

/** What a `system-alert` event carries, checked by hand: this runs on every admin screen, zod need not load. */
function severityOf(data: unknown): LogSeverity | undefined {
  try {
    const event: unknown = JSON.parse(String(data));
    if (typeof event !== 'object' || event === null || !('severity' in event)) return undefined;
    return LOG_SEVERITIES.find((severity) => severity === event.severity);
  } catch {
    return undefined;
  }
}

/**
 * SPEC 9: a signed-in admin sees a 10 s toast when an alert is raised, wherever they are, leading
 * to `/admin/system-monitoring`. Rendered for admins only; the server sends the event to their
 * streams only. Its texts load with the first alert, so other screens never download them.
 */
export function SystemAlertToasts() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    const onAlert = async (event: MessageEvent) => {
      const severity = severityOf(event.data);
      if (!severity) return;
      void queryClient.invalidateQueries({ queryKey: systemKeys.all });
      await loadNamespaces(['system']);
      notify.errorWithAction(
        i18n.t('system:toast.title', { severity: i18n.t(`system:severity.${severity}`) }),
        i18n.t('system:toast.description'),
        {
          label: i18n.t('system:toast.open'),
          onClick: () => navigateRef.current(paths.admin.systemMonitoring.getHref()),
        },
        MONITORING.alertToastMs,
      );
    };
    return listenToLiveStream({ [LIVE_SYSTEM_ALERT_EVENT]: (event) => void onAlert(event) });
  }, [queryClient]);
  return null;
}
