import {
  SIGNATURE_REMINDER_INTERVAL_HOURS,
  SIGNATURE_TYPES,
  type SignatureType,
  type TrainerSignature,
  type TrainerSignatureListQuery,
} from '@cursus/contracts';
import { PenLine, SearchX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { SEARCH_DEBOUNCE_MS } from '@/hooks/use-settled-search';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  useRemindSignature,
  useSignatureCourseOptions,
  useTrainerSignatures,
} from '../api/trainer-signatures';
import { formatDateTime, SignatureStatusBadge, SignatureSubject } from './signature-labels';

const STATUS_FILTERS = ['pending', 'signed', 'expired'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const HOUR_MS = 60 * 60 * 1000;

function isRemindedRecently(signature: TrainerSignature, now: number) {
  return (
    signature.lastRemindedAt !== null &&
    now - new Date(signature.lastRemindedAt).getTime() < SIGNATURE_REMINDER_INTERVAL_HOURS * HOUR_MS
  );
}

function SignatureRow({ signature }: { signature: TrainerSignature }) {
  const { t } = useTranslation('signatures');
  const remind = useRemindSignature();
  const canRemind =
    (signature.status === 'pending' || signature.status === 'expired') &&
    !isRemindedRecently(signature, Date.now());
  const onRemind = () =>
    remind.mutate(signature.id, {
      onSuccess: () => notify.success(t('trainer.reminded', { name: signature.studentName })),
      onError: (error) => notify.error(getErrorMessage(error)),
    });
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="text-sm font-semibold text-foreground">
          {signature.studentName || signature.studentEmail}
        </span>
        <span className="text-sm text-foreground">
          <SignatureSubject signature={signature} />
        </span>
        <span className="text-xs text-muted-foreground">
          {[
            t(`type.${signature.signatureType}`),
            signature.signedAt
              ? t('history.signedOn', { date: formatDateTime(signature.signedAt) })
              : t('history.requestedOn', { date: formatDateTime(signature.requestedAt) }),
            signature.lastRemindedAt
              ? t('trainer.lastReminded', { date: formatDateTime(signature.lastRemindedAt) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <SignatureStatusBadge status={signature.status} />
        {(signature.status === 'pending' || signature.status === 'expired') && (
          <Button
            variant="secondary"
            size="sm"
            onClick={onRemind}
            isLoading={remind.isPending}
            disabled={!canRemind}
          >
            {t('trainer.remind')}
            <span className="sr-only"> {signature.studentName}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** `/trainer/signatures`: the organisation's certified signatures, filtered, with reminders. */
export function TrainerSignatures() {
  const { t } = useTranslation('signatures');
  const id = useId();
  const [page, setPage] = useState(1);
  const [courseId, setCourseId] = useState('');
  const [type, setType] = useState<SignatureType | ''>('');
  const [status, setStatus] = useState<StatusFilter | ''>('');
  const [search, setSearch] = useState('');
  const [debouncedSearch, setDebouncedSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebouncedSearch(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const courses = useSignatureCourseOptions();
  const query: TrainerSignatureListQuery = {
    page,
    pageSize: 20,
    courseId: courseId || undefined,
    type: type || undefined,
    status: status || undefined,
    search: debouncedSearch || undefined,
  };
  const signatures = useTrainerSignatures(query);
  const isFiltered = Boolean(courseId || type || status || debouncedSearch);
  const changeFilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <div className="flex flex-col gap-6">
      <FilterBar label={t('trainer.filters.label')} className="lg:grid-cols-[2fr_2fr_1.5fr_1.5fr]">
        <FilterField label={t('trainer.filters.search')} htmlFor={`${id}-search`} className="min-w-0">
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
        </FilterField>
        <FilterField label={t('trainer.filters.course')} htmlFor={`${id}-course`} className="min-w-0">
          <Select
            id={`${id}-course`}
            value={courseId}
            onChange={(event) => changeFilter(setCourseId)(event.target.value)}
          >
            <option value="">{t('trainer.filters.allCourses')}</option>
            {(courses.data?.items ?? []).map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('trainer.filters.type')} htmlFor={`${id}-type`} className="min-w-0">
          <Select
            id={`${id}-type`}
            value={type}
            onChange={(event) => changeFilter(setType)(event.target.value as SignatureType | '')}
          >
            <option value="">{t('trainer.filters.allTypes')}</option>
            {SIGNATURE_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`type.${option}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('trainer.filters.status')} htmlFor={`${id}-status`} className="min-w-0">
          <Select
            id={`${id}-status`}
            value={status}
            onChange={(event) => changeFilter(setStatus)(event.target.value as StatusFilter | '')}
          >
            <option value="">{t('trainer.filters.allStatuses')}</option>
            {STATUS_FILTERS.map((option) => (
              <option key={option} value={option}>
                {t(`status.${option}`)}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      {signatures.isPending && <Spinner label={t('trainer.loading')} />}
      {signatures.isError && (
        <LoadErrorAlert
          error={signatures.error}
          title={t('trainer.error')}
          retryLabel={t('retry')}
          onRetry={() => signatures.refetch()}
        />
      )}
      {signatures.data?.total === 0 &&
        (isFiltered ? (
          <EmptyState icon={SearchX} title={t('trainer.noMatchTitle')} description={t('trainer.noMatch')} />
        ) : (
          <EmptyState icon={PenLine} title={t('trainer.emptyTitle')} description={t('trainer.empty')} />
        ))}
      {signatures.data && signatures.data.total > 0 && (
        <PagedList
          query={signatures}
          label={t('trainer.listLabel')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('trainer.count', { count: signatures.data.total })}
            </p>
          }
          pagesLabel={t('trainer.pages')}
          onPageChange={setPage}
        >
          {signatures.data.items.map((signature) => (
            <SignatureRow key={signature.id} signature={signature} />
          ))}
        </PagedList>
      )}
    </div>
  );
}
