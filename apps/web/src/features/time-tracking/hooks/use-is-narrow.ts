import { type RefObject, useEffect, useState } from 'react';

/** Whether the element is narrower than `widthPx`, followed with a ResizeObserver. */
export function useIsNarrow(ref: RefObject<HTMLElement | null>, widthPx: number): boolean {
  const [isNarrow, setIsNarrow] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const width = entries.at(-1)?.contentRect.width;
      if (width !== undefined && width > 0) setIsNarrow(width < widthPx);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, widthPx]);
  return isNarrow;
}
