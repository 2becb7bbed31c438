import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ConnectionLogs } from '@/features/connection-logs/components/connection-logs';
import {
  ResetStudentTimeButton,
  ResetTotalTimeButton,
} from '@/features/time-tracking/components/reset-student-time-button';

/**
 * SPEC 2 /trainer/connection-logs: learners' sign-ins and tracked sessions, for trainers and admins,
 * with the SPEC 6 resets of a learner's tracked time (current session for staff, total for admins).
 */
export default function TrainerConnectionLogsRoute() {
  const { t } = useTranslation('connectionLogs');
  const role = useAuth().user?.role ?? null;
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <ConnectionLogs
        renderStudentActions={(log) => (
          <ResetTotalTimeButton studentId={log.studentId} studentName={log.fullName} viewerRole={role} />
        )}
        // Only a session open now can be reset: the learner's details say whether there is one.
        renderOpenSessionActions={(log) => (
          <ResetStudentTimeButton studentId={log.studentId} studentName={log.fullName} viewerRole={role} />
        )}
      />
    </>
  );
}
