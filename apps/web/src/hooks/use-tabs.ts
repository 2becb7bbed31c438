import { type KeyboardEvent, useId, useRef } from 'react';

/**
 * WAI-ARIA tabs: the props of the tab list, of each tab and of each panel. Arrow keys, Home and End
 * move between tabs and select them; only the selected tab is in the tab order, and its panel
 * follows it. The caller keeps the selection, so it may live in the address or in state.
 */
export function useTabs<Tab extends string>(
  tabs: readonly Tab[],
  selected: Tab,
  onSelect: (tab: Tab) => void,
) {
  const baseId = useId();
  const tabElements = useRef(new Map<Tab, HTMLButtonElement | null>());

  const select = (tab: Tab) => {
    onSelect(tab);
    tabElements.current.get(tab)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = tabs.indexOf(selected);
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(tabs[target]!);
  };

  return {
    /** For the element with role="tablist" (written at the call site, where lint can check its ARIA). */
    onTabListKeyDown: onKeyDown,
    getTabProps: (tab: Tab) => ({
      ref: (element: HTMLButtonElement | null) => {
        tabElements.current.set(tab, element);
      },
      type: 'button' as const,
      role: 'tab' as const,
      id: `${baseId}-tab-${tab}`,
      'aria-controls': `${baseId}-panel-${tab}`,
      'aria-selected': selected === tab,
      tabIndex: selected === tab ? 0 : -1,
      onClick: () => select(tab),
    }),
    getPanelProps: (tab: Tab) => ({
      role: 'tabpanel' as const,
      id: `${baseId}-panel-${tab}`,
      'aria-labelledby': `${baseId}-tab-${tab}`,
      // The panel takes focus after the tab list (WAI-ARIA tabs).
      tabIndex: 0,
    }),
  };
}
