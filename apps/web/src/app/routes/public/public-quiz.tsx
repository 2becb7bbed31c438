import { useParams } from 'react-router';
import { PublicQuizScreen } from '@/features/quiz-access/components/public-quiz-screen';

/** SPEC 2 /quiz/{quizId}/public. */
export default function PublicQuizRoute() {
  const { quizId = '' } = useParams();
  return <PublicQuizScreen key={quizId} quizId={quizId} />;
}
