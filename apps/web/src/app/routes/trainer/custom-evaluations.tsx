import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerEvaluations } from '@/features/evaluations/components/trainer-evaluations';

/** Issue 16 point 5 (Qualiopi indicator 30): questionnaires, their sending and their results. */
export default function CustomEvaluationsRoute() {
  const { t } = useTranslation('evaluations');
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <TrainerEvaluations />
    </>
  );
}
