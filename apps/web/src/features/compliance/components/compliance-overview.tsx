import {
  INDICATOR_STATUSES,
  type IndicatorStatus,
  QUALITY_CRITERIA,
  QUALITY_INDICATORS,
  type UploadedEvidence,
} from '@cursus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useComplianceReport, useDeleteEvidence } from '../api/compliance';
import { AddEvidenceDialog } from './add-evidence-dialog';
import { AuditPackDownload } from './audit-pack-download';
import { ComplianceProfileForm } from './compliance-profile-form';
import { IndicatorCard } from './indicator-card';
import { ReadinessSummary } from './readiness-summary';

type StatusFilter = 'all' | IndicatorStatus;

/**
 * The indicators tab (issue 17 point 1): readiness, the organisation's profile, the audit pack,
 * then every indicator by criterion, with what proves it.
 */
export function ComplianceOverview() {
  const { t } = useTranslation('compliance');
  const language = getLanguage();
  const report = useComplianceReport();
  const remove = useDeleteEvidence();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [adding, setAdding] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<UploadedEvidence | null>(null);

  if (report.isPending)
    return (
      <SkeletonCards
        label={t('loading')}
        count={3}
        bars={['h-5 w-1/3 rounded', 'h-10 w-1/4 rounded', 'h-3 w-full rounded']}
        className="flex flex-col gap-4"
      />
    );
  if (report.isError)
    return (
      <LoadErrorAlert
        error={report.error}
        title={t('loadError')}
        retryLabel={t('retry')}
        onRetry={() => void report.refetch()}
      />
    );
  const value = report.data;
  const shown = value.indicators.filter((indicator) => filter === 'all' || indicator.status === filter);

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <ReadinessSummary report={value} />
        <div className="flex flex-col gap-6">
          <AuditPackDownload />
          <ComplianceProfileForm
            key={`${value.profile.actionCategories.join()}-${value.profile.certifying}-${value.profile.workLinked}`}
            profile={value.profile}
          />
        </div>
      </div>
      <section aria-labelledby="compliance-indicators-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="compliance-indicators-title" className="text-lg font-semibold text-foreground">
            {t('indicators.title')}
          </h2>
          <div className="w-56">
            <Field label={t('indicators.filterLabel')}>
              {(control) => (
                <Select
                  {...control}
                  value={filter}
                  onChange={(event) => setFilter(event.target.value as StatusFilter)}
                >
                  <option value="all">{t('indicators.filterAll')}</option>
                  {INDICATOR_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t(`status.${status}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        </div>
        {shown.length === 0 ? (
          <NoMatchState
            title={t('indicators.noMatch')}
            description={t('indicators.noMatchDescription')}
            resetLabel={t('indicators.reset')}
            onReset={() => setFilter('all')}
          />
        ) : (
          QUALITY_CRITERIA.map((criterion) => {
            const ofCriterion = shown.filter((indicator) => indicator.criterion === criterion.number);
            if (ofCriterion.length === 0) return null;
            return (
              <section
                key={criterion.number}
                aria-labelledby={`criterion-${criterion.number}-title`}
                className="flex flex-col gap-3"
              >
                <h2
                  id={`criterion-${criterion.number}-title`}
                  className="text-base font-semibold text-foreground"
                >
                  {t('indicators.criterion', { number: criterion.number })}
                  <span className="block text-sm font-normal text-muted-foreground">
                    {criterion.title[language]}
                  </span>
                </h2>
                {ofCriterion.map((indicator) => (
                  <IndicatorCard
                    key={indicator.number}
                    indicator={indicator}
                    organizationId={value.organizationId}
                    onAddEvidence={() => setAdding(indicator.number)}
                    onDeleteEvidence={setDeleting}
                  />
                ))}
              </section>
            );
          })
        )}
      </section>
      {adding !== null && (
        <AddEvidenceDialog
          indicator={adding}
          indicatorTitle={QUALITY_INDICATORS[adding - 1]!.short[language]}
          onClose={() => setAdding(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('indicators.deleteTitle', { title: deleting.title })}
          description={t('indicators.deleteDescription')}
          confirmLabel={t('indicators.delete')}
          isDanger
          isPending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify.success(t('indicators.deleted'));
                setDeleting(null);
              },
              onError: (error) => notify.error(getErrorMessage(error)),
            })
          }
        />
      )}
    </div>
  );
}
