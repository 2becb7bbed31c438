import { useParams } from 'react-router';
import { PublicIndicators } from '@/features/analytics/components/public-indicators';

/** /indicators/:organizationId: an organisation's published results indicators, for anyone. */
export default function PublicIndicatorsRoute() {
  const { organizationId = '' } = useParams();
  return <PublicIndicators key={organizationId} organizationId={organizationId} />;
}
