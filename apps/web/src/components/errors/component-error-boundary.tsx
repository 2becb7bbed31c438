import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { logError } from '@/lib/error-logger';

/** A short id the person can quote to support; the same id goes to system_logs. */
export function createErrorId(): string {
  return crypto.randomUUID().slice(0, 8).toUpperCase();
}

export function ComponentErrorPanel({ errorId, onRetry }: { errorId: string; onRetry?: () => void }) {
  const { t } = useTranslation('errors');
  return (
    <Alert
      variant="error"
      title={t('feedback.component.title')}
      action={
        onRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry} className="self-start">
            {t('feedback.component.retry')}
          </Button>
        )
      }
    >
      <p>{t('feedback.component.description')}</p>
      <p className="font-mono text-xs">{t('feedback.component.errorId', { id: errorId })}</p>
    </Alert>
  );
}

interface ComponentErrorBoundaryProps {
  children: ReactNode;
  /** Named in the log, to find which part of a page failed. */
  name: string;
}

interface ComponentErrorBoundaryState {
  errorId: string | null;
}

/** Keeps a failing part of a page from taking the whole page down (SPEC 8 component error). */
export class ComponentErrorBoundary extends Component<
  ComponentErrorBoundaryProps,
  ComponentErrorBoundaryState
> {
  override state: ComponentErrorBoundaryState = { errorId: null };

  static getDerivedStateFromError(): ComponentErrorBoundaryState {
    return { errorId: createErrorId() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(error, {
      category: 'component',
      componentName: this.props.name,
      metadata: { errorId: this.state.errorId, componentStack: info.componentStack?.slice(0, 2000) },
    });
  }

  override render() {
    if (this.state.errorId === null) return this.props.children;
    return (
      <ComponentErrorPanel errorId={this.state.errorId} onRetry={() => this.setState({ errorId: null })} />
    );
  }
}
