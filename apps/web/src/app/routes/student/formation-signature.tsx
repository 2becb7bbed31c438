import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { StudentSignature } from '@/features/signatures/components/student-signature';

/** `?module={index}` names a module from 0; anything else means the whole formation. */
function moduleIndexOf(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value)) return null;
  return Number(value);
}

/** SPEC 2 /student/formations/{courseId}/signature (optional module={index}), with the history. */
export default function FormationSignatureRoute() {
  const { t } = useTranslation('signatures');
  const { courseId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const moduleIndex = moduleIndexOf(searchParams.get('module'));
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <StudentSignature key={`${courseId}:${moduleIndex}`} courseId={courseId} moduleIndex={moduleIndex} />
    </>
  );
}
