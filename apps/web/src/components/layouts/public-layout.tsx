import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';
import { Brand } from './brand';

/**
 * What someone signing up accepts and who runs the service (SPEC 2 public pages), reachable before
 * they have an account; the information pages' own footer lists them all (public-page.tsx).
 */
const LEGAL_LINKS = [
  { key: 'terms', path: '/terms' },
  { key: 'privacy', path: '/privacy' },
  { key: 'legalNotice', path: '/legal' },
  { key: 'cookies', path: '/cookies' },
] as const;

export interface PublicLayoutProps {
  /** The page's one <h1>. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** Pages reached without an account (sign-in, password reset, errors): one centred card. */
export function PublicLayout({ title, description, children }: PublicLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Brand />
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:pt-12">
        <div className="w-full max-w-md rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
          {description && <p className="mt-2 text-sm text-muted-foreground">{description}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <footer className="px-4 pb-6 sm:px-6">
        <nav aria-label={t('layout.legalLinks')}>
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.key}>
                <Link
                  to={link.path}
                  className={cn('rounded-sm text-link underline-offset-4 hover:underline', FOCUS_RING)}
                >
                  {t(`layout.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </footer>
    </div>
  );
}
