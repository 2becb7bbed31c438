import type { LessonType } from '@cursus/contracts';
import { ExternalLink, FileText, PlayCircle, ScrollText } from 'lucide-react';
import { cn } from '@/lib/cn';

const ICONS = { text: ScrollText, video: PlayCircle, document: FileText, link: ExternalLink } as const;

/** The icon of a lesson type; decorative, the type is always written next to it. */
export function LessonTypeIcon({ type, className }: { type: LessonType; className?: string }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden="true" className={cn('size-4 shrink-0', className)} />;
}
