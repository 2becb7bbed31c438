import { EllipsisVertical, type LucideIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';

export interface ActionsMenuItem {
  id: string;
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  isDanger?: boolean;
  disabled?: boolean;
}

export interface ActionsMenuProps {
  /** Names the button, e.g. 'Actions for Safety at work'. */
  label: string;
  items: ActionsMenuItem[];
  disabled?: boolean;
}

/**
 * A WAI-ARIA menu button: Enter, Space or the arrow keys open it on the first item, arrows move,
 * Home and End jump, Escape closes and returns focus to the button, Tab or a click elsewhere closes.
 */
export function ActionsMenu({ label, items, disabled }: ActionsMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = items.filter((item) => !item.disabled);

  const focusItem = (index: number) => {
    const count = enabled.length;
    if (count === 0) return;
    itemRefs.current[(index + count) % count]?.focus();
  };

  // focusItem reads refs only; the effect runs when the menu opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (!isOpen) return;
    focusItem(0);
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: enabled.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setIsOpen(false);
    } else if (moves[event.key] !== undefined) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
    }
  };

  return (
    <div ref={wrapperRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        disabled={disabled}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={onButtonKeyDown}
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
      </Button>
      {isOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-30 mt-1 flex w-56 max-w-[calc(100vw-2rem)] flex-col rounded-lg border border-border bg-card p-1 shadow-lg"
        >
          {enabled.map((item, index) => (
            <button
              key={item.id}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setIsOpen(false);
                // Back on the button first, so a dialog the item opens returns focus there.
                buttonRef.current?.focus();
                item.onSelect();
              }}
              className={cn(
                'flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus:bg-muted',
                item.isDanger ? 'text-danger' : 'text-foreground',
                FOCUS_RING,
              )}
            >
              <item.icon aria-hidden="true" className="size-4 shrink-0" />
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
