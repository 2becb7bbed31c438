import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { areDatesInOrder, type DateRange } from '@/lib/date-range';

export interface DateRangeFieldsProps extends DateRange {
  onChange: (changes: Partial<DateRange>) => void;
  /** Another problem with the period (one too long, say), worded by the screen; it marks the start day. */
  error?: string | null;
}

/**
 * The "from" and "to" days of a FilterBar, as native date inputs (mobile pickers, keyboard and
 * screen readers just work). Each bounds the other's picker; days typed out of order are announced
 * under them, and the screen leaves them out of its request until corrected.
 */
export function DateRangeFields({ from, to, onChange, error = null }: DateRangeFieldsProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const errorId = `${id}-dates-error`;
  const isInOrder = areDatesInOrder({ from, to });
  const message = isInOrder ? error : t('dateRange.outOfOrder');
  return (
    <>
      <FilterField label={t('dateRange.from')} htmlFor={`${id}-from`} className="min-w-0">
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </FilterField>
      <FilterField label={t('dateRange.to')} htmlFor={`${id}-to`} className="min-w-0">
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          aria-invalid={isInOrder ? undefined : true}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </FilterField>
      {message && (
        <p id={errorId} role="alert" className="text-sm text-danger sm:col-span-2 lg:col-span-4">
          {message}
        </p>
      )}
    </>
  );
}
