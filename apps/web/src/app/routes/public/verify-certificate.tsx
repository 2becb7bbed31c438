import { useParams } from 'react-router';
import { VerifyCertificate } from '@/features/certificates/components/verify-certificate';

/** /certificates/verify/:code, opened by a certificate's QR code: anyone may check it. */
export default function VerifyCertificateRoute() {
  const { code = '' } = useParams();
  return <VerifyCertificate key={code} code={code} />;
}
