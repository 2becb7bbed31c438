import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { LearnerDocuments } from '@/features/documents/components/learner-documents';
import { LearnerRecord } from '@/features/learners/components/learner-record';
import { EraseStudent } from '@/features/privacy/components/erase-student';
import { StudentPositioning } from '@/features/quiz-access/components/positioning-reports';

/**
 * SPEC 2 /trainer/students/{studentId} and /student/{studentId}: a learner's record, with their
 * documents and their positioning tests (issue 13: answered before sign-up, shown here after), and
 * the organisation's erasure of the learner (issue 19, GDPR).
 */
export default function StudentDetailsRoute() {
  const { t } = useTranslation('learners');
  const { studentId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <Link
        to={paths.trainer.students.getHref()}
        className="mb-4 inline-flex items-center gap-1 text-sm text-link underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('record.back')}
      </Link>
      <PageHeader title={t('record.title')} description={t('record.description')} />
      <LearnerRecord
        key={studentId}
        studentId={studentId}
        documents={<LearnerDocuments studentId={studentId} />}
        positioning={<StudentPositioning studentId={studentId} />}
      />
      <div className="mt-6">
        <EraseStudent studentId={studentId} onErased={() => navigate(paths.trainer.students.getHref())} />
      </div>
    </>
  );
}
