import { MessageCircleQuestion } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LessonLayout } from '@/components/layouts/lesson-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { OrganizationPalette } from '@/features/organization-settings/components/organization-brand';
import { getQuestionContext } from '@/features/questions/lib/question-context';
import { LazyAskQuestionDialog } from './lazy-ask-question-dialog';
import { LazyAssistant } from './lazy-assistant';
import { LazyLessonTimeTracker } from './lazy-lesson-time-tracker';
import { LazyOfflineCompletionSync } from './lazy-offline-completion-sync';

/**
 * SPEC 2: lesson pages go without the student sidebar, so 'J'ai une question ?' sits in their
 * header, the question pre-filled with the formation and lesson on screen.
 */
export default function StudentLessonLayout() {
  const { t } = useTranslation('navigation');
  const auth = useAuth();
  const { user } = auth;
  const location = useLocation();
  const [isAsking, setIsAsking] = useState(false);
  return (
    <LessonLayout
      backHref={paths.student.formations.getHref()}
      actions={
        <Button variant="secondary" size="sm" onClick={() => setIsAsking(true)}>
          <MessageCircleQuestion aria-hidden="true" className="size-4" />
          {t('question.button')}
        </Button>
      }
    >
      <Outlet />
      {/* The organisation's colours, as on its other screens (the frame's sidebar applies them there). */}
      {user?.organizationId && <OrganizationPalette />}
      {user?.role === 'student' && (
        <LazyLessonTimeTracker
          userId={user.id}
          onSignOut={auth.signOut}
          onSessionLost={() => void auth.refreshSession()}
        />
      )}
      {user && <LazyOfflineCompletionSync userId={user.id} />}
      {/* SPEC 2: the learners' AI assistant, on lesson pages too (issue 18). */}
      {user && <LazyAssistant role={user.role} />}
      {isAsking && (
        <LazyAskQuestionDialog
          hasOrganization={user?.organizationId != null}
          context={getQuestionContext(location.pathname)}
          onClose={() => setIsAsking(false)}
        />
      )}
    </LessonLayout>
  );
}
