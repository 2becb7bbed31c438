import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { Brand } from './brand';

export interface PublicLayoutProps {
  /** The page's one <h1>. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** Pages reached without an account (sign-in, password reset, errors): one centred card. */
export function PublicLayout({ title, description, children }: PublicLayoutProps) {
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
    </div>
  );
}
