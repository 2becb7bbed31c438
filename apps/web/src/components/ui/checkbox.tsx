import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';
import { FOCUS_RING } from './focus-ring';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
  /** The visible label; the whole line toggles the box. */
  label: ReactNode;
  /** A second, quieter line under the label. */
  hint?: ReactNode;
}

/** The native checkbox inside its label, so clicking the text toggles it and it is named for free. */
export function Checkbox({ label, hint, className, disabled, ...props }: CheckboxProps) {
  return (
    <label
      className={cn(
        'flex min-w-0 items-start gap-3 text-sm text-foreground',
        disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer',
        className,
      )}
    >
      <input
        type="checkbox"
        disabled={disabled}
        className={cn('mt-0.5 size-4 shrink-0 accent-primary', FOCUS_RING)}
        {...props}
      />
      <span className="flex min-w-0 flex-col">
        <span className="break-words">{label}</span>
        {hint && <span className="text-xs break-words text-muted-foreground">{hint}</span>}
      </span>
    </label>
  );
}
