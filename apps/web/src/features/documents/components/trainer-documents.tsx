import { DOCUMENT_CATEGORIES, type DocumentCategory } from '@cursus/contracts';
import { FileText, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { useCourseOptions, useDocuments } from '../api/documents';
import { type DocumentAction, DocumentActionDialog, DocumentFormDialog } from './document-dialogs';
import { DocumentRow } from './document-row';

const PAGE_SIZE = 10;

/** /trainer/documents: the organisation's documents, to upload, share, replace and delete. */
export function TrainerDocuments() {
  const { t } = useTranslation('documents');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<DocumentCategory | ''>('');
  const [courseId, setCourseId] = useState('');
  const documents = useDocuments({
    page,
    pageSize: PAGE_SIZE,
    search: search || undefined,
    category: category || undefined,
    courseId: courseId || undefined,
  });
  const courses = useCourseOptions();
  const courseList = (courses.data?.items ?? []).map((course) => ({ id: course.id, title: course.title }));
  const [isCreating, setIsCreating] = useState(false);
  const [action, setAction] = useState<DocumentAction | null>(null);
  const ids = { search: useId(), category: useId(), course: useId() };
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const isFiltered = Boolean(search || category || courseId);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('actions.add')}
        </Button>
      </div>
      <FilterBar label={t('list.filters')} className="lg:grid-cols-[2fr_1fr_1fr]">
        <FilterField label={t('list.search')} htmlFor={ids.search}>
          <Input
            id={ids.search}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => filtered(setSearch)(event.target.value)}
          />
        </FilterField>
        <FilterField label={t('list.category')} htmlFor={ids.category}>
          <Select
            id={ids.category}
            value={category}
            onChange={(event) => filtered(setCategory)(event.target.value as DocumentCategory | '')}
          >
            <option value="">{t('list.allCategories')}</option>
            {DOCUMENT_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {t(`category.${option}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('list.course')} htmlFor={ids.course}>
          <Select
            id={ids.course}
            value={courseId}
            onChange={(event) => filtered(setCourseId)(event.target.value)}
          >
            <option value="">{t('list.allCourses')}</option>
            {courseList.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      {documents.isPending && <SkeletonCards label={t('list.loading')} count={3} bars={['w-1/3', 'w-2/3']} />}
      {documents.isError && (
        <LoadErrorAlert
          error={documents.error}
          title={t('list.error')}
          retryLabel={t('retry')}
          onRetry={() => documents.refetch()}
        />
      )}
      {documents.data?.total === 0 && (
        <EmptyState
          icon={FileText}
          title={isFiltered ? t('list.noMatchTitle') : t('list.emptyTitle')}
          description={isFiltered ? t('list.noMatchDescription') : t('list.emptyDescription')}
        />
      )}
      {documents.data && documents.data.total > 0 && (
        <PagedList
          query={documents}
          label={t('list.label')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('list.summary', { count: documents.data.total })}
            </p>
          }
          pagesLabel={t('list.pages')}
          onPageChange={setPage}
        >
          {documents.data.items.map((document) => (
            <DocumentRow key={document.id} document={document} headingLevel="h2" onAction={setAction} />
          ))}
        </PagedList>
      )}
      {isCreating && <DocumentFormDialog courses={courseList} onClose={() => setIsCreating(false)} />}
      <DocumentActionDialog action={action} courses={courseList} onClose={() => setAction(null)} />
    </div>
  );
}
