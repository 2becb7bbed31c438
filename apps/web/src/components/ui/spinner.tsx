import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Announced to assistive technology; without it the spinner is decorative. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('animate-spin', SIZES[size], className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex flex-col items-center gap-3">
      {icon}
      <span className="text-sm text-muted-foreground">{label}</span>
    </span>
  );
}

/** A whole-page wait, e.g. while the session is checked. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background p-6">
      <Spinner size="lg" label={label} className="text-primary" />
    </div>
  );
}
