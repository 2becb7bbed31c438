import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { useStaffChecks } from '../api/document-requirements';
import { LearnerCheckPages, RequirementCheckList } from './requirement-checks';

const PAGE_SIZE = 10;

/**
 * `/trainer/documents`: what the platform requires of the organisation and of its learners, each
 * requirement's state and the admins' comments, so staff know what to upload or replace.
 */
export function StaffRequirementChecks() {
  const { t } = useTranslation('documents');
  const { page, setPage, search, searchText, setSearchText } = usePagedSearch();
  const searchId = useId();
  const checks = useStaffChecks({ page, pageSize: PAGE_SIZE, search: search || undefined });

  const body = () => {
    if (checks.isPending)
      return <SkeletonCards label={t('requirements.checks.loading')} count={1} bars={['w-1/3', 'w-2/3']} />;
    if (checks.isError)
      return (
        <LoadErrorAlert
          error={checks.error}
          title={t('requirements.checks.error')}
          retryLabel={t('retry')}
          onRetry={() => checks.refetch()}
        />
      );
    const { learners } = checks.data;
    return (
      <div className="flex flex-col gap-6">
        <section aria-labelledby="staff-own-checks" className="flex flex-col gap-3">
          <h3 id="staff-own-checks" className="font-semibold text-foreground">
            {t('requirements.checks.organization')}
          </h3>
          <RequirementCheckList checks={checks.data.checks} label={t('requirements.checks.organization')} />
        </section>
        <section aria-labelledby="staff-learner-checks" className="flex flex-col gap-3">
          <h3 id="staff-learner-checks" className="font-semibold text-foreground">
            {t('requirements.checks.learners')}
          </h3>
          <div className="flex max-w-sm flex-col gap-1.5">
            <Label htmlFor={searchId}>{t('requirements.checks.searchLearner')}</Label>
            <Input
              id={searchId}
              type="search"
              value={searchText}
              maxLength={100}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
          <LearnerCheckPages learners={learners} headingLevel="h4" onPageChange={setPage} />
        </section>
      </div>
    );
  };

  return (
    <Card as="section" aria-labelledby="staff-requirements-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id="staff-requirements-title">{t('requirements.staff.title')}</CardTitle>
        <CardDescription>{t('requirements.staff.description')}</CardDescription>
      </div>
      {body()}
    </Card>
  );
}
