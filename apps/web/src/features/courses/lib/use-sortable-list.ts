import {
  type Announcements,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';

export interface SortableItem {
  id: string;
  title: string;
}

/** A new order with one item moved from `from` to `to`, or null when nothing moves. */
export function moveItem(ids: string[], from: number, to: number): string[] | null {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return null;
  return arrayMove(ids, from, to);
}

/**
 * What a sortable list of modules or lessons needs from dnd-kit: pointer and keyboard sensors
 * (Space or Enter picks up, arrows move, Space drops, Escape cancels), translated screen-reader
 * announcements, and the new order on drop.
 */
export function useSortableList(items: SortableItem[], onReorder: (ids: string[]) => void) {
  const { t } = useTranslation('courses');
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const titleOf = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.title ?? '';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('dnd.picked', { title: titleOf(active.id), position: positionOf(active.id), total: ids.length }),
    onDragOver: ({ active, over }) =>
      over
        ? t('dnd.over', { title: titleOf(active.id), position: positionOf(over.id), total: ids.length })
        : t('dnd.outside', { title: titleOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('dnd.dropped', { title: titleOf(active.id), position: positionOf(over.id), total: ids.length })
        : t('dnd.cancelled', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('dnd.cancelled', { title: titleOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const next = moveItem(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    if (next) onReorder(next);
  };

  return {
    ids,
    sensors,
    onDragEnd,
    accessibility: { announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } },
  };
}
