import {
  type LogSeverity,
  TIME_TRACKING,
  TIME_TRACKING_NOTIFICATION_TYPE,
  type TimeTrackingIssueType,
} from '@cursus/contracts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import type { OrganizationsService } from '../organizations/organizations.module.ts';
import type { SystemService } from '../system/system.module.ts';

export interface TimeIssue {
  issueType: TimeTrackingIssueType;
  userId: string;
  organizationId: string;
  /** What happened, for the log (English, for operators). */
  detail: string;
  metadata?: Record<string, unknown>;
  /** SPEC 9: a time gap above 300 s, or more than 3 open sessions, also raises a system alert. */
  alert?: boolean;
}

const SEVERITY: Record<TimeTrackingIssueType, LogSeverity> = {
  session_creation_failed: 'high',
  sync_error: 'medium',
  session_stuck: 'medium',
  session_end_failed: 'high',
  update_failed: 'medium',
  time_mismatch: 'high',
  duplicate_tracking: 'medium',
};

/**
 * SPEC 8: every time-tracking issue is logged to system_logs, notified to the trainers and admins
 * of the learner's organisation (SPEC 3 metadata), and raises a system alert where SPEC 9 says.
 */
export function createTimeIssueReporter(options: {
  system: SystemService;
  notifications: NotificationsService;
  organizations: OrganizationsService;
  log: { error(object: object, message: string): void };
}) {
  const { system, notifications, organizations } = options;

  async function report(issue: TimeIssue) {
    const student = await organizations.loadUser(issue.userId);
    // SPEC 8: 'Unknown Student' when the profile cannot be read.
    const studentName = student?.fullName || 'Unknown Student';
    const metadata = {
      studentId: issue.userId,
      studentName,
      studentEmail: student?.email ?? '',
      issueType: issue.issueType,
    };
    const severity = SEVERITY[issue.issueType];
    await system.recordServerLog({
      message: `time tracking ${issue.issueType}: ${issue.detail}`,
      category: 'time_tracking',
      severity,
      userId: issue.userId,
      userRole: student?.role ?? null,
      organizationId: issue.organizationId,
      metadata: { ...metadata, ...issue.metadata },
    });
    if (issue.alert) {
      await system.raiseAlert({
        alertType: issue.issueType,
        severity: 'high',
        title: `Time tracking: ${issue.issueType}`,
        message: issue.detail,
        source: 'time-tracking',
        organizationId: issue.organizationId,
        metadata: { ...metadata, ...issue.metadata },
      });
    }
    await notifications.notifyOrganizationStaff(issue.organizationId, {
      type: TIME_TRACKING_NOTIFICATION_TYPE,
      actionUrl: `/trainer/connection-logs?studentId=${encodeURIComponent(issue.userId)}`,
      context: 'trainer',
      metadata,
    });
  }

  return {
    report,
    /** For failures on a path that is already failing: reporting must never hide the first error. */
    async reportQuietly(issue: TimeIssue) {
      try {
        await report(issue);
      } catch (error) {
        options.log.error({ err: error, issueType: issue.issueType }, 'time-tracking issue not reported');
      }
    },
    /** SPEC 9 thresholds, in one place. */
    isAlertGap: (seconds: number) => seconds > TIME_TRACKING.alertThresholdSeconds,
    isAlertDuplicates: (openSessions: number) => openSessions > TIME_TRACKING.duplicateAlertThreshold,
  };
}

export type TimeIssueReporter = ReturnType<typeof createTimeIssueReporter>;
