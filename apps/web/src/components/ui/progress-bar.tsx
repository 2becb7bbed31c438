import { cn } from '@/lib/cn';

export interface ProgressBarProps {
  /** 0 to 100; values outside are clamped. */
  value: number;
  /** Names the bar for assistive technology, e.g. the formation's title. */
  label: string;
  /** What is read out instead of the bare number, e.g. '40 %, 2 leçons sur 5'. */
  valueText?: string;
  size?: 'sm' | 'md';
  className?: string;
}

/** A determinate progress bar; pair it with visible text, since the fill alone says little. */
export function ProgressBar({ value, label, valueText, size = 'md', className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn(
        'w-full overflow-hidden rounded-full bg-muted ring-1 ring-border ring-inset',
        size === 'sm' ? 'h-1.5' : 'h-2.5',
        className,
      )}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${clamped}%` }} />
    </div>
  );
}
