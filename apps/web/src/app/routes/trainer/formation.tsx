import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CourseEditor } from '@/features/courses/components/course-editor';
import { ShareFormationButton } from '@/features/marketplace/components/share-formation-dialog';

/** SPEC 2 /trainer/formation/{formationId}: the formation editor, for trainers and admins. */
export default function TrainerCourseRoute() {
  const { formationId: courseId = '' } = useParams();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  return (
    <>
      <CourseEditor
        key={courseId}
        courseId={courseId}
        backHref={isAdmin ? paths.admin.courses.getHref() : paths.trainer.courses.getHref()}
        getEditHref={paths.trainer.formation.getHref}
        showOrganization={isAdmin}
      />
      {/* Issue 16 point 8: the formation as a template other organisations may import. */}
      <div className="mt-6 flex justify-end">
        <ShareFormationButton courseId={courseId} canPublishAsPlatform={isAdmin} />
      </div>
    </>
  );
}
