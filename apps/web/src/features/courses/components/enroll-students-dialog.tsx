import { DEFAULT_PAGE_SIZE, type EnrollmentCandidate } from '@cursus/contracts';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useEnrollStudents } from '../api/enroll-students';
import { useEnrollmentCandidates } from '../api/get-enrollment-candidates';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { ListSkeleton } from './list-skeleton';

export interface EnrollStudentsDialogProps {
  courseId: string;
  courseTitle: string;
  onClose: () => void;
}

/**
 * Enrols several students of the organisation at once: search, tick, confirm. Ticks survive a new
 * search or another page, so a trainer can gather learners from several searches.
 */
export function EnrollStudentsDialog({ courseId, courseTitle, onClose }: EnrollStudentsDialogProps) {
  const { t } = useTranslation('courses');
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<string, EnrollmentCandidate>>(new Map());
  const [error, setError] = useState<unknown>(null);
  const candidates = useEnrollmentCandidates(courseId, {
    search: debouncedSearch.trim() || undefined,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const enroll = useEnrollStudents(courseId);

  // A new search starts from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled search text resets the page.
  useEffect(() => setPage(1), [debouncedSearch]);

  const toggle = (candidate: EnrollmentCandidate, isChecked: boolean) => {
    setSelected((previous) => {
      const next = new Map(previous);
      if (isChecked) next.set(candidate.id, candidate);
      else next.delete(candidate.id);
      return next;
    });
  };

  const selectable = candidates.data?.items.filter((candidate) => !candidate.isEnrolled) ?? [];
  const isPageSelected = selectable.length > 0 && selectable.every((candidate) => selected.has(candidate.id));

  const togglePage = () => {
    setSelected((previous) => {
      const next = new Map(previous);
      for (const candidate of selectable) {
        if (isPageSelected) next.delete(candidate.id);
        else next.set(candidate.id, candidate);
      }
      return next;
    });
  };

  const onSubmit = async () => {
    setError(null);
    try {
      const result = await enroll.mutateAsync([...selected.keys()]);
      notify.success(
        t('enroll.success', { count: result.addedCount }),
        result.alreadyEnrolledCount > 0
          ? t('enroll.alreadyEnrolled', { count: result.alreadyEnrolledCount })
          : undefined,
      );
      onClose();
    } catch (caught) {
      setError(caught);
    }
  };

  const renderList = () => {
    if (candidates.isPending) return <ListSkeleton rows={3} label={t('enroll.loading')} />;
    if (candidates.isError)
      return (
        <Alert
          variant="error"
          action={
            <Button variant="secondary" size="sm" className="self-start" onClick={() => candidates.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {getErrorMessage(candidates.error)}
        </Alert>
      );
    const { items, total, pageSize } = candidates.data;
    if (items.length === 0)
      return (
        <p className="py-4 text-center text-sm text-muted-foreground">
          {debouncedSearch.trim() ? t('enroll.noMatch') : t('enroll.noStudents')}
        </p>
      );
    return (
      <>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">{t('enroll.total', { count: total })}</p>
          {selectable.length > 0 && (
            <Button variant="link" onClick={togglePage}>
              {isPageSelected ? t('enroll.unselectPage') : t('enroll.selectPage')}
            </Button>
          )}
        </div>
        <ul
          aria-label={t('enroll.listLabel')}
          className="flex flex-col divide-y divide-border rounded-lg border border-border"
        >
          {items.map((candidate) => (
            <li key={candidate.id} className="px-3 py-2.5">
              <Checkbox
                label={candidate.fullName || candidate.email}
                hint={
                  candidate.isEnrolled
                    ? t('enroll.alreadyEnrolledHint', { email: candidate.email })
                    : candidate.fullName
                      ? candidate.email
                      : undefined
                }
                checked={candidate.isEnrolled || selected.has(candidate.id)}
                disabled={candidate.isEnrolled}
                onChange={(event) => toggle(candidate, event.target.checked)}
              />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          pageSize={pageSize}
          total={total}
          label={t('enroll.pagesLabel')}
          onPageChange={setPage}
        />
      </>
    );
  };

  return (
    <Dialog
      title={t('enroll.title')}
      description={t('enroll.description', { title: courseTitle })}
      closeLabel={t('actions.close')}
      onClose={onClose}
      initialFocusRef={searchRef}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button disabled={selected.size === 0} isLoading={enroll.isPending} onClick={onSubmit}>
            {selected.size === 0 ? t('enroll.submitEmpty') : t('enroll.submit', { count: selected.size })}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={searchId}>{t('enroll.search')}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={searchRef}
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={t('enroll.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <p className="text-sm font-medium text-foreground" aria-live="polite">
        {t('enroll.selected', { count: selected.size })}
      </p>
      {error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      {renderList()}
    </Dialog>
  );
}
