import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { Button } from './button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

const WIDTHS = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

export interface DialogProps {
  title: string;
  /** Read out with the title when the dialog opens. */
  description?: ReactNode;
  /** Names the close button (already translated). */
  closeLabel: string;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons at the bottom, after the content. */
  footer?: ReactNode;
  size?: keyof typeof WIDTHS;
  /** What takes focus on open; the close button otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Role alertdialog for confirmations that interrupt a task. */
  role?: 'dialog' | 'alertdialog';
  /** `side`: a sheet along the right edge, full height, for a panel read beside the page. */
  placement?: 'center' | 'side';
}

/**
 * A modal dialog: focus moves in on open and stays inside (Tab wraps), Escape or the backdrop
 * closes it, and focus returns to what had it before. Rendered at the end of <body>, so no
 * container's overflow or stacking can clip it.
 */
export function Dialog({
  title,
  description,
  closeLabel,
  onClose,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  role = 'dialog',
  placement = 'center',
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The latest onClose without re-running the focus effect when a parent re-renders.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    (initialFocusRef?.current ?? closeRef.current)?.focus();
    return () => {
      // The opener may be gone (a deleted row): then focus falls back to the page as usual.
      if (previous?.isConnected) previous.focus();
    };
  }, [initialFocusRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Only this dialog closes: the mobile drawer and other layers listen for Escape too.
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusables = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: keys bubbling from the dialog's own controls (Escape, Tab wrap).
    <div
      className={cn(
        'fixed inset-0 z-50 flex',
        placement === 'side' ? 'items-stretch justify-end' : 'items-center justify-center p-4',
      )}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 bg-black/60"
        onClick={() => onCloseRef.current()}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal. */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'relative flex w-full flex-col border border-border bg-card shadow-lg',
          placement === 'side' ? 'h-dvh rounded-l-xl' : 'max-h-[90dvh] rounded-xl',
          WIDTHS[size],
        )}
      >
        <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6 sm:pt-6">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words text-foreground">
            {title}
          </h2>
          <Button ref={closeRef} variant="ghost" size="icon" onClick={onClose} aria-label={closeLabel}>
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
        {/* The content scrolls; the title and the buttons stay in view, even on a small screen. A
            side sheet is full height: its content fills it, so its buttons sit at the bottom. */}
        <div
          className={cn(
            'flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pt-4 sm:px-6',
            footer ? 'pb-4' : 'pb-5 sm:pb-6',
            placement === 'side' && 'flex-1',
          )}
        >
          {description && (
            <div id={descriptionId} className="text-sm text-muted-foreground">
              {description}
            </div>
          )}
          {children}
        </div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-4 sm:px-6">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
