import { useParams } from 'react-router';
import { LessonView } from '@/features/learning/components/lesson-view';
import { OfflineLearning } from '../../offline-learning';

/** SPEC 2 /formations/{formationId}/module/{moduleId}/lesson/{lessonId}, in the lesson layout. */
export default function LessonRoute() {
  const { formationId: courseId = '', moduleId = '', lessonId = '' } = useParams();
  // Keyed by lesson: each lesson starts with fresh state (completion feedback, video facade).
  return (
    <OfflineLearning>
      <LessonView key={lessonId} courseId={courseId} moduleId={moduleId} lessonId={lessonId} />
    </OfflineLearning>
  );
}
