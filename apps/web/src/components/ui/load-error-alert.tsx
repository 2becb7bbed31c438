import { RotateCcw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/error-message';

export interface LoadErrorAlertProps {
  error: unknown;
  /** Says what could not be read, e.g. 'Impossible de charger les journaux de connexion'. */
  title?: string;
  retryLabel: string;
  onRetry: () => void;
}

/** A failed read: the translated error (SPEC 8) and a retry that asks again without reloading the page. */
export function LoadErrorAlert({ error, title, retryLabel, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert
      variant="error"
      title={title}
      action={
        <Button variant="secondary" size="sm" className="self-start" onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {retryLabel}
        </Button>
      }
    >
      {getErrorMessage(error)}
    </Alert>
  );
}
