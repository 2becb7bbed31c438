/** A period chosen with two date inputs: days as 'YYYY-MM-DD', '' for an open end. */
export interface DateRange {
  from: string;
  to: string;
}

/** Either end may be open; a closed period may start and end on the same day. */
export function areDatesInOrder({ from, to }: DateRange): boolean {
  return !from || !to || from <= to;
}
