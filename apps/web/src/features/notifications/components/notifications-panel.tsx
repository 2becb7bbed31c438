import {
  NOTIFICATION_FILTERS,
  NOTIFICATIONS_LIST_MAX_HEIGHT_PX,
  type Notification,
  type NotificationFilter,
} from '@cursus/contracts';
import { BellOff } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Spinner } from '@/components/ui/spinner';
import { useTabs } from '@/hooks/use-tabs';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';
import { notify } from '@/lib/toast';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { formatRelativeDate } from './format-relative-date';
import { describeNotification } from './notification-text';

function NotificationItem({
  notification,
  onSelect,
}: {
  notification: Notification;
  onSelect: (notification: Notification) => void;
}) {
  const { t } = useTranslation('notifications');
  const createdAt = new Date(notification.createdAt);
  const language = getLanguage();
  const { title, message } = describeNotification(notification, t, language);
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(notification)}
        className={cn(
          'flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-muted',
          !notification.isRead && 'bg-muted/40',
          FOCUS_RING,
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            notification.isRead ? 'invisible' : 'bg-primary',
          )}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span
            className={cn('text-sm text-foreground', notification.isRead ? 'font-medium' : 'font-semibold')}
          >
            {title}
          </span>
          <span className="text-sm break-words text-muted-foreground">{message}</span>
          <time
            dateTime={notification.createdAt}
            title={dateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(createdAt)}
            className="text-xs text-muted-foreground"
          >
            {formatRelativeDate(createdAt, new Date(), language)}
          </time>
          {!notification.isRead && <span className="sr-only">{t('panel.unread')}</span>}
        </span>
      </button>
    </li>
  );
}

function NotificationList({
  filter,
  notifications,
  onSelect,
}: {
  filter: NotificationFilter;
  notifications: ReturnType<typeof useNotifications>;
  onSelect: (notification: Notification) => void;
}) {
  const { t } = useTranslation('notifications');

  if (notifications.isPending) {
    return (
      <div className="flex justify-center p-6">
        <Spinner label={t('panel.loading')} />
      </div>
    );
  }
  if (notifications.isError) {
    return (
      <div className="p-3">
        <Alert
          variant="error"
          title={t('panel.error')}
          action={
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => notifications.refetch()}
              isLoading={notifications.isFetching}
            >
              {t('panel.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (notifications.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
        <BellOff aria-hidden="true" className="size-6" />
        <p>{t(`panel.empty.${filter}`)}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border">
      {notifications.data.items.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onSelect={onSelect} />
      ))}
    </ul>
  );
}

export interface NotificationsPanelProps {
  id: string;
  /** Focus moves here when the panel opens. */
  ref?: Ref<HTMLDivElement>;
  context?: string;
  unreadCount: number;
  /** Called with a notification's link once it is marked read; the bell closes and follows it. */
  onFollow: (actionUrl: string | null) => void;
  className?: string;
}

/** SPEC 2 dropdown: tabs all, achievements, general; a click marks read, and one button marks all. */
export function NotificationsPanel({
  id,
  ref,
  context,
  unreadCount,
  onFollow,
  className,
}: NotificationsPanelProps) {
  const { t } = useTranslation('notifications');
  const [selected, setSelected] = useState<NotificationFilter>('all');
  const baseId = useId();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  // Refetched when stale: the bell invalidates the lists each time it opens.
  const notifications = useNotifications({ type: selected, context }, { refetchOnMount: true });
  // The badge counts every tab; a single tab's unread ones are among its (at most 50) rows.
  const hasUnread =
    selected === 'all'
      ? unreadCount > 0
      : (notifications.data?.items.some((notification) => !notification.isRead) ?? false);

  const tabs = useTabs(NOTIFICATION_FILTERS, selected, setSelected);

  const onSelect = (notification: Notification) => {
    // SPEC 8: a failed mark-read shows the translated error; the link is followed anyway.
    if (!notification.isRead)
      markRead.mutate(notification.id, { onError: (error) => notify.error(getErrorMessage(error)) });
    if (notification.actionUrl) onFollow(notification.actionUrl);
  };

  const onMarkAllRead = () => {
    markAllRead.mutate(
      { notificationType: selected === 'all' ? undefined : selected, context },
      { onError: (error) => notify.error(getErrorMessage(error)) },
    );
  };

  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={`${baseId}-title`}
      tabIndex={-1}
      className={cn(
        'flex w-[min(22rem,calc(100vw-1.5rem))] flex-col rounded-xl border border-border bg-card text-left shadow-lg',
        FOCUS_RING,
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id={`${baseId}-title`} className="text-sm font-semibold text-foreground">
          {t('panel.title')}
        </h2>
        <Button
          variant="link"
          onClick={onMarkAllRead}
          disabled={!hasUnread}
          isLoading={markAllRead.isPending}
          className="text-xs"
        >
          {t('panel.markAllRead')}
        </Button>
      </div>
      <div
        role="tablist"
        onKeyDown={tabs.onTabListKeyDown}
        aria-label={t('panel.tabsLabel')}
        className="flex gap-1 border-b border-border px-2 py-1.5"
      >
        {NOTIFICATION_FILTERS.map((tab) => (
          <button
            key={tab}
            {...tabs.getTabProps(tab)}
            className={cn(
              'rounded-md px-3 py-1.5 text-xs font-medium transition-colors',
              selected === tab ? 'bg-muted text-foreground' : 'text-muted-foreground hover:text-foreground',
              FOCUS_RING,
            )}
          >
            {t(`panel.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div
        {...tabs.getPanelProps(selected)}
        className="overflow-y-auto overscroll-contain"
        // SPEC 9: the list is 400 px high at most; on a short screen, half of it.
        style={{ maxHeight: `min(${NOTIFICATIONS_LIST_MAX_HEIGHT_PX}px, 50dvh)` }}
      >
        <NotificationList filter={selected} notifications={notifications} onSelect={onSelect} />
      </div>
    </div>
  );
}
