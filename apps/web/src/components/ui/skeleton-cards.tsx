import { cn } from '@/lib/cn';

export interface SkeletonCardsProps {
  /** Announced once while the content loads. */
  label: string;
  count: number;
  /** One grey bar each, its size and rounding, e.g. 'h-4 w-1/3 rounded', in the shape of what is coming. */
  bars: readonly string[];
  /** Lays the cards out, e.g. as the grid the loaded cards will fill. */
  className?: string;
  /** The card's padding and pulse. */
  cardClassName?: string;
}

/** Grey cards where content will appear, so the page does not jump when it arrives; hidden from the tree. */
export function SkeletonCards({
  label,
  count,
  bars,
  className,
  cardClassName = 'animate-pulse p-4',
}: SkeletonCardsProps) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          key={index}
          aria-hidden="true"
          className={cn('flex flex-col gap-3 rounded-xl border border-border bg-card', cardClassName)}
        >
          {bars.map((bar, barIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the bars are fixed, never reordered.
            <div key={barIndex} className={cn('bg-muted', bar)} />
          ))}
        </div>
      ))}
    </div>
  );
}
