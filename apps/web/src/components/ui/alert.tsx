import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type AlertVariant = 'error' | 'success' | 'info' | 'warning';

const STYLES: Record<AlertVariant, string> = {
  error: 'border-danger-border bg-danger-surface text-danger-foreground',
  success: 'border-success-border bg-success-surface text-success-foreground',
  info: 'border-info-border bg-info-surface text-info-foreground',
  warning: 'border-warning-border bg-warning-surface text-warning-foreground',
};

const ICONS = { error: CircleAlert, success: CircleCheck, info: Info, warning: TriangleAlert } as const;

export interface AlertProps {
  variant?: AlertVariant;
  title?: string;
  children?: ReactNode;
  /** Actions under the text, such as a resend button. */
  action?: ReactNode;
  className?: string;
}

/** A message in the page. Errors interrupt screen readers (role alert); other kinds wait their turn. */
export function Alert({ variant = 'info', title, children, action, className }: AlertProps) {
  const Icon = ICONS[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border p-3 text-sm', STYLES[variant], className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-2">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
        {action}
      </div>
    </div>
  );
}
