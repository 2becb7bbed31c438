import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTopBarStateOnScroll, useTopBarState } from './use-top-bar-state';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  });
}

function move() {
  act(() => {
    window.dispatchEvent(new Event('pointermove'));
  });
}

describe('top bar scroll rule (SPEC 4)', () => {
  it('stays expanded under 50 px, whatever the direction', () => {
    expect(getTopBarStateOnScroll('hidden', 10, 49)).toBe('expanded');
    expect(getTopBarStateOnScroll('collapsed', 49, 0)).toBe('expanded');
  });

  it('hides beyond 200 px scrolling down, and only then', () => {
    expect(getTopBarStateOnScroll('expanded', 200, 201)).toBe('hidden');
    expect(getTopBarStateOnScroll('expanded', 100, 180)).toBe('expanded');
  });

  it('collapses scrolling up', () => {
    expect(getTopBarStateOnScroll('hidden', 900, 800)).toBe('collapsed');
    expect(getTopBarStateOnScroll('expanded', 150, 120)).toBe('collapsed');
  });
});

describe('useTopBarState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
  afterEach(() => vi.useRealTimers());

  it('follows the page scroll', () => {
    const { result } = renderHook(() => useTopBarState(false));
    expect(result.current).toBe('expanded');
    scrollTo(300);
    expect(result.current).toBe('hidden');
    scrollTo(250);
    expect(result.current).toBe('collapsed');
    scrollTo(20);
    expect(result.current).toBe('expanded');
  });

  it('collapses after 30 s without activity on desktop and re-expands on activity after 2 s', () => {
    const { result } = renderHook(() => useTopBarState(true));
    act(() => vi.advanceTimersByTime(29_999));
    expect(result.current).toBe('expanded');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('collapsed');
    // The move that follows the collapse at once is within the grace: it does not undo it.
    act(() => vi.advanceTimersByTime(1_000));
    move();
    expect(result.current).toBe('collapsed');
    act(() => vi.advanceTimersByTime(1_000));
    move();
    expect(result.current).toBe('expanded');
  });

  it('keeps the bar expanded while someone is active', () => {
    const { result } = renderHook(() => useTopBarState(true));
    for (let second = 0; second < 60; second += 20) {
      act(() => vi.advanceTimersByTime(20_000));
      move();
    }
    expect(result.current).toBe('expanded');
  });

  it('never collapses by itself on mobile', () => {
    const { result } = renderHook(() => useTopBarState(false));
    act(() => vi.advanceTimersByTime(120_000));
    expect(result.current).toBe('expanded');
  });
});
