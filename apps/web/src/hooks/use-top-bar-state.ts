import { TOP_BAR } from '@cursus/contracts';
import { useEffect, useRef, useState } from 'react';

export type TopBarState = 'expanded' | 'collapsed' | 'hidden';

/** SPEC 4: the state the page's scroll asks for, from the previous and the current offsets. */
export function getTopBarStateOnScroll(current: TopBarState, previousY: number, y: number): TopBarState {
  if (y < TOP_BAR.expandedBelowPx) return 'expanded';
  if (y > previousY && y > TOP_BAR.hiddenBeyondPx) return 'hidden';
  if (y < previousY) return 'collapsed';
  return current;
}

/** What counts as someone using the page, for the desktop auto-collapse. */
const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * The top bar follows the window's scroll; on desktop it also collapses after 30 s without activity
 * and re-expands on the next activity.
 */
export function useTopBarState(isDesktop: boolean): TopBarState {
  const [state, setState] = useState<TopBarState>('expanded');
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    // The frame mounts with its first page, at the top: reading window.scrollY here would lay out
    // the page it has just rendered (12 to 40 ms of a first load, issue 12) for a 0.
    let previousY = 0;
    const onScroll = () => {
      const from = previousY;
      const y = window.scrollY;
      previousY = y;
      // The updater may run later: it must not read previousY, which has moved on by then.
      setState((current) => getTopBarStateOnScroll(current, from, y));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!isDesktop) return;
    let collapsedAt: number | null = null;
    let timer: ReturnType<typeof setTimeout>;
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // Only an expanded bar collapses by itself: a hidden one stays out of the reader's way.
        if (stateRef.current !== 'expanded') return;
        collapsedAt = Date.now();
        setState('collapsed');
      }, TOP_BAR.autoCollapseMs);
    };
    const onActivity = () => {
      if (collapsedAt !== null && Date.now() - collapsedAt >= TOP_BAR.reExpandGraceMs) {
        collapsedAt = null;
        setState('expanded');
      }
      armTimer();
    };
    armTimer();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [isDesktop]);

  return state;
}
