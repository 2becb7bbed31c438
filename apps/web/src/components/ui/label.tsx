import type { LabelHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers always pass htmlFor or wrap the control.
  return <label className={cn('text-sm font-medium text-foreground', className)} {...props} />;
}
