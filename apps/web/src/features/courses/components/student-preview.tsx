import type { CourseDetail } from '@cursus/contracts';
import { ChevronLeft, ChevronRight, CircleCheck, Clock } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { useLesson } from '../api/get-lesson';
import { formatMinutes } from '../lib/format';
import { LessonContentView } from './lesson-content-view';
import { LESSON_TYPE_ICONS } from './lesson-type-icons';

export interface StudentPreviewProps {
  course: CourseDetail;
  /** The lesson shown; the first one when null. */
  lessonId: string | null;
  onSelectLesson: (lessonId: string) => void;
}

/**
 * 'Preview as a learner', inside the editor: the learner's lesson pages only open for enrolled
 * students, so staff see the same rendering here, read-only, drafts included.
 */
export function StudentPreview({ course, lessonId, onSelectLesson }: StudentPreviewProps) {
  const { t } = useTranslation('courses');
  const language = getLanguage();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const completeHintId = useId();
  const isFirstRender = useRef(true);
  const ordered = course.modules.flatMap((module) => module.lessons.map((lesson) => ({ lesson, module })));
  const currentIndex = Math.max(
    0,
    ordered.findIndex((entry) => entry.lesson.id === lessonId),
  );
  const current = ordered[currentIndex];
  const lesson = useLesson(course.id, current?.lesson.id ?? null);
  const previous = ordered[currentIndex - 1];
  const next = ordered[currentIndex + 1];

  // Moving to another lesson puts the reader at its title, as a new page would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs each time the shown lesson changes.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [current?.lesson.id]);

  if (!current)
    return (
      <p className="rounded-xl border border-dashed border-input/60 p-6 text-center text-sm text-muted-foreground">
        {t('preview.empty')}
      </p>
    );

  return (
    <div className="flex flex-col gap-4">
      <Alert variant="info" title={t('preview.noticeTitle')}>
        {t('preview.notice')}
        {course.status === 'draft' && ` ${t('preview.draftNotice')}`}
        {course.isLocked && ` ${t('preview.lockedNotice')}`}
      </Alert>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <nav aria-label={t('preview.outlineLabel')} className="flex flex-col gap-4">
          {course.modules.map((module, moduleIndex) => (
            <div key={module.id} className="flex flex-col gap-1">
              <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {t('outline.moduleNumber', { number: moduleIndex + 1 })} · {module.title}
              </h3>
              <ul className="flex flex-col gap-0.5">
                {module.lessons.map((item) => {
                  const Icon = LESSON_TYPE_ICONS[item.type];
                  const isCurrent = item.id === current.lesson.id;
                  return (
                    <li key={item.id}>
                      <button
                        type="button"
                        aria-current={isCurrent ? 'page' : undefined}
                        onClick={() => onSelectLesson(item.id)}
                        className={cn(
                          'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm',
                          isCurrent
                            ? 'bg-muted font-medium text-foreground'
                            : 'text-muted-foreground hover:bg-muted',
                          FOCUS_RING,
                        )}
                      >
                        <Icon aria-hidden="true" className="size-4 shrink-0" />
                        <span className="min-w-0 break-words">{item.title}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
        <Card as="article" padding="p-4 sm:p-6" isFlat className="flex min-w-0 flex-col gap-4">
          <header className="flex flex-col gap-1">
            <p className="text-xs font-medium text-muted-foreground">
              {course.title} · {current.module.title}
            </p>
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-semibold break-words text-foreground focus:outline-none"
            >
              {current.lesson.title}
            </h2>
            <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
              <Clock aria-hidden="true" className="size-3.5" />
              {formatMinutes(current.lesson.estimatedMinutes, language)}
            </p>
          </header>
          {lesson.isPending ? (
            <Spinner label={t('lesson.loading')} />
          ) : lesson.isError ? (
            <Alert variant="error">{getErrorMessage(lesson.error)}</Alert>
          ) : (
            <LessonContentView title={lesson.data.title} content={lesson.data.content} />
          )}
          <div className="flex flex-col gap-2 border-t border-border pt-4">
            <Button variant="secondary" disabled className="self-start" aria-describedby={completeHintId}>
              <CircleCheck aria-hidden="true" className="size-4" />
              {t('preview.markCompleted')}
            </Button>
            <p id={completeHintId} className="text-xs text-muted-foreground">
              {t('preview.markCompletedHint')}
            </p>
          </div>
          <nav aria-label={t('preview.lessonNavigation')} className="flex flex-wrap justify-between gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={!previous}
              onClick={() => previous && onSelectLesson(previous.lesson.id)}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              {t('preview.previous')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!next}
              onClick={() => next && onSelectLesson(next.lesson.id)}
            >
              {t('preview.next')}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </nav>
        </Card>
      </div>
    </div>
  );
}
