import { useParams } from 'react-router';
import { PublicEvaluation } from '@/features/evaluations/components/public-evaluation';

/** /evaluations/answer/{token}: the emailed single-use link to a questionnaire. */
export default function EvaluationAnswerRoute() {
  const { token = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8">
      <PublicEvaluation key={token} token={token} />
    </div>
  );
}
