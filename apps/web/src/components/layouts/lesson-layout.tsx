import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { buttonClassName } from '@/components/ui/button';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';

export interface LessonLayoutProps {
  backHref: string;
  /** Controls at the start of the header's right side, such as the learners' ask-question button. */
  actions?: ReactNode;
  children: ReactNode;
}

/** SPEC 2: lesson pages do without the student sidebar, leaving the room to the lesson. */
export function LessonLayout({ backHref, actions, children }: LessonLayoutProps) {
  const { t } = useTranslation(['navigation', 'common']);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#main-content"
        className={cn(
          'sr-only rounded-md bg-card px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2',
          FOCUS_RING,
        )}
      >
        {t('common:layout.skipToContent')}
      </a>
      <header className="border-b border-border bg-card">
        <div className="flex items-center gap-2 px-4 py-3 sm:px-6">
          <Link to={backHref} className={buttonClassName('ghost', 'sm')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('navigation:lesson.backToCourses')}
          </Link>
          <div className="ml-auto flex items-center gap-2">
            {actions}
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
