import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { INPUT_CLASS_NAME } from './input';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** The native select: keyboard, screen readers and mobile pickers work without extra code. */
export function Select({ className, ...props }: SelectProps) {
  return <select className={cn(INPUT_CLASS_NAME, 'pr-8', className)} {...props} />;
}
