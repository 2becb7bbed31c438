import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { AccountSecurityPanel } from '@/features/account-sessions/components/account-security-panel';
import { TrainerRecord } from '@/features/trainers/components/trainer-record';

/**
 * SPEC 2 /admin/trainer/{trainerId}: any organisation's trainer's record, read only, and the
 * account's security (sessions, disabling: issue 19).
 */
export default function AdminTrainerDetailsRoute() {
  const { t } = useTranslation('trainers');
  const { trainerId = '' } = useParams();
  return (
    <>
      <PageHeader title={t('record.title')} description={t('record.adminDescription')} />
      <TrainerRecord key={trainerId} trainerId={trainerId} platform />
      <div className="mt-6">
        <AccountSecurityPanel key={trainerId} userId={trainerId} />
      </div>
    </>
  );
}
