import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerAttendance } from '@/features/attendance/components/trainer-attendance';

/** A group session's attendance sheet; `?view=qr` (the sessions list's QR action) opens the room's code. */
export default function GroupSessionAttendanceRoute() {
  const { t } = useTranslation('attendance');
  const { sessionId = '' } = useParams();
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <TrainerAttendance
        key={sessionId}
        sessionId={sessionId}
        initialView={searchParams.get('view') === 'qr' ? 'qr' : null}
      />
    </>
  );
}
