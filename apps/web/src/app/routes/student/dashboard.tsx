import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LearningTime } from '@/features/dashboard/components/learning-time';
import { Recommendations } from '@/features/dashboard/components/recommendations';
import { MyEvaluationsCard } from '@/features/evaluations/components/my-evaluations-card';
import { DashboardCourses } from '@/features/learning/components/dashboard-courses';
import { QuizStatsCard } from '@/features/quizzes/components/quiz-stats-card';

/**
 * SPEC 2 /dashboard, "Mon Suivi": learning time and the weekly goal, recommendations by priority,
 * then active and completed formations with their progress and the progression score.
 */
export default function StudentDashboardRoute() {
  const { t } = useTranslation('learning');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.greeting', { firstName: user.firstName })}
      />
      {user.organizationId === null ? (
        <Alert
          variant="warning"
          title={t('dashboard.noOrganizationTitle')}
          action={
            <Link
              to={paths.assignOrganization.getHref()}
              className={buttonClassName('secondary', 'sm', 'self-start')}
            >
              {t('dashboard.noOrganizationAction')}
            </Link>
          }
        >
          {t('dashboard.noOrganizationDescription')}
        </Alert>
      ) : (
        <div className="flex flex-col gap-8">
          <MyEvaluationsCard />
          <LearningTime />
          <Recommendations />
          <DashboardCourses />
          <QuizStatsCard quizzesHref={paths.student.quizzes.getHref()} />
        </div>
      )}
    </>
  );
}
