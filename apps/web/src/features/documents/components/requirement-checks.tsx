import type { RequirementCheck, RequirementState } from '@cursus/contracts';
import { CircleAlert, CircleCheck, CircleDashed, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { FileLink, useFormatDate } from './document-labels';

const STATE_VARIANTS: Record<RequirementState, BadgeVariant> = {
  missing: 'danger',
  to_review: 'warning',
  valid: 'success',
  refused: 'danger',
};
const STATE_ICONS = {
  missing: CircleDashed,
  to_review: CircleAlert,
  valid: CircleCheck,
  refused: CircleX,
} as const;

/** A requirement's state in words and colour, an icon beside it so colour is never the only sign. */
export function RequirementStateBadge({ state }: { state: RequirementState }) {
  const { t } = useTranslation('documents');
  const Icon = STATE_ICONS[state];
  return (
    <Badge variant={STATE_VARIANTS[state]} icon={<Icon aria-hidden="true" className="size-3.5" />}>
      {t(`requirements.state.${state}`)}
    </Badge>
  );
}

/**
 * Each requirement's check: its state, the document found and the admins' review with its comment.
 * `actions` adds controls to a line (the admin's review buttons).
 */
export function RequirementCheckList({
  checks,
  label,
  actions,
}: {
  checks: RequirementCheck[];
  label: string;
  actions?: (check: RequirementCheck) => ReactNode;
}) {
  const { t } = useTranslation('documents');
  const formatDate = useFormatDate();
  if (checks.length === 0)
    return <p className="text-sm text-muted-foreground">{t('requirements.checks.none')}</p>;
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border">
      {checks.map((check) => (
        <li key={check.requirementId} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="font-medium text-foreground">
                {check.name}
                {!check.required && (
                  <span className="ml-2 text-xs font-normal text-muted-foreground">
                    {t('requirements.optional')}
                  </span>
                )}
              </span>
              {check.description && (
                <span className="text-sm text-muted-foreground">{check.description}</span>
              )}
            </div>
            <RequirementStateBadge state={check.state} />
          </div>
          {check.document && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <FileLink href={check.document.fileUrl} label={check.document.title} name="" />
              <span>
                {t('requirements.checks.documentFacts', {
                  version: check.document.version,
                  date: formatDate(check.document.updatedAt),
                })}
              </span>
            </div>
          )}
          {check.review && (
            <p className="text-sm text-foreground">
              {t(`requirements.checks.reviewed.${check.review.status}`, {
                name: check.review.reviewerName ?? t('requirements.checks.anAdmin'),
                date: formatDate(check.review.reviewedAt),
              })}
              {check.review.comment && (
                <>
                  {' '}
                  <q className="text-muted-foreground">{check.review.comment}</q>
                </>
              )}
            </p>
          )}
          {actions?.(check)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A page of an organisation's learners, each with their checks under their name, and the pages;
 * `headingLevel` keeps the page's outline (a learner's name sits below the section's heading).
 */
export function LearnerCheckPages({
  learners,
  headingLevel,
  actions,
  onPageChange,
}: {
  learners: {
    items: { studentId: string; fullName: string; checks: RequirementCheck[] }[];
    total: number;
    page: number;
    pageSize: number;
  };
  headingLevel: 'h3' | 'h4';
  actions?: (check: RequirementCheck) => ReactNode;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation('documents');
  const Heading = headingLevel;
  return (
    <>
      {learners.total === 0 ? (
        <p className="text-sm text-muted-foreground">{t('requirements.checks.noLearners')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {learners.items.map((learner) => (
            <li key={learner.studentId} className="rounded-lg border border-border p-4">
              <Heading className="mb-3 font-semibold text-foreground">{learner.fullName}</Heading>
              <RequirementCheckList
                checks={learner.checks}
                label={t('requirements.checks.of', { name: learner.fullName })}
                actions={actions}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={learners.page}
        pageSize={learners.pageSize}
        total={learners.total}
        label={t('requirements.checks.pages')}
        onPageChange={onPageChange}
      />
    </>
  );
}
