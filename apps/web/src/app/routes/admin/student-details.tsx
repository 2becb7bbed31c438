import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { AccountSecurityPanel } from '@/features/account-sessions/components/account-security-panel';
import { LearnerRecord } from '@/features/learners/components/learner-record';

/**
 * SPEC 2 /admin/student/{studentId}: any organisation's learner's record, read only, and the
 * account's security (sessions, disabling: issue 19).
 */
export default function AdminStudentDetailsRoute() {
  const { t } = useTranslation('learners');
  const { studentId = '' } = useParams();
  return (
    <>
      <Link
        to={paths.admin.students.getHref()}
        className="mb-4 inline-flex items-center gap-1 text-sm text-link underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('record.adminBack')}
      </Link>
      <PageHeader title={t('record.title')} description={t('record.adminDescription')} />
      <LearnerRecord key={studentId} studentId={studentId} platform />
      <div className="mt-6">
        <AccountSecurityPanel key={studentId} userId={studentId} />
      </div>
    </>
  );
}
