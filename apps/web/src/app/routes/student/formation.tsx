import { useParams } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CourseDetail } from '@/features/learning/components/course-detail';
import { OfflineAvailability } from '@/features/offline/components/offline-availability';
import { FormationQuizzes } from '@/features/quizzes/components/formation-quizzes';
import { OfflineLearning } from '../../offline-learning';

/**
 * SPEC 2 /formations/{id}, and its aliases /course/{courseId} and /student/formations/{courseId}:
 * one formation page whatever the address calls its id.
 */
export default function StudentCourseRoute() {
  const params = useParams();
  const { user } = useAuth();
  const courseId = params.id ?? params.courseId ?? '';
  // Keyed by id: moving to another formation starts from a fresh page (focus, scroll, state).
  return (
    <OfflineLearning>
      <CourseDetail
        key={courseId}
        courseId={courseId}
        aside={
          <>
            <FormationQuizzes courseId={courseId} />
            {user && <OfflineAvailability userId={user.id} courseId={courseId} />}
          </>
        }
      />
    </OfflineLearning>
  );
}
