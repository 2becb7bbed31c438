import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';

/** Search boxes wait for a pause in typing before the address (and the server) follow them. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Applies a search box's `text` once typing pauses, when it differs from the search in force
 * (`applied`, usually read from the address).
 *
 * Leaving the page wins: writing the search then would replace the navigation (the lists write with
 * `replace`) and bring the list back instead of the page the user clicked, which happens when a
 * result is clicked within the pause while its lazy route loads. A pending write is dropped on a
 * click on a link (at once, before React renders again: under load the pause can end first) and
 * while any navigation is under way.
 */
export function useSettledSearch(text: string, applied: string, apply: (text: string) => void) {
  const navigating = useNavigation().state !== 'idle';
  // The latest `apply` without restarting the pause each render (it closes over the current filters).
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (navigating || text.trim() === applied.trim()) return;
    const timer = setTimeout(() => applyRef.current(text), SEARCH_DEBOUNCE_MS);
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) clearTimeout(timer);
    };
    document.addEventListener('click', onClick, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('click', onClick, true);
    };
  }, [text, applied, navigating]);
}
