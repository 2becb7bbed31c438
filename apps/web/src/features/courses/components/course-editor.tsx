import type { CourseDetail } from '@cursus/contracts';
import { ArrowLeft, BookOpen, Eye, EyeOff, Lock, LockOpen, MonitorPlay } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { TabList } from '@/components/ui/tab-list';
import { useTabs } from '@/hooks/use-tabs';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { getLanguage } from '@/lib/i18n';
import { useCourse } from '../api/get-course';
import { formatHours, formatPrice } from '../lib/format';
import { ActionsMenu } from './actions-menu';
import { CourseOutline } from './course-outline';
import { CourseSheetForm } from './course-sheet-form';
import { CourseStatusBadges } from './course-status-badges';
import { DeleteCourseDialog } from './delete-course-dialog';
import { EnrollmentPanel } from './enrollment-panel';
import { LessonEditor, type LessonEditorTarget } from './lesson-editor';
import { ListSkeleton } from './list-skeleton';
import { StudentPreview } from './student-preview';
import { useCourseActions } from './use-course-actions';

const TABS = ['content', 'sheet', 'learners', 'preview'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return TABS.includes(value as Tab);
}

export interface CourseEditorProps {
  courseId: string;
  /** The list this editor was opened from. */
  backHref: string;
  getEditHref: (courseId: string) => string;
  /** Admins see which organisation the formation belongs to. */
  showOrganization?: boolean;
}

function EditorHeader({
  course,
  backHref,
  showOrganization,
  onPreview,
  onDuplicated,
  onDelete,
}: {
  course: CourseDetail;
  backHref: string;
  showOrganization: boolean;
  onPreview: () => void;
  onDuplicated: (courseId: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('courses');
  const language = getLanguage();
  const { run, menuItems, changeState, duplicate } = useCourseActions(course, { onDelete, onDuplicated });

  const isPublished = course.status === 'published';
  const pendingAction = changeState.isPending ? changeState.variables?.action : undefined;
  const facts = [
    showOrganization ? course.organizationName : null,
    course.category,
    course.durationHours === null ? null : formatHours(course.durationHours, language),
    course.modality ? t(`modality.${course.modality}`) : null,
    course.priceCents === null ? null : formatPrice(course.priceCents, language),
    t('counts.modules', { count: course.moduleCount }),
    t('counts.lessons', { count: course.lessonCount }),
    t('counts.learners', { count: course.enrollmentCount }),
  ].filter((fact): fact is string => fact !== null);

  return (
    <header className="flex flex-col gap-4">
      <Link
        to={backHref}
        className={cn(
          'inline-flex items-center gap-1 self-start text-sm text-link hover:underline',
          FOCUS_RING,
        )}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('editor.back')}
      </Link>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground">
            {course.title}
          </h1>
          <CourseStatusBadges course={course} />
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Button
            variant={isPublished ? 'secondary' : 'primary'}
            isLoading={pendingAction === 'publish' || pendingAction === 'unpublish'}
            onClick={() => run(isPublished ? 'unpublish' : 'publish')}
          >
            {isPublished ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
            {isPublished ? t('actions.unpublish') : t('actions.publish')}
          </Button>
          <Button
            variant="secondary"
            isLoading={pendingAction === 'lock' || pendingAction === 'unlock'}
            onClick={() => run(course.isLocked ? 'unlock' : 'lock')}
          >
            {course.isLocked ? (
              <LockOpen aria-hidden="true" className="size-4" />
            ) : (
              <Lock aria-hidden="true" className="size-4" />
            )}
            {course.isLocked ? t('actions.unlock') : t('actions.lock')}
          </Button>
          <Button variant="secondary" onClick={onPreview}>
            <MonitorPlay aria-hidden="true" className="size-4" />
            {t('editor.previewAsStudent')}
          </Button>
          <ActionsMenu
            label={t('actions.menu', { title: course.title })}
            items={menuItems}
            disabled={duplicate.isPending}
          />
        </div>
      </div>
    </header>
  );
}

function EditorTabs({
  selected,
  onSelect,
  panels,
}: {
  selected: Tab;
  onSelect: (tab: Tab) => void;
  panels: Partial<Record<Tab, ReactNode>>;
}) {
  const { t } = useTranslation('courses');
  const tabs = useTabs(TABS, selected, onSelect);

  return (
    <div className="flex flex-col gap-5">
      <div>
        <TabList
          label={t('editor.tabsLabel')}
          tabs={TABS}
          selected={selected}
          tabsState={tabs}
          getTabLabel={(tab) => t(`editor.tabs.${tab}`)}
          className="flex-wrap"
          tabClassName="px-3 whitespace-nowrap sm:px-4"
        />
      </div>
      {TABS.map((tab) =>
        panels[tab] === undefined ? null : (
          <div
            key={tab}
            {...tabs.getPanelProps(tab)}
            hidden={selected !== tab}
            className={cn('rounded-lg', FOCUS_RING)}
          >
            {panels[tab]}
          </div>
        ),
      )}
    </div>
  );
}

function ContentTab({
  course,
  lessonId,
  onSelectLesson,
  onPreview,
}: {
  course: CourseDetail;
  lessonId: string | null;
  onSelectLesson: (lessonId: string | null) => void;
  onPreview: (lessonId: string) => void;
}) {
  const { t } = useTranslation('courses');
  const [draftModuleId, setDraftModuleId] = useState<string | null>(null);
  const [pendingChange, setPendingChange] = useState<(() => void) | null>(null);
  const isDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    isDirty.current = dirty;
  }, []);
  const lessonExists = course.modules.some((module) =>
    module.lessons.some((lesson) => lesson.id === lessonId),
  );

  // Leaving a lesson with unsaved changes asks first.
  const guard = (change: () => void) => {
    if (isDirty.current) setPendingChange(() => change);
    else change();
  };

  const target: LessonEditorTarget | null = draftModuleId
    ? { kind: 'create', moduleId: draftModuleId }
    : lessonId && lessonExists
      ? { kind: 'edit', lessonId }
      : null;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <section aria-label={t('outline.label')}>
        <CourseOutline
          course={course}
          selectedLessonId={draftModuleId ? null : lessonId}
          draftModuleId={draftModuleId}
          onSelectLesson={(id) =>
            guard(() => {
              setDraftModuleId(null);
              onSelectLesson(id);
            })
          }
          onAddLesson={(moduleId) =>
            guard(() => {
              setDraftModuleId(moduleId);
            })
          }
          onLessonsRemoved={(ids) => {
            if (lessonId && ids.includes(lessonId)) onSelectLesson(null);
          }}
        />
      </section>
      <section aria-label={t('lesson.panelLabel')} className="min-w-0">
        {target ? (
          <Card padding="p-4 sm:p-5" isFlat>
            <LessonEditor
              key={target.kind === 'create' ? `create-${target.moduleId}` : target.lessonId}
              course={course}
              target={target}
              onDirtyChange={onDirtyChange}
              onCreated={(id) => {
                setDraftModuleId(null);
                onSelectLesson(id);
              }}
              onClose={() =>
                guard(() => {
                  setDraftModuleId(null);
                  onSelectLesson(null);
                })
              }
              onDeleted={() => onSelectLesson(null)}
              onPreview={(id) => guard(() => onPreview(id))}
            />
          </Card>
        ) : (
          <div className="hidden rounded-xl border border-dashed border-input/60 p-8 text-center text-sm text-muted-foreground xl:block">
            {course.modules.length === 0 ? t('lesson.placeholderNoModule') : t('lesson.placeholder')}
          </div>
        )}
      </section>
      {pendingChange && (
        <ConfirmDialog
          title={t('lesson.discardTitle')}
          description={t('lesson.discardDescription')}
          confirmLabel={t('lesson.discardConfirm')}
          onConfirm={() => {
            isDirty.current = false;
            const change = pendingChange;
            setPendingChange(null);
            change();
          }}
          onClose={() => setPendingChange(null)}
        />
      )}
    </div>
  );
}

/**
 * `/trainer/formation/{formationId}`: the programme sheet, the outline with the lesson editor,
 * the learners and a learner's-eye preview, with publish, lock and the other actions on top.
 */
export function CourseEditor({
  courseId,
  backHref,
  getEditHref,
  showOrganization = false,
}: CourseEditorProps) {
  const { t } = useTranslation(['courses', 'errors']);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const course = useCourse(courseId);
  const [isDeleting, setIsDeleting] = useState(false);
  const tabParam = searchParams.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'content';
  const lessonId = searchParams.get('lesson');
  // Panels stay mounted once opened, so switching tabs keeps what was typed in them.
  const [visited, setVisited] = useState<Set<Tab>>(() => new Set([tab]));

  const setParams = (changes: { tab?: Tab; lesson?: string | null }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.tab) {
      next.set('tab', changes.tab);
      setVisited((previous) => new Set(previous).add(changes.tab!));
    }
    if (changes.lesson !== undefined) {
      if (changes.lesson) next.set('lesson', changes.lesson);
      else next.delete('lesson');
    }
    setSearchParams(next, { replace: true });
  };

  if (course.isPending) return <ListSkeleton rows={3} label={t('editor.loading')} />;
  if (course.isError) {
    const isMissing =
      isApiError(course.error, 'TRAINING_NOT_FOUND') || isApiError(course.error, 'VALIDATION_ERROR');
    if (isMissing)
      return (
        <EmptyState
          icon={BookOpen}
          titleAs="h1"
          title={t('errors:TRAINING_NOT_FOUND')}
          description={t('editor.notFoundDescription')}
          action={
            <Link to={backHref} className={buttonClassName('primary')}>
              {t('editor.back')}
            </Link>
          }
        />
      );
    return (
      <LoadErrorAlert
        error={course.error}
        title={t('editor.errorTitle')}
        retryLabel={t('actions.retry')}
        onRetry={() => course.refetch()}
      />
    );
  }

  const data = course.data;
  const panels: Partial<Record<Tab, ReactNode>> = {};
  const isOpen = (candidate: Tab) => candidate === tab || visited.has(candidate);
  if (isOpen('content'))
    panels.content = (
      <ContentTab
        course={data}
        lessonId={lessonId}
        onSelectLesson={(id) => setParams({ lesson: id })}
        onPreview={(id) => setParams({ tab: 'preview', lesson: id })}
      />
    );
  if (isOpen('sheet')) panels.sheet = <CourseSheetForm course={data} />;
  if (isOpen('learners')) panels.learners = <EnrollmentPanel courseId={data.id} courseTitle={data.title} />;
  if (tab === 'preview')
    panels.preview = (
      <StudentPreview course={data} lessonId={lessonId} onSelectLesson={(id) => setParams({ lesson: id })} />
    );

  return (
    <div className="flex flex-col gap-6">
      <EditorHeader
        course={data}
        backHref={backHref}
        showOrganization={showOrganization}
        onPreview={() => setParams({ tab: 'preview' })}
        onDuplicated={(copyId) => navigate(getEditHref(copyId))}
        onDelete={() => setIsDeleting(true)}
      />
      <EditorTabs selected={tab} onSelect={(next) => setParams({ tab: next })} panels={panels} />
      {isDeleting && (
        <DeleteCourseDialog
          course={data}
          onClose={() => setIsDeleting(false)}
          onDeleted={() => navigate(backHref)}
        />
      )}
    </div>
  );
}
