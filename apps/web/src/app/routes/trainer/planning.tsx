import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/app-layout';
import { CalendarFeedCard } from '@/features/planning/components/calendar-feed-card';
import { PlanningCalendar } from '@/features/planning/components/planning-calendar';

/** Issue 16 point 7: the organisation's calendar, and the trainer's own subscription to it. */
export default function TrainerPlanningRoute() {
  const { t } = useTranslation('planning');
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <div className="flex flex-col gap-6">
        <PlanningCalendar />
        <CalendarFeedCard />
      </div>
    </>
  );
}
