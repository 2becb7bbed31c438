import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';

export interface HelpDialogFrameProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal frame: focus moves in on open, Escape or the backdrop closes, focus returns to the opener. */
export function HelpDialogFrame({ title, closeLabel, onClose, children }: HelpDialogFrameProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 bg-black/60"
        onClick={onClose}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex max-h-[90vh] w-full max-w-lg flex-col gap-5 overflow-y-auto rounded-xl border border-border bg-card p-6 shadow-lg"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-foreground">
            {title}
          </h2>
          <Button ref={closeRef} variant="ghost" size="icon" onClick={onClose} aria-label={closeLabel}>
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
        {children}
      </div>
    </div>
  );
}
