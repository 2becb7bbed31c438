import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { INPUT_CLASS_NAME } from './input';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 3, ...props }: TextareaProps) {
  return (
    <textarea rows={rows} className={cn(INPUT_CLASS_NAME, 'h-auto min-h-20 py-2', className)} {...props} />
  );
}
