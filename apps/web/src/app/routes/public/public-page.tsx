import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Brand } from '@/components/layouts/brand';
import { ThemeToggle } from '@/components/theme-toggle';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';

/** SPEC 2 public information pages, in footer order. */
export const PUBLIC_PAGES = [
  { key: 'terms', path: '/terms' },
  { key: 'privacy', path: '/privacy' },
  { key: 'legal', path: '/legal' },
  { key: 'cookies', path: '/cookies' },
  { key: 'whyOssLms', path: '/why-oss-lms' },
  { key: 'install', path: '/install' },
  { key: 'knowledgeBase', path: '/knowledge-base' },
] as const;

export type PublicPageKey = (typeof PUBLIC_PAGES)[number]['key'];

const MAIN_ID = 'public-main';

export interface PublicPageProps {
  page: PublicPageKey;
  /** The page's one <h1>. */
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * Frame of a public information page: its own header, main and footer, so it reads the same whether
 * the visitor is signed in or not.
 */
export function PublicPage({ page, title, intro, children }: PublicPageProps) {
  const { t } = useTranslation(['legal', 'common']);
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href={`#${MAIN_ID}`}
        className={cn(
          'sr-only rounded-md bg-card px-3 py-2 text-sm font-medium text-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2',
          FOCUS_RING,
        )}
      >
        {t('common:layout.skipToContent')}
      </a>
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Brand />
          <div className="flex items-center gap-2">
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{title}</h1>
        {intro && <p className="mt-3 text-base text-muted-foreground">{intro}</p>}
        <div className="mt-8 flex flex-col gap-8">{children}</div>
      </main>
      <footer className="border-t border-border bg-card">
        <div className="mx-auto flex max-w-4xl flex-col gap-3 px-4 py-6 sm:px-6">
          <nav aria-label={t('legal:frame.footerNavigation')}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
              {PUBLIC_PAGES.map((link) => (
                <li key={link.key}>
                  <Link
                    to={link.path}
                    aria-current={link.key === page ? 'page' : undefined}
                    className={cn(
                      'rounded-sm underline-offset-4 hover:underline',
                      link.key === page ? 'font-semibold text-foreground' : 'text-link',
                      FOCUS_RING,
                    )}
                  >
                    {t(`legal:frame.links.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-sm text-muted-foreground">{t('legal:frame.footerNote')}</p>
        </div>
      </footer>
    </div>
  );
}

export interface TextSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
  /** Paragraphs that follow the list. */
  after?: string[];
}

/** A titled block of text: paragraphs, a bulleted list, then closing paragraphs, each optional. */
export function Section({
  id,
  section,
  children,
}: {
  id: string;
  section: TextSection;
  children?: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        {section.title}
      </h2>
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph} className="leading-relaxed text-foreground">
          {paragraph}
        </p>
      ))}
      {section.items && (
        <ul className="flex list-disc flex-col gap-1.5 pl-6 leading-relaxed text-foreground">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.after?.map((paragraph) => (
        <p key={paragraph} className="leading-relaxed text-foreground">
          {paragraph}
        </p>
      ))}
      {children}
    </section>
  );
}

/** Every section of a page, in the order the locale file lists them. */
export function Sections({ sections }: { sections: Record<string, TextSection> }) {
  return (
    <>
      {Object.entries(sections).map(([id, section]) => (
        <Section key={id} id={id} section={section} />
      ))}
    </>
  );
}

export interface DataTableProps<Column extends string> {
  caption: string;
  columns: Record<Column, string>;
  rows: Record<Column, string>[];
  /** Columns shown in monospace, such as cookie names. */
  codeColumns?: Column[];
}

/** A table whose first column names each row, so screen readers announce it with every cell. */
export function DataTable<Column extends string>({
  caption,
  columns,
  rows,
  codeColumns = [],
}: DataTableProps<Column>) {
  const keys = Object.keys(columns) as Column[];
  // Every table has at least one column: the one naming each row.
  const rowHeader = keys[0]!;
  const cells = keys.slice(1);
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, keyboard users must be able to scroll the table sideways on narrow screens.
      tabIndex={0}
      aria-label={caption}
      className={cn('scroll-shadows-x overflow-x-auto rounded-lg border border-border', FOCUS_RING)}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {keys.map((key) => (
              <th key={key} scope="col" className="px-3 py-2 font-semibold text-foreground">
                {columns[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[rowHeader]} className="border-t border-border align-top">
              <th
                scope="row"
                className={cn(
                  'px-3 py-2 font-medium text-foreground',
                  codeColumns.includes(rowHeader) && 'font-mono',
                )}
              >
                {row[rowHeader]}
              </th>
              {cells.map((key) => (
                <td
                  key={key}
                  className={cn('px-3 py-2 text-foreground', codeColumns.includes(key) && 'font-mono')}
                >
                  {row[key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
