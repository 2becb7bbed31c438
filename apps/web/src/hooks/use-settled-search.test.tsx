import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useSettledSearch } from './use-settled-search';

function List() {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = searchParams.get('search') ?? '';
  const [text, setText] = useState(applied);
  useSettledSearch(text, applied, (next) => setSearchParams({ search: next }, { replace: true }));
  return (
    <>
      <label>
        Search
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <p>Applied: {applied}</p>
      <Link to="/record">Ada Lovelace</Link>
    </>
  );
}

/** A list whose result opens a lazy route, resolved when the test says so. */
function renderList() {
  let loadRecord = () => {};
  const recordLoaded = new Promise<void>((resolve) => {
    loadRecord = resolve;
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <List /> },
      {
        path: '/record',
        lazy: async () => {
          await recordLoaded;
          return { element: <h1>Record</h1> };
        },
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, loadRecord };
}

describe('useSettledSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies the text once typing pauses, not before', () => {
    const { router } = renderList();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ada' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(router.state.location.search).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.search).toBe('?search=ada');
    expect(screen.getByText('Applied: ada')).toBeTruthy();
  });

  it('lets a navigation started within the pause win over the pending search', async () => {
    const { router, loadRecord } = renderList();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('link', { name: 'Ada Lovelace' }));
    // The record's route is still loading when the pause ends.
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(router.state.navigation.location?.pathname).toBe('/record');
    await act(async () => {
      loadRecord();
      await vi.runAllTimersAsync();
    });
    expect(router.state.location.pathname).toBe('/record');
    expect(screen.getByRole('heading', { name: 'Record' })).toBeTruthy();
  });

  it('drops the pending search when a link is clicked, before React renders again', () => {
    const { router } = renderList();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ada' } });
    // The click's own handler runs first: even a pause ending before the next render writes nothing.
    screen
      .getByRole('link', { name: 'Ada Lovelace' })
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(router.state.location.search).toBe('');
  });
});
