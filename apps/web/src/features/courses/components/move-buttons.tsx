import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface MoveButtonsProps {
  /** Keeps focus on the pressed button once the list re-renders in its new order. */
  focusKey: string;
  index: number;
  count: number;
  upLabel: string;
  downLabel: string;
  onMove: (direction: 'up' | 'down') => void;
  className?: string;
}

/** Up and down buttons: reordering an outline never depends on dragging with a mouse. */
export function MoveButtons({
  focusKey,
  index,
  count,
  upLabel,
  downLabel,
  onMove,
  className,
}: MoveButtonsProps) {
  const { t } = useTranslation('courses');
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-8', className)}
        data-focus-key={`${focusKey}:up`}
        aria-label={upLabel}
        title={t('outline.moveUp')}
        disabled={index === 0}
        onClick={() => onMove('up')}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-8', className)}
        data-focus-key={`${focusKey}:down`}
        aria-label={downLabel}
        title={t('outline.moveDown')}
        disabled={index === count - 1}
        onClick={() => onMove('down')}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </Button>
    </>
  );
}
