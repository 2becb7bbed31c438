import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface QuestionDialogProps {
  onClose: () => void;
}

/**
 * Opened by 'J'ai une question ?'. Questions are sent for real only once the questions feature lands
 * (issue 3, point 5), so until then the dialog says so instead of offering a form that goes nowhere.
 */
export function QuestionDialog({ onClose }: QuestionDialogProps) {
  const { t } = useTranslation('navigation');
  const titleId = useId();
  const descriptionId = useId();
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
      // Give focus back to the button that opened the dialog.
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
        aria-describedby={descriptionId}
        className="relative w-full max-w-md rounded-xl border border-border bg-card p-6 shadow-lg"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-foreground">
            {t('question.title')}
          </h2>
          <Button
            ref={closeRef}
            variant="ghost"
            size="icon"
            onClick={onClose}
            aria-label={t('question.close')}
          >
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
        <p id={descriptionId} className="mt-3 text-sm text-muted-foreground">
          {t('question.description')}
        </p>
      </div>
    </div>
  );
}
