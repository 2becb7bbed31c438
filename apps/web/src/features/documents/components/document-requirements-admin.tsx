import type {
  DocumentRequirement,
  RequirementCheck,
  RequirementCounts,
  RequirementReviewStatus,
} from '@cursus/contracts';
import { Check, ClipboardList, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { NoMatchState } from '@/components/ui/no-match-state';
import { Pagination } from '@/components/ui/pagination';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { TabList } from '@/components/ui/tab-list';
import { usePagedSearch } from '@/hooks/use-paged-search';
import { useTabs } from '@/hooks/use-tabs';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  useDeleteRequirement,
  useDocumentRequirements,
  useOrganizationChecks,
  useRequirementOverview,
} from '../api/document-requirements';
import { LearnerCheckPages, RequirementCheckList } from './requirement-checks';
import { RequirementFormDialog, ReviewDialog } from './requirement-dialogs';

const TABS = ['requirements', 'checks'] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 20;
const LEARNERS_PAGE_SIZE = 10;

/** Who a requirement applies to, in words. */
function useAppliesTo() {
  const { t } = useTranslation('documents');
  return (requirement: DocumentRequirement) => {
    const kinds =
      requirement.actionCategories.length === 0
        ? t('requirements.allOrganizations')
        : requirement.actionCategories
            .map((category) => t(`requirements.actionCategory.${category}`))
            .join(', ');
    return requirement.certifyingOnly ? t('requirements.certifyingOnlyOf', { kinds }) : kinds;
  };
}

function RequirementsTab() {
  const { t } = useTranslation('documents');
  const requirements = useDocumentRequirements();
  const remove = useDeleteRequirement();
  const appliesTo = useAppliesTo();
  const [editing, setEditing] = useState<DocumentRequirement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DocumentRequirement | null>(null);

  const body = () => {
    if (requirements.isPending)
      return <SkeletonCards label={t('requirements.loading')} count={2} bars={['w-1/3', 'w-2/3']} />;
    if (requirements.isError)
      return (
        <LoadErrorAlert
          error={requirements.error}
          title={t('requirements.error')}
          retryLabel={t('retry')}
          onRetry={() => requirements.refetch()}
        />
      );
    if (requirements.data.items.length === 0)
      return (
        <EmptyState
          icon={ClipboardList}
          title={t('requirements.emptyTitle')}
          description={t('requirements.emptyDescription')}
        />
      );
    return (
      <div className="relative overflow-x-auto rounded-xl border border-border bg-card">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{t('requirements.caption')}</caption>
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              {(['name', 'audience', 'appliesTo', 'matchedBy', 'actions'] as const).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {t(`requirements.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {requirements.data.items.map((requirement) => (
              <tr key={requirement.id} className="border-t border-border align-top">
                <th scope="row" className="px-3 py-3 font-medium text-foreground">
                  <span className="flex flex-col gap-1">
                    {requirement.name}
                    {!requirement.required && <Badge>{t('requirements.optional')}</Badge>}
                  </span>
                </th>
                <td className="px-3 py-3">{t(`requirements.audience.${requirement.audience}`)}</td>
                <td className="px-3 py-3">{appliesTo(requirement)}</td>
                <td className="px-3 py-3">
                  {requirement.titleKeyword
                    ? t('requirements.matchedByKeyword', {
                        category: t(`category.${requirement.documentCategory}`),
                        keyword: requirement.titleKeyword,
                      })
                    : t(`category.${requirement.documentCategory}`)}
                </td>
                <td className="px-3 py-3">
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setEditing(requirement)}>
                      <Pencil aria-hidden="true" className="size-4" />
                      {t('actions.edit')}
                      <span className="sr-only"> {requirement.name}</span>
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(requirement)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('actions.delete')}
                      <span className="sr-only"> {requirement.name}</span>
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('requirements.add')}
        </Button>
      </div>
      {body()}
      {editing && (
        <RequirementFormDialog
          requirement={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('requirements.deleteTitle')}
          description={t('requirements.deleteDescription', { name: deleting.name })}
          confirmLabel={t('actions.delete')}
          isPending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify.success(t('requirements.deleted'));
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

function Counts({ counts }: { counts: RequirementCounts }) {
  const { t } = useTranslation('documents');
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('requirements.overview.counts')}>
      {(['missing', 'to_review', 'valid', 'refused'] as const).map((state) => (
        <li key={state}>
          <Badge
            variant={
              counts[state] === 0
                ? 'neutral'
                : state === 'valid'
                  ? 'success'
                  : state === 'to_review'
                    ? 'warning'
                    : 'danger'
            }
          >
            {t(`requirements.overview.count.${state}`, { count: counts[state] })}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

type Reviewing = {
  check: RequirementCheck & { document: NonNullable<RequirementCheck['document']> };
  status: RequirementReviewStatus;
};

/** One organisation's checks and its learners', each document found reviewed from its line. */
function OrganizationChecksPanel({
  organizationId,
  onClose,
}: {
  organizationId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const { page, setPage, search, searchText, setSearchText } = usePagedSearch();
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const searchId = useId();
  const checks = useOrganizationChecks(organizationId, {
    page,
    pageSize: LEARNERS_PAGE_SIZE,
    search: search || undefined,
  });

  const reviewActions = (check: RequirementCheck) => {
    const { document } = check;
    if (!document) return null;
    return (
      <div className="flex flex-wrap gap-2">
        {(['valid', 'refused'] as const).map((status) => (
          <Button
            key={status}
            size="sm"
            variant={status === 'valid' ? 'secondary' : 'ghost'}
            disabled={check.state === status}
            onClick={() => setReviewing({ check: { ...check, document }, status })}
          >
            {status === 'valid' ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <X aria-hidden="true" className="size-4" />
            )}
            {t(`requirements.review.action.${status}`)}
            <span className="sr-only"> {t('requirements.review.of', { name: check.name })}</span>
          </Button>
        ))}
      </div>
    );
  };

  if (checks.isPending)
    return <SkeletonCards label={t('requirements.checks.loading')} count={2} bars={['w-1/3', 'w-2/3']} />;
  if (checks.isError)
    return (
      <LoadErrorAlert
        error={checks.error}
        title={t('requirements.checks.error')}
        retryLabel={t('retry')}
        onRetry={() => checks.refetch()}
      />
    );
  const { organization, learners } = checks.data;
  return (
    <section aria-labelledby="organization-checks-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="organization-checks-title" className="text-lg font-semibold text-foreground">
          {t('requirements.checks.title', { name: organization.name })}
        </h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('requirements.checks.close')}
        </Button>
      </div>
      <Card as="section" aria-labelledby="organization-own-checks">
        <CardTitle id="organization-own-checks">{t('requirements.checks.organization')}</CardTitle>
        <div className="mt-4">
          <RequirementCheckList
            checks={checks.data.checks}
            label={t('requirements.checks.organization')}
            actions={reviewActions}
          />
        </div>
      </Card>
      <Card as="section" aria-labelledby="organization-learner-checks" className="flex flex-col gap-4">
        <CardTitle id="organization-learner-checks">{t('requirements.checks.learners')}</CardTitle>
        <FilterBar label={t('requirements.checks.learnerFilters')} singleColumn>
          <FilterField label={t('requirements.checks.searchLearner')} htmlFor={searchId}>
            <Input
              id={searchId}
              type="search"
              value={searchText}
              maxLength={100}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </FilterField>
        </FilterBar>
        <LearnerCheckPages
          learners={learners}
          headingLevel="h3"
          actions={reviewActions}
          onPageChange={setPage}
        />
      </Card>
      {reviewing && (
        <ReviewDialog check={reviewing.check} status={reviewing.status} onClose={() => setReviewing(null)} />
      )}
    </section>
  );
}

function ChecksTab() {
  const { t } = useTranslation('documents');
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('org');
  const { page, setPage, search, searchText, setSearchText, clearSearch } = usePagedSearch();
  const searchId = useId();
  const overview = useRequirementOverview({ page, pageSize: PAGE_SIZE, search: search || undefined });
  const select = (organizationId: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (organizationId) next.set('org', organizationId);
    else next.delete('org');
    setSearchParams(next);
  };

  if (selected) return <OrganizationChecksPanel organizationId={selected} onClose={() => select(null)} />;

  const body = () => {
    if (overview.isPending)
      return <SkeletonCards label={t('requirements.overview.loading')} count={2} bars={['w-1/3', 'w-2/3']} />;
    if (overview.isError)
      return (
        <LoadErrorAlert
          error={overview.error}
          title={t('requirements.overview.error')}
          retryLabel={t('retry')}
          onRetry={() => overview.refetch()}
        />
      );
    if (overview.data.total === 0)
      return (
        <NoMatchState
          title={t('requirements.overview.noMatchTitle')}
          description={t('requirements.overview.noMatchDescription')}
          resetLabel={t('requirements.overview.reset')}
          onReset={clearSearch}
        />
      );
    return (
      <div className="flex flex-col gap-4">
        <div className="relative overflow-x-auto rounded-xl border border-border bg-card">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t('requirements.overview.caption')}</caption>
            <thead className="bg-muted text-xs text-muted-foreground">
              <tr>
                {(['organization', 'kind', 'states'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {t(`requirements.overview.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {overview.data.items.map(({ organization, counts }) => (
                <tr key={organization.id} className="border-t border-border align-top">
                  <th scope="row" className="px-3 py-3 font-medium">
                    <button
                      type="button"
                      className="text-left text-link underline-offset-4 hover:underline"
                      onClick={() => select(organization.id)}
                    >
                      {organization.name}
                    </button>
                  </th>
                  <td className="px-3 py-3">
                    {organization.actionCategories
                      .map((category) => t(`requirements.actionCategory.${category}`))
                      .join(', ')}
                    {organization.certifying && ` · ${t('requirements.certifying')}`}
                  </td>
                  <td className="px-3 py-3">
                    <Counts counts={counts} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={overview.data.page}
          pageSize={overview.data.pageSize}
          total={overview.data.total}
          label={t('requirements.overview.pages')}
          onPageChange={setPage}
        />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <FilterBar label={t('requirements.overview.filters')} singleColumn>
        <FilterField label={t('requirements.overview.search')} htmlFor={searchId}>
          <Input
            id={searchId}
            type="search"
            value={searchText}
            maxLength={100}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </FilterField>
      </FilterBar>
      {body()}
    </div>
  );
}

/**
 * `/admin/document-requirements`: the documents the platform requires of organisations and of
 * their learners, and their checks: each organisation's states counted, then one organisation's
 * documents reviewed (valid or refused, with a comment) from its lines.
 */
export function DocumentRequirementsAdmin() {
  const { t } = useTranslation('documents');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab =
    searchParams.get('tab') === 'checks' || searchParams.has('org') ? 'checks' : 'requirements';
  const tabs = useTabs(TABS, tab, (next) => setSearchParams(next === 'checks' ? { tab: next } : {}));
  return (
    <div className="flex flex-col gap-6">
      <TabList
        label={t('requirements.tabs.label')}
        tabs={TABS}
        selected={tab}
        tabsState={tabs}
        getTabLabel={(value) => t(`requirements.tabs.${value}`)}
      />
      <div {...tabs.getPanelProps(tab)}>{tab === 'requirements' ? <RequirementsTab /> : <ChecksTab />}</div>
    </div>
  );
}
