import { type CourseModule, ModuleInputSchema } from '@cursus/contracts';
import { closestCenter, DndContext } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, PencilLine, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { moveItem, useSortableList } from '../lib/use-sortable-list';
import { MoveButtons } from './move-buttons';
import { OutlineLesson } from './outline-lesson';

export interface OutlineModuleProps {
  module: CourseModule;
  index: number;
  count: number;
  selectedLessonId: string | null;
  isAddingLesson: boolean;
  isRenaming: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onStartRename: () => void;
  onRename: (title: string) => Promise<boolean>;
  onCancelRename: () => void;
  onDelete: () => void;
  onAddLesson: () => void;
  onSelectLesson: (lessonId: string) => void;
  /** Every lesson id of the module, in the new order. */
  onReorderLessons: (lessonIds: string[], moved: { lessonId: string; direction?: 'up' | 'down' }) => void;
}

function RenameForm({
  title,
  onRename,
  onCancel,
}: {
  title: string;
  onRename: (title: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['courses', 'errors']);
  const id = useId();
  const [value, setValue] = useState(title);
  const [isInvalid, setIsInvalid] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ModuleInputSchema.safeParse({ title: value });
    if (!parsed.success) {
      setIsInvalid(true);
      return;
    }
    setIsSaving(true);
    const isDone = await onRename(parsed.data.title);
    if (!isDone) setIsSaving(false);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-1 flex-wrap items-start gap-2">
      <div className="flex min-w-40 flex-1 flex-col gap-1">
        <label htmlFor={id} className="sr-only">
          {t('outline.moduleTitle')}
        </label>
        <Input
          id={id}
          autoFocus
          value={value}
          aria-invalid={isInvalid || undefined}
          aria-describedby={isInvalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setIsInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onCancel();
            }
          }}
          className="h-9"
        />
        {isInvalid && (
          <p id={`${id}-error`} className="text-xs text-danger">
            {t('errors:validation.required')}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" isLoading={isSaving}>
        {t('actions.save')}
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
    </form>
  );
}

/** A module of the outline: handle, title, its lessons (sortable among themselves) and its actions. */
export function OutlineModule({
  module,
  index,
  count,
  selectedLessonId,
  isAddingLesson,
  isRenaming,
  onMove,
  onStartRename,
  onRename,
  onCancelRename,
  onDelete,
  onAddLesson,
  onSelectLesson,
  onReorderLessons,
}: OutlineModuleProps) {
  const { t } = useTranslation('courses');
  const headingId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: module.id,
      attributes: { roleDescription: t('dnd.roleDescription') },
    });
  const lessons = useSortableList(module.lessons, (lessonIds) => {
    const moved = lessonIds.find((id, position) => module.lessons[position]?.id !== id);
    onReorderLessons(lessonIds, { lessonId: moved ?? lessonIds[0]! });
  });

  const moveLesson = (lessonIndex: number, direction: 'up' | 'down') => {
    const ids = module.lessons.map((lesson) => lesson.id);
    const next = moveItem(ids, lessonIndex, direction === 'up' ? lessonIndex - 1 : lessonIndex + 1);
    if (next) onReorderLessons(next, { lessonId: ids[lessonIndex]!, direction });
  };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-border bg-muted/40 p-3',
        isDragging && 'relative z-20 shadow-xl',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-1 gap-y-2">
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={t('outline.dragModule', { title: module.title })}
          className={cn(
            'flex h-9 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:bg-muted active:cursor-grabbing',
            FOCUS_RING,
          )}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        {isRenaming ? (
          <RenameForm title={module.title} onRename={onRename} onCancel={onCancelRename} />
        ) : (
          <>
            <h3 id={headingId} className="min-w-0 flex-1 text-sm font-semibold break-words text-foreground">
              <span className="block text-xs font-medium text-muted-foreground">
                {t('outline.moduleNumber', { number: index + 1 })}
              </span>
              {module.title}
            </h3>
            <div className="flex shrink-0 items-center">
              <MoveButtons
                focusKey={module.id}
                index={index}
                count={count}
                upLabel={t('outline.moveModuleUp', { title: module.title })}
                downLabel={t('outline.moveModuleDown', { title: module.title })}
                onMove={onMove}
              />
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                data-focus-key={`${module.id}:rename`}
                aria-label={t('outline.renameModule', { title: module.title })}
                title={t('outline.rename')}
                onClick={onStartRename}
              >
                <PencilLine aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-danger!"
                aria-label={t('outline.deleteModule', { title: module.title })}
                title={t('actions.delete')}
                onClick={onDelete}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </>
        )}
      </div>
      {module.lessons.length === 0 && !isAddingLesson ? (
        <p className="px-1 text-sm text-muted-foreground">{t('outline.noLessons')}</p>
      ) : (
        <DndContext
          sensors={lessons.sensors}
          collisionDetection={closestCenter}
          onDragEnd={lessons.onDragEnd}
          accessibility={lessons.accessibility}
        >
          <SortableContext items={lessons.ids} strategy={verticalListSortingStrategy}>
            <ol
              aria-label={t('outline.lessonsOf', { title: module.title })}
              className="flex flex-col gap-1.5"
            >
              {module.lessons.map((lesson, lessonIndex) => (
                <OutlineLesson
                  key={lesson.id}
                  lesson={lesson}
                  index={lessonIndex}
                  count={module.lessons.length}
                  isSelected={lesson.id === selectedLessonId}
                  onSelect={() => onSelectLesson(lesson.id)}
                  onMove={(direction) => moveLesson(lessonIndex, direction)}
                />
              ))}
              {isAddingLesson && (
                <li className="rounded-lg border border-dashed border-primary px-3 py-2 text-sm text-foreground">
                  {t('outline.newLessonPlaceholder')}
                </li>
              )}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <Button variant="secondary" size="sm" className="self-start" onClick={onAddLesson}>
        <Plus aria-hidden="true" className="size-4" />
        {t('outline.addLesson')}
        <span className="sr-only">{t('outline.toModule', { title: module.title })}</span>
      </Button>
    </li>
  );
}
