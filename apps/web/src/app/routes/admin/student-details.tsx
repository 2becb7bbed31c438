import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { AccountSecurityPanel } from '@/features/account-sessions/components/account-security-panel';
import { LearnerRecord } from '@/features/learners/components/learner-record';
import { EraseStudent } from '@/features/privacy/components/erase-student';

/**
 * SPEC 2 /admin/student/{studentId}: any organisation's learner's record, read only, the account's
 * security (sessions, disabling: issue 19), and the erasure a learner may ask the platform for, kept
 * for their organisation's period as when its staff erase them (docs/privacy.md).
 */
export default function AdminStudentDetailsRoute() {
  const { t } = useTranslation('learners');
  const { studentId = '' } = useParams();
  const navigate = useNavigate();
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
      <div className="mt-6">
        <EraseStudent studentId={studentId} onErased={() => navigate(paths.admin.students.getHref())} />
      </div>
    </>
  );
}
