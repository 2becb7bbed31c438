import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { useMyChecks } from '../api/document-requirements';
import { RequirementCheckList } from './requirement-checks';

/** A learner's documents page: the papers asked of them, and whether each was accepted. */
export function MyRequirementChecks() {
  const { t } = useTranslation('documents');
  const checks = useMyChecks();
  if (checks.isPending)
    return <SkeletonCards label={t('requirements.checks.loading')} count={1} bars={['w-1/3']} />;
  if (checks.isError)
    return (
      <LoadErrorAlert
        error={checks.error}
        title={t('requirements.checks.error')}
        retryLabel={t('retry')}
        onRetry={() => checks.refetch()}
      />
    );
  // Nothing asked of this learner: no section at all.
  if (checks.data.checks.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="my-requirements-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id="my-requirements-title">{t('requirements.mine.title')}</CardTitle>
        <CardDescription>{t('requirements.mine.description')}</CardDescription>
      </div>
      <RequirementCheckList checks={checks.data.checks} label={t('requirements.mine.title')} />
    </Card>
  );
}
