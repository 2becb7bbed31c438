import { NOTIFICATION_BADGE_MAX } from '@cursus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';
import { getSafeRedirect } from '@/lib/safe-redirect';
import { useUnreadNotificationsCount } from '../api/get-unread-notifications-count';
import { notificationKeys } from '../api/notification-query-keys';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { NotificationsPanel } from './notifications-panel';

export interface NotificationsBellProps {
  /** Narrows the bell to one space's notifications (SPEC 3 `context`); all of them by default. */
  context?: string;
}

/** SPEC 9: the count up to 9, then '9+'. */
export function formatUnreadBadge(count: number, overflow: (max: number) => string): string {
  return count > NOTIFICATION_BADGE_MAX ? overflow(NOTIFICATION_BADGE_MAX) : String(count);
}

/**
 * The sidebar footer's bell (SPEC 2; learners have it too, docs/ARCHITECTURE.md): an unread badge
 * and a panel of the person's notifications, kept current by the live stream. It is a size container: in the minimised sidebar (a few rem
 * wide) its label hides and the icon centres, so it needs no prop from the layout. The panel opens
 * beside the sidebar on desktop and above the bell in the mobile drawer.
 */
export function NotificationsBell({ context }: NotificationsBellProps) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const unreadId = useId();
  const unread = useUnreadNotificationsCount({ context });
  useLiveNotifications();
  const count = unread.data?.count ?? 0;

  const close = useCallback(({ returnFocus }: { returnFocus: boolean }) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const toggle = () => {
    if (isOpen) {
      close({ returnFocus: false });
      return;
    }
    // Opening is when someone wants the latest: the lists refetch as they mount, the badge now.
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    setIsOpen(true);
  };

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.focus();
    // A click elsewhere closes it, leaving focus where that click put it.
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close({ returnFocus: false });
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen, close]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !isOpen) return;
    // Only the panel closes: the mobile drawer around it listens for Escape too.
    event.stopPropagation();
    close({ returnFocus: true });
  };

  const onFollow = (actionUrl: string | null) => {
    const target = getSafeRedirect(actionUrl);
    if (!target) return;
    close({ returnFocus: false });
    navigate(target);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape is handled for the button and the panel inside.
    <div ref={wrapperRef} className="@container relative w-full" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        // The count is a description rather than part of the name: the name stays the visible label.
        aria-describedby={count > 0 ? unreadId : undefined}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        title={t('bell.label')}
        className={cn(
          'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
          '@max-[6rem]:justify-center @max-[6rem]:px-2',
          isOpen && 'bg-muted text-foreground',
          FOCUS_RING,
        )}
      >
        <span className="relative inline-flex shrink-0">
          <Bell aria-hidden="true" className="size-4" />
          {count > 0 && (
            <span
              aria-hidden="true"
              data-testid="notifications-badge"
              className="absolute -top-2 -right-2.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 font-semibold text-primary-foreground"
            >
              {formatUnreadBadge(count, (max) => t('bell.badgeOverflow', { max }))}
            </span>
          )}
        </span>
        <span className="flex-1 text-left @max-[6rem]:sr-only">{t('bell.label')}</span>
      </button>
      {count > 0 && (
        <span id={unreadId} className="sr-only">
          {t('bell.unread', { count })}
        </span>
      )}
      {isOpen && (
        <NotificationsPanel
          id={panelId}
          ref={panelRef}
          context={context}
          unreadCount={count}
          onFollow={onFollow}
          className="absolute bottom-full left-0 z-50 mb-2 desktop:bottom-0 desktop:left-full desktop:mb-0 desktop:ml-4"
        />
      )}
    </div>
  );
}
