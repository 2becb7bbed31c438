import { useSearchParams } from 'react-router';
import { UnsubscribeScreen } from '@/features/email-preferences/components/unsubscribe-screen';

/** /unsubscribe?token=… (issue 14): the page an email's unsubscribe link opens. */
export default function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return <UnsubscribeScreen key={token} token={token} />;
}
