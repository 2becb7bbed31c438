import type { Db } from '../../db/client.ts';
import { systemAlerts, systemLogs } from './system.tables.ts';

const HOUR_MS = 60 * 60_000;
const DEMO_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

/**
 * What the admins' monitoring screens show on a fresh demo: a few days of logs as the web app and
 * the server write them (mostly minor, some errors, one critical), the alert that critical error
 * raised, still open, and the time-tracking alert of a sync error, resolved since. All older than the
 * monitoring job's hour, so the demo's first run raises nothing new.
 */
export async function seedDemoMonitoring(
  db: Db,
  input: { organizationId: string; trainerId: string; studentId: string; now: Date },
) {
  const { organizationId, trainerId, studentId, now } = input;
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const fromStudent = { organizationId, userId: studentId, userRole: 'student', userAgent: DEMO_USER_AGENT };
  const fromTrainer = { organizationId, userId: trainerId, userRole: 'trainer', userAgent: DEMO_USER_AGENT };
  const critical = {
    ...fromTrainer,
    message: 'new row violates row-level security policy for table "course_lessons"',
    stack:
      'Error: new row violates row-level security policy for table "course_lessons"\n    at saveLesson (lesson-editor.tsx:118:11)\n    at async onSubmit (lesson-editor.tsx:64:5)',
    category: 'database',
    severity: 'critical',
    url: '/trainer/formation/bureautique/lessons',
    componentName: 'LessonEditor',
    metadata: { referrer: '/trainer/courses', timestamp: hoursAgo(30).toISOString() },
    createdAt: hoursAgo(30),
  };
  const [criticalLog] = await db
    .insert(systemLogs)
    .values([
      critical,
      {
        ...fromStudent,
        message: 'Failed to fetch',
        category: 'network',
        severity: 'medium',
        url: '/dashboard',
        metadata: { referrer: '/formations' },
        createdAt: hoursAgo(3),
      },
      {
        ...fromStudent,
        message: "TypeError: Cannot read properties of undefined (reading 'modules')",
        stack:
          "TypeError: Cannot read properties of undefined (reading 'modules')\n    at CourseOutline (course-outline.tsx:42:27)",
        category: 'general',
        severity: 'high',
        url: '/formations',
        componentName: 'CourseOutline',
        createdAt: hoursAgo(5),
      },
      {
        ...fromTrainer,
        message: 'ChunkLoadError: Loading chunk 412 failed',
        category: 'network',
        severity: 'medium',
        url: '/trainer/analytics',
        createdAt: hoursAgo(8),
      },
      {
        ...fromStudent,
        message: 'time tracking sync_error: heartbeat refused after 3 retries',
        category: 'time_tracking',
        severity: 'high',
        metadata: { issueType: 'sync_error' },
        createdAt: hoursAgo(26),
      },
      {
        ...fromTrainer,
        message: 'Request took too long',
        category: 'network',
        severity: 'low',
        url: '/trainer/students',
        createdAt: hoursAgo(50),
      },
      {
        ...fromStudent,
        message: 'Quiz attempt could not be saved: 500 Internal Server Error',
        category: 'database',
        severity: 'high',
        url: '/formations/quiz',
        componentName: 'QuizPlayer',
        createdAt: hoursAgo(52),
      },
      {
        ...fromStudent,
        message: 'ResizeObserver loop completed with undelivered notifications',
        category: 'general',
        severity: 'low',
        url: '/formations',
        createdAt: hoursAgo(70),
      },
    ])
    .returning({ id: systemLogs.id });
  await db.insert(systemAlerts).values([
    {
      alertType: 'critical_error',
      severity: 'critical',
      title: 'Erreur critique',
      message: '1 erreur(s) critique(s) depuis le dernier contrôle.',
      source: 'monitoring',
      metadata: {
        criticalCount: 1,
        samples: [
          {
            id: criticalLog!.id,
            message: critical.message,
            severity: critical.severity,
            category: critical.category,
            createdAt: critical.createdAt.toISOString(),
          },
        ],
      },
      createdAt: new Date(critical.createdAt.getTime() + 4 * 60_000),
    },
    // As the time-tracking module raises one (time-issues.ts), for the sync error logged above.
    {
      alertType: 'sync_error',
      severity: 'high',
      title: 'Time tracking: sync_error',
      message: 'heartbeat refused after 3 retries',
      source: 'time-tracking',
      organizationId,
      metadata: { issueType: 'sync_error', studentId },
      isResolved: true,
      resolvedAt: hoursAgo(24),
      createdAt: hoursAgo(26),
    },
  ]);
}
