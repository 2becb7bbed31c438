import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { Brand } from './brand';

export interface AppLayoutNavItem {
  href: string;
  label: string;
}

export interface AppLayoutProps {
  user: { fullName: string; email: string };
  navItems: AppLayoutNavItem[];
  onSignOut: () => void;
  isSigningOut?: boolean;
  children: ReactNode;
}

/**
 * The signed-in frame: product name, the person, language, theme and sign-out. It knows nothing of
 * auth itself (shared code never imports a feature); the app layer passes the user in.
 */
export function AppLayout({ user, navItems, onSignOut, isSigningOut = false, children }: AppLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#main-content"
        className={cn(
          'sr-only rounded-md bg-card px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2',
          FOCUS_RING,
        )}
      >
        {t('layout.skipToContent')}
      </a>
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Brand />
          {navItems.length > 0 && (
            <nav
              aria-label={t('layout.mainNavigation')}
              className="order-last w-full sm:order-none sm:w-auto"
            >
              <ul className="flex gap-1">
                {navItems.map((item) => (
                  <li key={item.href}>
                    <NavLink
                      to={item.href}
                      end
                      className={({ isActive }) =>
                        cn(
                          'block rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                          isActive
                            ? 'bg-muted text-foreground'
                            : 'text-muted-foreground hover:text-foreground',
                          FOCUS_RING,
                        )
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitch />
            <ThemeToggle />
            <div className="flex items-center gap-2 pl-1">
              <UserAvatar fullName={user.fullName} email={user.email} />
              <span className="sr-only max-w-40 truncate text-sm font-medium text-foreground md:not-sr-only">
                {user.fullName || user.email}
              </span>
            </div>
            <Button variant="secondary" size="sm" onClick={onSignOut} isLoading={isSigningOut}>
              <LogOut aria-hidden="true" className="size-4" />
              {t('actions.signOut')}
            </Button>
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
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
