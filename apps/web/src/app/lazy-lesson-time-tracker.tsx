import { lazy, Suspense } from 'react';
import type { TimeTrackerProviderProps } from '@/features/time-tracking/components/time-tracker-provider';
import { loadNamespaces } from '@/lib/i18n';

type LessonTimeTrackerProps = Omit<TimeTrackerProviderProps, 'children' | 'ref'>;

// The lesson layout has no sidebar card to feed: the tracker runs beside the lesson, with its idle
// dialog, and loads with its texts rather than holding the lesson back.
const TimeTracker = lazy(async () => {
  const [{ TimeTrackerProvider }] = await Promise.all([
    import('@/features/time-tracking/components/time-tracker-provider'),
    loadNamespaces(['timeTracking']),
  ]);
  return {
    default: (props: LessonTimeTrackerProps) => <TimeTrackerProvider {...props}>{null}</TimeTrackerProvider>,
  };
});

/**
 * SPEC 4: a learner's time is tracked while they read a lesson too, online or offline (issue 18:
 * time read offline goes to the tracker's pending store like any offline time).
 */
export function LazyLessonTimeTracker(props: LessonTimeTrackerProps) {
  return (
    <Suspense fallback={null}>
      <TimeTracker {...props} />
    </Suspense>
  );
}
