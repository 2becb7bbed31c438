import { useParams } from 'react-router';
import { CourseDetail } from '@/features/learning/components/course-detail';
import { FormationQuizzes } from '@/features/quizzes/components/formation-quizzes';

/**
 * SPEC 2 /formations/{id}, and its aliases /course/{courseId} and /student/formations/{courseId}:
 * one formation page whatever the address calls its id.
 */
export default function StudentCourseRoute() {
  const params = useParams();
  const courseId = params.id ?? params.courseId ?? '';
  // Keyed by id: moving to another formation starts from a fresh page (focus, scroll, state).
  return <CourseDetail key={courseId} courseId={courseId} aside={<FormationQuizzes courseId={courseId} />} />;
}
