import type { LessonSummary } from '@cursus/contracts';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';
import { getLanguage } from '@/lib/i18n';
import { formatMinutes } from '../lib/format';
import { LESSON_TYPE_ICONS } from './lesson-type-icons';
import { MoveButtons } from './move-buttons';

export interface OutlineLessonProps {
  lesson: LessonSummary;
  index: number;
  count: number;
  isSelected: boolean;
  onSelect: () => void;
  onMove: (direction: 'up' | 'down') => void;
}

/** A lesson in a module: drag handle, its name (opens it in the editor), and move up/down buttons. */
export function OutlineLesson({ lesson, index, count, isSelected, onSelect, onMove }: OutlineLessonProps) {
  const { t } = useTranslation('courses');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: lesson.id,
      attributes: { roleDescription: t('dnd.roleDescription') },
    });
  const Icon = LESSON_TYPE_ICONS[lesson.type];
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex items-center gap-1 rounded-lg border bg-card py-1 pr-1 pl-0.5',
        isSelected ? 'border-primary ring-1 ring-primary' : 'border-border',
        isDragging && 'relative z-10 shadow-lg',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={t('outline.dragLesson', { title: lesson.title })}
        className={cn(
          'flex h-9 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:bg-muted active:cursor-grabbing',
          FOCUS_RING,
        )}
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        onClick={onSelect}
        aria-current={isSelected || undefined}
        className={cn(
          'flex min-w-0 flex-1 items-center gap-2 rounded px-1.5 py-1.5 text-left text-sm hover:bg-muted',
          FOCUS_RING,
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1 break-words text-foreground">
          <span className="sr-only">{t(`lessonTypes.${lesson.type}`)} : </span>
          {lesson.title}
        </span>
        <span className="shrink-0 text-xs whitespace-nowrap text-muted-foreground">
          {formatMinutes(lesson.estimatedMinutes, getLanguage())}
        </span>
      </button>
      <MoveButtons
        focusKey={lesson.id}
        index={index}
        count={count}
        upLabel={t('outline.moveLessonUp', { title: lesson.title })}
        downLabel={t('outline.moveLessonDown', { title: lesson.title })}
        onMove={onMove}
        className="shrink-0"
      />
    </li>
  );
}
