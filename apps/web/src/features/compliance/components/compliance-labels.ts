import type { EvidenceSource, IndicatorStatus } from '@cursus/contracts';
import type { BadgeVariant } from '@/components/ui/badge';
import { paths } from '@/config/paths';

export const STATUS_BADGES: Record<IndicatorStatus, BadgeVariant> = {
  evidenced: 'success',
  partial: 'warning',
  missing: 'danger',
  notApplicable: 'neutral',
};

/** The register tabs of the compliance page, in the order they follow the indicators. */
export const REGISTER_TABS = ['complaints', 'improvements', 'watch'] as const;
export type RegisterTab = (typeof REGISTER_TABS)[number];

const registerTabHref = (tab: RegisterTab) => `${paths.trainer.compliance.getHref()}?tab=${tab}`;

/** The screen that shows a source's records. */
export function sourceHref(source: EvidenceSource, organizationId: string): string {
  switch (source) {
    case 'programmeSheets':
      return paths.trainer.courses.getHref();
    case 'publishedResults':
      return paths.publicIndicators.getHref(organizationId);
    case 'positioning':
      return paths.trainer.positioning.getHref();
    case 'convocations':
      return paths.trainer.groupSessions.getHref();
    case 'progress':
    case 'lessonsOpened':
    case 'reminders':
      return paths.trainer.students.getHref();
    case 'exchanges':
      return paths.trainer.forum.getHref();
    case 'quizAttempts':
      return paths.trainer.quizzes.getHref();
    case 'exerciseReviews':
      return paths.trainer.exercises.getHref();
    case 'trackedTime':
      return paths.trainer.connectionLogs.getHref();
    case 'trainerCvs':
      return paths.trainer.trainers.getHref();
    case 'satisfaction':
    case 'evaluationReminders':
      return paths.trainer.customEvaluations.getHref();
    case 'watch':
      return registerTabHref('watch');
    case 'complaints':
      return registerTabHref('complaints');
    case 'improvements':
      return registerTabHref('improvements');
  }
}
