import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export interface FilterBarProps {
  /** Names the search landmark. */
  label: string;
  /** The wide-screen column template, such as 'lg:grid-cols-[2fr_1fr_1fr_1fr]'. */
  className?: string;
  /**
   * One control a row at every width, for a bar in a narrow column. Not 'sm:grid-cols-1' in
   * `className`: Tailwind orders its rules, not the class attribute, and the two columns won.
   */
  singleColumn?: boolean;
  children: ReactNode;
}

/** A list's filters: one card holding labelled controls, two per row on a small screen. */
export function FilterBar({ label, className, singleColumn = false, children }: FilterBarProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some supported browsers and to the test DOM.
    <div
      role="search"
      aria-label={label}
      className={cn(
        'grid gap-3 rounded-xl border border-border bg-card p-4',
        !singleColumn && 'sm:grid-cols-2',
        className,
      )}
    >
      {children}
    </div>
  );
}

export interface FilterFieldProps {
  label: string;
  /** The id of the control it labels. */
  htmlFor: string;
  className?: string;
  children: ReactNode;
}

/** One labelled control of a FilterBar. */
export function FilterField({ label, htmlFor, className, children }: FilterFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}
