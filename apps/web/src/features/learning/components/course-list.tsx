import { BookOpen } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NoMatchState } from '@/components/ui/no-match-state';
import { Pagination } from '@/components/ui/pagination';
import { useSettledSearch } from '@/hooks/use-settled-search';
import { isApiError } from '@/lib/api-client';
import { useStudentCourses } from '../api/get-student-courses';
import { OfflineUnavailableError, useLearningOfflineSource } from '../api/offline-source';
import { CourseCard } from './course-card';
import { LoadError, NoOrganizationNotice, SkeletonBlocks } from './learning-states';

/** Cards per page: four rows of three on a wide screen. */
export const COURSES_PAGE_SIZE = 12;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export interface CourseListProps {
  /** Known from the session: without an organisation there is nothing to ask the server. */
  hasOrganization: boolean;
}

/** `/formations`: the learner's formations with search and pages kept in the address (shareable, back button). */
export function CourseList({ hasOrganization }: CourseListProps) {
  const { t } = useTranslation('learning');
  const searchId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search')?.trim() ?? '';
  const page = readPage(searchParams.get('page'));
  const [searchText, setSearchText] = useState(search);

  // Back and forward change the address: the field follows it (keeping a space being typed).
  useEffect(() => setSearchText((current) => (current.trim() === search ? current : search)), [search]);

  useSettledSearch(searchText, search, (text) => {
    const next = text.trim();
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next) params.set('search', next);
        else params.delete('search');
        // A new search starts again from its first page.
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  });

  const query = useStudentCourses(
    { search: search || undefined, page, pageSize: COURSES_PAGE_SIZE },
    { enabled: hasOrganization },
  );

  const goToPage = (nextPage: number) => {
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (nextPage > 1) params.set('page', String(nextPage));
      else params.delete('page');
      return params;
    });
    window.scrollTo?.({ top: 0 });
  };

  const data = query.data;
  // A page past the end (an old link, a formation removed meanwhile) falls back to the first page.
  const isPastLastPage = data !== undefined && data.items.length === 0 && data.total > 0 && page > 1;
  useEffect(() => {
    if (!isPastLastPage) return;
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  }, [isPastLastPage, setSearchParams]);

  const offline = useLearningOfflineSource();
  if (!hasOrganization || isApiError(query.error, 'NO_ORGANIZATION')) return <NoOrganizationNotice />;
  if (query.error instanceof OfflineUnavailableError && !data) return offline?.unavailable.list;
  const isEmptyAccount = data?.emptyReason === 'EMPTY_COURSES' || (data && data.total === 0 && !search);

  return (
    <div className="flex flex-col gap-6">
      {!isEmptyAccount && (
        // biome-ignore lint/a11y/useSemanticElements: <search> is too recent for some supported browsers (and happy-dom); the role is the same landmark.
        <div role="search" className="flex flex-col gap-1.5 sm:max-w-sm">
          <Label htmlFor={searchId}>{t('list.searchLabel')}</Label>
          <Input
            id={searchId}
            type="search"
            value={searchText}
            placeholder={t('list.searchPlaceholder')}
            onChange={(event) => setSearchText(event.target.value)}
            autoComplete="off"
          />
        </div>
      )}

      {query.isPending ? (
        <SkeletonBlocks
          label={t('list.loading')}
          count={6}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
        />
      ) : query.isError && !data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : isEmptyAccount ? (
        <EmptyState icon={BookOpen} title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
      ) : data && data.items.length === 0 ? (
        <NoMatchState
          title={t('list.noResultsTitle', { search })}
          description={t('list.noResultsDescription')}
          resetLabel={t('list.clearSearch')}
          onReset={() => setSearchText('')}
        />
      ) : data ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('list.resultCount', { count: data.total })}
          </p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={query.isFetching}>
            {data.items.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            label={t('pagination.label')}
            onPageChange={goToPage}
          />
        </>
      ) : null}
    </div>
  );
}
