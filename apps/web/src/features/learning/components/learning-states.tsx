import { Lock, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';

/** SPEC 8 course codes that mean "this formation is not for you", shown as 'training not found'. */
export function isNotFoundError(error: unknown): boolean {
  return (
    isApiError(error, 'TRAINING_NOT_FOUND') ||
    isApiError(error, 'NOT_FOUND') ||
    isApiError(error, 'VALIDATION_ERROR')
  );
}

/** SPEC 6: a learner without an organisation has no formation yet and must wait for a trainer. */
export function NoOrganizationNotice() {
  const { t } = useTranslation('learning');
  return (
    <Alert
      variant="warning"
      title={t('states.noOrganizationTitle')}
      action={
        <Link
          to={paths.assignOrganization.getHref()}
          className={buttonClassName('secondary', 'sm', 'self-start')}
        >
          {t('states.noOrganizationAction')}
        </Link>
      }
    >
      {t('states.noOrganizationDescription')}
    </Alert>
  );
}

/** A failed read: the translated error (SPEC 8) and a retry that asks again without reloading. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('learning');
  return (
    <Alert
      variant="error"
      title={t('states.loadErrorTitle')}
      action={
        <Button variant="secondary" size="sm" className="self-start" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      }
    >
      {getErrorMessage(error)}
    </Alert>
  );
}

/**
 * A page whose read failed: the screen keeps its heading over the SPEC 6 notice when the learner has
 * no organisation, or over the error and its retry otherwise.
 */
export function PageLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <>
      <PageHeader title={title} />
      {isApiError(error, 'NO_ORGANIZATION') ? (
        <NoOrganizationNotice />
      ) : (
        <LoadError error={error} onRetry={onRetry} />
      )}
    </>
  );
}

export interface CourseUnavailableProps {
  reason: 'notFound' | 'lessonNotFound' | 'locked';
  /** Where the button leads; the learner's formations by default. */
  backHref?: string;
  backLabel?: string;
}

/**
 * SPEC 8 'training not found', or a locked formation: said plainly, with a way back. It stands for
 * the whole page, so it carries the page's one <h1>.
 */
export function CourseUnavailable({ reason, backHref, backLabel }: CourseUnavailableProps) {
  const { t } = useTranslation('learning');
  const texts = {
    notFound: [t('states.notFoundTitle'), t('states.notFoundDescription')],
    lessonNotFound: [t('states.lessonNotFoundTitle'), t('states.lessonNotFoundDescription')],
    locked: [t('states.lockedTitle'), t('states.lockedDescription')],
  } as const;
  const [title, description] = texts[reason];
  const Icon = reason === 'locked' ? Lock : SearchX;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input/60 bg-card px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold text-foreground">{title}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
      <Link to={backHref ?? paths.student.formations.getHref()} className={buttonClassName('primary')}>
        {backLabel ?? t('states.backToCourses')}
      </Link>
    </div>
  );
}

/** Grey blocks for the learner's pages: a label, a title, two lines of text and a progress bar. */
export function SkeletonBlocks({
  label,
  count,
  className,
}: {
  label: string;
  count: number;
  className?: string;
}) {
  return (
    <SkeletonCards
      label={label}
      count={count}
      bars={[
        'h-3 w-1/3 rounded',
        'h-5 w-3/4 rounded',
        'h-3 w-full rounded',
        'h-3 w-5/6 rounded',
        'mt-2 h-2.5 w-full rounded-full',
      ]}
      className={className}
      cardClassName="animate-pulse p-5"
    />
  );
}
