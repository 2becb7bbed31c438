import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { TrainerExercises } from '@/features/exercises/components/trainer-exercises';

/** Exercises of the organisation's formations; `?exercise=` (from a notification) opens its work. */
export default function TrainerExercisesRoute() {
  const { t } = useTranslation('exercises');
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <TrainerExercises openExerciseId={searchParams.get('exercise')} />
    </>
  );
}
