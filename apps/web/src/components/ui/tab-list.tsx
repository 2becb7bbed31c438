import { FOCUS_RING } from '@/components/ui/focus-ring';
import type { useTabs } from '@/hooks/use-tabs';
import { cn } from '@/lib/cn';

export interface TabListProps<Tab extends string> {
  /** Names the tab list. */
  label: string;
  tabs: readonly Tab[];
  selected: Tab;
  /** What useTabs answered for these tabs: keyboard moves and ARIA wiring. */
  tabsState: ReturnType<typeof useTabs<Tab>>;
  getTabLabel: (tab: Tab) => string;
  /** More classes for the list, such as 'flex-wrap'. */
  className?: string;
  /** Each tab's horizontal padding (and more); `cn` does not merge classes, so it is set here. */
  tabClassName?: string;
}

/** WAI-ARIA tabs drawn as a segmented control: the selected tab raised on a muted track. */
export function TabList<Tab extends string>({
  label,
  tabs,
  selected,
  tabsState,
  getTabLabel,
  className,
  tabClassName = 'px-4',
}: TabListProps<Tab>) {
  return (
    <div
      role="tablist"
      onKeyDown={tabsState.onTabListKeyDown}
      aria-label={label}
      className={cn('inline-flex gap-1 rounded-lg border border-border bg-muted p-1', className)}
    >
      {tabs.map((tab) => (
        <button
          key={tab}
          {...tabsState.getTabProps(tab)}
          className={cn(
            'rounded-md py-2 text-sm font-medium transition-colors',
            tabClassName,
            selected === tab
              ? 'bg-card text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
            FOCUS_RING,
          )}
        >
          {getTabLabel(tab)}
        </button>
      ))}
    </div>
  );
}
