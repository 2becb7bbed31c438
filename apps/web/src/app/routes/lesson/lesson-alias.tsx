import { useParams } from 'react-router';
import { LessonAlias } from '@/features/learning/components/lesson-alias';

/** SPEC 2 /lesson/{courseId}/{lessonId}: the short address of a lesson. */
export default function LessonAliasRoute() {
  const { courseId = '', lessonId = '' } = useParams();
  return <LessonAlias courseId={courseId} lessonId={lessonId} />;
}
