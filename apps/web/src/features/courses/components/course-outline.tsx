import { type CourseDetail, type CourseModule, ModuleInputSchema } from '@cursus/contracts';
import { closestCenter, DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useCreateModule } from '../api/create-module';
import { useDeleteModule } from '../api/delete-module';
import { useReorderLessons } from '../api/reorder-lessons';
import { useReorderModules } from '../api/reorder-modules';
import { useUpdateModule } from '../api/update-module';
import { moveItem, useSortableList } from '../lib/use-sortable-list';
import { OutlineModule } from './outline-module';

export interface CourseOutlineProps {
  course: CourseDetail;
  selectedLessonId: string | null;
  /** The module a new lesson is being written for, if any. */
  draftModuleId: string | null;
  onSelectLesson: (lessonId: string) => void;
  onAddLesson: (moduleId: string) => void;
  /** A lesson or module that held the editor's lesson is gone. */
  onLessonsRemoved: (lessonIds: string[]) => void;
}

function AddModuleForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation(['courses', 'errors']);
  const id = useId();
  const [title, setTitle] = useState('');
  const [isInvalid, setIsInvalid] = useState(false);
  const createModule = useCreateModule(courseId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ModuleInputSchema.safeParse({ title });
    if (!parsed.success) {
      setIsInvalid(true);
      return;
    }
    try {
      await createModule.mutateAsync(parsed.data);
      notify.success(t('outline.moduleAdded', { title: parsed.data.title }));
      setTitle('');
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>{t('outline.newModuleLabel')}</Label>
        <Input
          id={id}
          value={title}
          placeholder={t('outline.newModulePlaceholder')}
          aria-invalid={isInvalid || undefined}
          aria-describedby={isInvalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            setIsInvalid(false);
          }}
        />
        {isInvalid && (
          <p id={`${id}-error`} className="text-sm text-danger">
            {t('errors:validation.required')}
          </p>
        )}
      </div>
      <Button type="submit" isLoading={createModule.isPending}>
        <Plus aria-hidden="true" className="size-4" />
        {t('outline.addModule')}
      </Button>
    </form>
  );
}

/**
 * The formation's outline: modules in order, lessons in order within each. Everything moves by
 * drag and drop (mouse, touch or keyboard) and by explicit up/down buttons, so reordering never
 * depends on a pointer; each move is announced.
 */
export function CourseOutline({
  course,
  selectedLessonId,
  draftModuleId,
  onSelectLesson,
  onAddLesson,
  onLessonsRemoved,
}: CourseOutlineProps) {
  const { t } = useTranslation('courses');
  const containerRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [moduleToDelete, setModuleToDelete] = useState<CourseModule | null>(null);
  // The up/down button to focus again once the list has re-rendered in its new order.
  const pendingFocus = useRef<{ key: string; fallbackKey?: string } | null>(null);
  const reorderModules = useReorderModules(course.id);
  const reorderLessons = useReorderLessons(course.id);
  const updateModule = useUpdateModule(course.id);
  const deleteModule = useDeleteModule(course.id);
  const { modules } = course;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the outline re-renders.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || !containerRef.current) return;
    const find = (key: string | undefined) =>
      key ? containerRef.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${key}"]`) : null;
    const button = find(target.key);
    // At the top or the bottom the same button is now disabled: its opposite takes the focus.
    const focusable = button && !button.disabled ? button : find(target.fallbackKey);
    if (!focusable) return;
    pendingFocus.current = null;
    focusable.focus();
  }, [modules, renamingId]);

  const focusMoveButton = (id: string, direction: 'up' | 'down') => {
    pendingFocus.current = {
      key: `${id}:${direction}`,
      fallbackKey: `${id}:${direction === 'up' ? 'down' : 'up'}`,
    };
  };

  const saveModuleOrder = async (moduleIds: string[], movedId: string, direction?: 'up' | 'down') => {
    if (direction) focusMoveButton(movedId, direction);
    const title = modules.find((module) => module.id === movedId)?.title ?? '';
    setAnnouncement(
      t('outline.movedAnnouncement', {
        title,
        position: moduleIds.indexOf(movedId) + 1,
        total: moduleIds.length,
      }),
    );
    try {
      await reorderModules.mutateAsync(moduleIds);
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  const moduleList = useSortableList(modules, (moduleIds) => {
    const moved = moduleIds.find((id, position) => modules[position]?.id !== id);
    if (moved) void saveModuleOrder(moduleIds, moved);
  });

  const moveModule = (index: number, direction: 'up' | 'down') => {
    const ids = modules.map((module) => module.id);
    const next = moveItem(ids, index, direction === 'up' ? index - 1 : index + 1);
    if (next) void saveModuleOrder(next, ids[index]!, direction);
  };

  const saveLessonOrder = async (
    module: CourseModule,
    lessonIds: string[],
    moved: { lessonId: string; direction?: 'up' | 'down' },
  ) => {
    if (moved.direction) focusMoveButton(moved.lessonId, moved.direction);
    const title = module.lessons.find((lesson) => lesson.id === moved.lessonId)?.title ?? '';
    setAnnouncement(
      t('outline.movedAnnouncement', {
        title,
        position: lessonIds.indexOf(moved.lessonId) + 1,
        total: lessonIds.length,
      }),
    );
    try {
      await reorderLessons.mutateAsync({ moduleId: module.id, lessonIds });
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  const renameModule = async (moduleId: string, title: string) => {
    try {
      await updateModule.mutateAsync({ moduleId, title });
      pendingFocus.current = { key: `${moduleId}:rename` };
      setRenamingId(null);
      notify.success(t('outline.moduleRenamed'));
      return true;
    } catch (error) {
      notify.error(getErrorMessage(error));
      return false;
    }
  };

  const confirmDeleteModule = async () => {
    if (!moduleToDelete) return;
    try {
      await deleteModule.mutateAsync(moduleToDelete.id);
      notify.success(t('outline.moduleDeleted', { title: moduleToDelete.title }));
      onLessonsRemoved(moduleToDelete.lessons.map((lesson) => lesson.id));
      setModuleToDelete(null);
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  return (
    <div ref={containerRef} className="flex flex-col gap-4">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {modules.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input/60 p-6 text-center text-sm text-muted-foreground">
          {t('outline.empty')}
        </p>
      ) : (
        <DndContext
          sensors={moduleList.sensors}
          collisionDetection={closestCenter}
          onDragEnd={moduleList.onDragEnd}
          accessibility={moduleList.accessibility}
        >
          <SortableContext items={moduleList.ids} strategy={verticalListSortingStrategy}>
            <ol aria-label={t('outline.label')} className="flex flex-col gap-3">
              {modules.map((module, index) => (
                <OutlineModule
                  key={module.id}
                  module={module}
                  index={index}
                  count={modules.length}
                  selectedLessonId={selectedLessonId}
                  isAddingLesson={draftModuleId === module.id}
                  isRenaming={renamingId === module.id}
                  onMove={(direction) => moveModule(index, direction)}
                  onStartRename={() => setRenamingId(module.id)}
                  onRename={(title) => renameModule(module.id, title)}
                  onCancelRename={() => {
                    pendingFocus.current = { key: `${module.id}:rename` };
                    setRenamingId(null);
                  }}
                  onDelete={() => setModuleToDelete(module)}
                  onAddLesson={() => onAddLesson(module.id)}
                  onSelectLesson={onSelectLesson}
                  onReorderLessons={(lessonIds, moved) => void saveLessonOrder(module, lessonIds, moved)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <AddModuleForm courseId={course.id} />
      {moduleToDelete && (
        <ConfirmDialog
          title={t('outline.deleteModuleTitle')}
          description={t('outline.deleteModuleDescription', {
            title: moduleToDelete.title,
            count: moduleToDelete.lessons.length,
          })}
          confirmLabel={t('actions.delete')}
          isPending={deleteModule.isPending}
          onConfirm={confirmDeleteModule}
          onClose={() => setModuleToDelete(null)}
        />
      )}
    </div>
  );
}
