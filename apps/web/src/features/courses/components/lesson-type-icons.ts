import type { LessonType } from '@cursus/contracts';
import { FileText, Link2, type LucideIcon, PlayCircle, TextQuote } from 'lucide-react';

export const LESSON_TYPE_ICONS: Record<LessonType, LucideIcon> = {
  text: TextQuote,
  video: PlayCircle,
  document: FileText,
  link: Link2,
};
