import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element it is: a section, an article, a list item… (a div by default). */
  as?: 'div' | 'section' | 'article' | 'li' | 'ul' | 'ol' | 'p' | 'figure';
  /**
   * Its padding classes. `cn` joins classes without merging them, so a padding given in className
   * would compete with the default one instead of replacing it; 'p-0' for a flush list.
   */
  padding?: string;
  /** Without the shadow: a card that sits inside a larger panel or page section. */
  isFlat?: boolean;
}

export function Card({
  as: Element = 'div',
  padding = 'p-6',
  isFlat = false,
  className,
  ...props
}: CardProps) {
  return (
    <Element
      className={cn('rounded-xl border border-border bg-card', padding, !isFlat && 'shadow-sm', className)}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('text-lg font-semibold text-foreground', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
