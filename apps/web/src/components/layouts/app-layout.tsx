import type { LucideIcon } from 'lucide-react';
import {
  ChevronDown,
  CircleHelp,
  LogOut,
  Menu,
  MessageCircleQuestion,
  PanelLeftClose,
  PanelLeftOpen,
  UserRound,
  X,
} from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { UserAvatar } from '@/components/user-avatar';
import type { SectionId } from '@/config/paths';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useTopBarState } from '@/hooks/use-top-bar-state';
import { cn } from '@/lib/cn';
import { Brand } from './brand';

export interface AppLayoutNavItem {
  id: SectionId;
  href: string;
  label: string;
  icon: LucideIcon;
  /** A short tag shown beside the label, such as 'Nouveau' (SPEC 2). */
  badge?: string;
}

export interface AppLayoutNavGroup {
  id: string;
  label: string;
  icon: LucideIcon;
  items: AppLayoutNavItem[];
}

export interface AppLayoutProps {
  user: { fullName: string; email: string };
  /** SPEC 2 sidebar header: Administration, Organisme de formation or Apprenant. */
  contextLabel: string;
  /** The person's organisation (its logo and name) under the context label, hidden when minimised. */
  organizationBrand?: ReactNode;
  groups: AppLayoutNavGroup[];
  activeSection: SectionId | null;
  helpHref: string;
  /** When given, the footer's help entry opens a dialog instead of following helpHref (SPEC 2). */
  onHelp?: () => void;
  /** When given, 'J'ai une question ?' calls it (the learners' ask-question dialog) instead of opening help. */
  onAskQuestion?: () => void;
  /** SPEC 2 footer: the notifications bell, given for trainers and admins only. */
  notifications?: ReactNode;
  /** SPEC 2 time-tracker card, at the top of the footer (students only); it minimises with the sidebar. */
  timeTracker?: ReactNode;
  profileHref: string;
  onSignOut: () => void;
  isSigningOut?: boolean;
  children: ReactNode;
}

/** SPEC 3 local preference: whether the desktop sidebar is minimised. */
export const SIDEBAR_MINIMIZED_STORAGE_KEY = 'sidebar-minimized';
/** SPEC 9: up to 768 px the sidebar is a drawer. */
const MOBILE_QUERY = '(max-width: 768px)';

function readMinimized(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_MINIMIZED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeMinimized(isMinimized: boolean) {
  try {
    localStorage.setItem(SIDEBAR_MINIMIZED_STORAGE_KEY, String(isMinimized));
  } catch {
    // Unsaved, the choice still holds until the page is closed.
  }
}

function findGroupOf(groups: AppLayoutNavGroup[], section: SectionId | null): string | null {
  return groups.find((group) => group.items.some((item) => item.id === section))?.id ?? null;
}

function NavItemLink({
  item,
  isActive,
  isCompact,
}: {
  item: AppLayoutNavItem;
  isActive: boolean;
  isCompact: boolean;
}) {
  const Icon = item.icon;
  return (
    <Link
      to={item.href}
      aria-current={isActive ? 'page' : undefined}
      title={isCompact ? item.label : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
        isCompact && 'justify-center px-2',
        isActive ? 'bg-muted text-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        FOCUS_RING,
      )}
    >
      <Icon aria-hidden="true" className={cn('size-4 shrink-0', isActive && 'text-primary')} />
      <span className={cn('min-w-0 flex-1 leading-snug', isCompact && 'sr-only')}>{item.label}</span>
      {item.badge && !isCompact && (
        <span className="rounded-full border border-info-border bg-info-surface px-2 py-0.5 text-xs font-semibold text-info-foreground">
          {item.badge}
        </span>
      )}
    </Link>
  );
}

/**
 * The signed-in frame (SPEC 2 layout and navigation): a sidebar of grouped sections, one group open at
 * a time, minimised with Ctrl/Cmd+B on desktop and a left drawer on mobile. It knows nothing of auth
 * (shared code never imports a feature); the app layer passes the person and the menu in.
 */
export function AppLayout({
  user,
  contextLabel,
  organizationBrand,
  groups,
  activeSection,
  helpHref,
  onHelp,
  onAskQuestion,
  notifications,
  timeTracker,
  profileHref,
  onSignOut,
  isSigningOut = false,
  children,
}: AppLayoutProps) {
  const { t } = useTranslation(['navigation', 'common']);
  const location = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const topBarState = useTopBarState(!isMobile);
  const [isMinimized, setIsMinimized] = useState(readMinimized);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [openGroupId, setOpenGroupId] = useState(() => findGroupOf(groups, activeSection));
  const sidebarId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerCloseRef = useRef<HTMLButtonElement>(null);
  const isCompact = isMinimized && !isMobile;
  const activeGroupId = findGroupOf(groups, activeSection);

  // SPEC 4: the group holding the active item opens when the page changes. Adjusted during render
  // rather than in an effect: an effect still pending at mount would undo a click made at once.
  const [groupOpenedForPage, setGroupOpenedForPage] = useState(activeGroupId);
  if (activeGroupId !== groupOpenedForPage) {
    setGroupOpenedForPage(activeGroupId);
    if (activeGroupId) setOpenGroupId(activeGroupId);
  }

  const toggleMinimized = useCallback(() => {
    setIsMinimized((previous) => {
      storeMinimized(!previous);
      return !previous;
    });
  }, []);

  // SPEC 2: Ctrl/Cmd+B toggles the minimised sidebar on desktop. A layout effect, so the shortcut
  // works as soon as the frame shows: a passive one ran later on a loaded machine, and a key pressed
  // in between went unheard.
  useLayoutEffect(() => {
    if (isMobile) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggleMinimized();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMobile, toggleMinimized]);

  const closeDrawer = useCallback(() => {
    setIsDrawerOpen(false);
    menuButtonRef.current?.focus();
  }, []);

  // Following a link in the drawer closes it. Adjusted during render, as the open group is: the effect
  // this was, still pending at mount, undid a tap on the menu made at once (its test lost the click on
  // a loaded CI machine; a slow phone would too).
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  if (location.pathname !== drawerPath) {
    setDrawerPath(location.pathname);
    setIsDrawerOpen(false);
  }

  useEffect(() => {
    if (!isDrawerOpen || !isMobile) return;
    drawerCloseRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isDrawerOpen, isMobile, closeDrawer]);

  const navigate = useNavigate();
  // Learners ask their trainers (onAskQuestion); anyone else reaches the help's contact (SPEC 2 help
  // dialog or help centre).
  const askQuestion = () => {
    if (onAskQuestion) onAskQuestion();
    else if (onHelp) onHelp();
    else navigate(`${helpHref}?tab=contact`);
  };
  const isDrawerShown = isMobile && isDrawerOpen;
  const sidebarButtonClass = cn(
    'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
    isCompact && 'justify-center px-2',
    FOCUS_RING,
  );

  return (
    <div className="flex min-h-dvh bg-background">
      <a
        href="#main-content"
        className={cn(
          'sr-only rounded-md bg-card px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50',
          FOCUS_RING,
        )}
      >
        {t('common:layout.skipToContent')}
      </a>

      {isDrawerShown && (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-black/60"
          onClick={closeDrawer}
        />
      )}

      <aside
        id={sidebarId}
        aria-label={t('navigation:sidebar.label')}
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-border bg-card transition-[transform,width] duration-200',
          'desktop:visible desktop:sticky desktop:top-0 desktop:h-dvh desktop:translate-x-0',
          isCompact ? 'desktop:w-16' : 'desktop:w-64',
          // Closed, the drawer is out of sight and out of the tab order (visibility: hidden).
          isDrawerOpen ? 'visible translate-x-0' : 'invisible -translate-x-full',
        )}
      >
        <div className={cn('flex flex-col gap-3 border-b border-border p-3', isCompact && 'items-center')}>
          <div className="flex items-center justify-between gap-2">
            {isCompact ? null : <Brand />}
            <Button
              ref={drawerCloseRef}
              variant="ghost"
              size="icon"
              className="desktop:hidden"
              onClick={closeDrawer}
              aria-label={t('navigation:sidebar.closeMenu')}
            >
              <X aria-hidden="true" className="size-5" />
            </Button>
          </div>
          <p
            className={cn(
              'text-xs font-semibold tracking-wide text-muted-foreground uppercase',
              isCompact && 'sr-only',
            )}
          >
            {contextLabel}
          </p>
          {organizationBrand && !isCompact ? organizationBrand : null}
          <button
            type="button"
            onClick={askQuestion}
            title={isCompact ? t('navigation:question.button') : undefined}
            className={cn(sidebarButtonClass, 'border border-input text-foreground')}
          >
            <MessageCircleQuestion aria-hidden="true" className="size-4 shrink-0" />
            <span className={cn(isCompact && 'sr-only')}>{t('navigation:question.button')}</span>
          </button>
        </div>

        <nav
          aria-label={t('common:layout.mainNavigation')}
          className="scroll-shadows flex-1 overflow-y-auto p-3"
        >
          <ul className="flex flex-col gap-1">
            {groups.map((group) => {
              const isOpen = isCompact || openGroupId === group.id || groups.length === 1;
              const GroupIcon = group.icon;
              const listId = `${sidebarId}-${group.id}`;
              return (
                <li key={group.id}>
                  {isCompact || groups.length === 1 ? (
                    // A lone group has nothing to fold: its name is a label, not a control.
                    <p
                      className={cn(
                        isCompact
                          ? 'sr-only'
                          : 'flex items-center gap-3 px-3 py-2 text-sm font-semibold text-foreground',
                      )}
                    >
                      {!isCompact && <GroupIcon aria-hidden="true" className="size-4 shrink-0" />}
                      {group.label}
                    </p>
                  ) : (
                    <button
                      type="button"
                      aria-expanded={isOpen}
                      aria-controls={listId}
                      onClick={() => setOpenGroupId(isOpen ? null : group.id)}
                      className={cn(sidebarButtonClass, 'text-foreground')}
                    >
                      <GroupIcon aria-hidden="true" className="size-4 shrink-0" />
                      <span className="flex-1 text-left">{group.label}</span>
                      <ChevronDown
                        aria-hidden="true"
                        className={cn('size-4 transition-transform', isOpen && 'rotate-180')}
                      />
                    </button>
                  )}
                  <ul
                    id={listId}
                    hidden={!isOpen}
                    className={cn('flex flex-col gap-0.5', !isCompact && 'mt-0.5 pl-3')}
                  >
                    {group.items.map((item) => (
                      <li key={item.href}>
                        <NavItemLink item={item} isActive={item.id === activeSection} isCompact={isCompact} />
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className={cn('flex flex-col gap-1 border-t border-border p-3', isCompact && 'items-center')}>
          {timeTracker}
          {notifications}
          {onHelp ? (
            <button
              type="button"
              onClick={onHelp}
              aria-haspopup="dialog"
              title={isCompact ? t('navigation:sidebar.help') : undefined}
              className={sidebarButtonClass}
            >
              <CircleHelp aria-hidden="true" className="size-4 shrink-0" />
              <span className={cn(isCompact && 'sr-only')}>{t('navigation:sidebar.help')}</span>
            </button>
          ) : (
            <Link
              to={helpHref}
              title={isCompact ? t('navigation:sidebar.help') : undefined}
              className={sidebarButtonClass}
            >
              <CircleHelp aria-hidden="true" className="size-4 shrink-0" />
              <span className={cn(isCompact && 'sr-only')}>{t('navigation:sidebar.help')}</span>
            </Link>
          )}
          <Link
            to={profileHref}
            title={isCompact ? t('navigation:sidebar.profile') : undefined}
            className={sidebarButtonClass}
          >
            <UserRound aria-hidden="true" className="size-4 shrink-0" />
            <span className={cn(isCompact && 'sr-only')}>{t('navigation:sidebar.profile')}</span>
          </Link>
          <div className={cn('flex items-center gap-2', isCompact && 'flex-col')}>
            <ThemeToggle />
            <Button
              variant="secondary"
              size={isCompact ? 'icon' : 'sm'}
              className={cn(!isCompact && 'flex-1')}
              onClick={onSignOut}
              isLoading={isSigningOut}
              aria-label={isCompact ? t('common:actions.signOut') : undefined}
              title={isCompact ? t('common:actions.signOut') : undefined}
            >
              {!isSigningOut && <LogOut aria-hidden="true" className="size-4" />}
              {!isCompact && t('common:actions.signOut')}
            </Button>
          </div>
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header
          data-state={topBarState}
          className={cn(
            'sticky top-0 z-20 border-b border-border bg-card transition-transform duration-200',
            // A hidden bar comes back when the keyboard reaches it.
            topBarState === 'hidden' && '-translate-y-full focus-within:translate-y-0',
          )}
        >
          <div
            className={cn(
              'flex items-center gap-2 px-4 transition-[padding] duration-200 sm:px-6',
              // Only 'collapsed' changes the height: resizing the bar as it hides would move the page,
              // and the browser's scroll anchoring would report that as scrolling back up.
              topBarState === 'collapsed' ? 'py-1' : 'py-3',
            )}
          >
            <Button
              ref={menuButtonRef}
              variant="ghost"
              size="icon"
              className="desktop:hidden"
              onClick={() => setIsDrawerOpen(true)}
              aria-expanded={isDrawerShown}
              aria-controls={sidebarId}
              aria-label={t('navigation:sidebar.openMenu')}
            >
              <Menu aria-hidden="true" className="size-5" />
            </Button>
            {/* A wrapper hides it on mobile: the button's own inline-flex would win over `hidden`. */}
            <span className="hidden desktop:inline-flex">
              <Button
                variant="ghost"
                size="icon"
                onClick={toggleMinimized}
                aria-pressed={isMinimized}
                aria-keyshortcuts="Control+B Meta+B"
                aria-label={isMinimized ? t('navigation:sidebar.expand') : t('navigation:sidebar.minimize')}
                title={`${isMinimized ? t('navigation:sidebar.expand') : t('navigation:sidebar.minimize')} (${t('navigation:sidebar.shortcut')})`}
              >
                {isMinimized ? (
                  <PanelLeftOpen aria-hidden="true" className="size-5" />
                ) : (
                  <PanelLeftClose aria-hidden="true" className="size-5" />
                )}
              </Button>
            </span>
            <div className="ml-auto flex items-center gap-2">
              <LanguageSwitch />
              <div className="flex items-center gap-2 pl-1">
                <UserAvatar fullName={user.fullName} email={user.email} />
                <span className="sr-only max-w-40 truncate text-sm font-medium text-foreground md:not-sr-only">
                  {user.fullName || user.email}
                </span>
              </div>
            </div>
          </div>
        </header>
        {isMobile && topBarState === 'hidden' && !isDrawerOpen && (
          // SPEC 2: with the top bar out of sight, the menu stays one tap away on mobile.
          <Button
            variant="secondary"
            size="icon"
            className="fixed top-3 left-3 z-30 rounded-full shadow-lg"
            onClick={() => setIsDrawerOpen(true)}
            aria-controls={sidebarId}
            aria-label={t('navigation:sidebar.openMenu')}
          >
            <Menu aria-hidden="true" className="size-5" />
          </Button>
        )}
        <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          {children}
        </main>
      </div>
    </div>
  );
}

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
}

/** The page's one <h1> and its subtitle. */
export function PageHeader({ title, description }: PageHeaderProps) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
    </div>
  );
}
