import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';
import { FOCUS_RING } from './focus-ring';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export const INPUT_CLASS_NAME = cn(
  'block h-10 w-full rounded-md border border-input bg-card px-3 text-sm text-foreground',
  'placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60',
  'aria-invalid:border-danger',
  FOCUS_RING,
);

export function Input({ className, ...props }: InputProps) {
  return <input className={cn(INPUT_CLASS_NAME, className)} {...props} />;
}
