import { useParams } from 'react-router';
import { PositioningScreen } from '@/features/quiz-access/components/positioning-screen';

/** SPEC 2 /positioning/{token}. */
export default function PositioningRoute() {
  const { token = '' } = useParams();
  return <PositioningScreen key={token} token={token} />;
}
