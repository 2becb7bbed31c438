import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeVariant = 'neutral' | 'success' | 'info' | 'warning' | 'danger';

const STYLES: Record<BadgeVariant, string> = {
  neutral: 'border-border bg-muted text-muted-foreground',
  success: 'border-success-border bg-success-surface text-success-foreground',
  info: 'border-info-border bg-info-surface text-info-foreground',
  warning: 'border-warning-border bg-warning-surface text-warning-foreground',
  danger: 'border-danger-border bg-danger-surface text-danger-foreground',
};

export interface BadgeProps {
  variant?: BadgeVariant;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A short status label; its text carries the meaning, the colour only repeats it. */
export function Badge({ variant = 'neutral', icon, children, className }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STYLES[variant],
        className,
      )}
    >
      {icon}
      {children}
    </span>
  );
}
