import type { PlanningCalendarQuery, PlanningSession } from '@cursus/contracts';
import type { DatesSetArg, EventClickArg } from '@fullcalendar/core';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMediaQuery } from '@/hooks/use-media-query';
import { notify } from '@/lib/toast';
import { usePlanningCalendar, usePlanningFilters, useRescheduleSession } from '../api/planning';
import { calendarNow, fromCalendarTime, toCalendarEvents } from '../lib/calendar-events';
import { createMoveHandler, type EventChange } from './move-handler';
import { SessionDialog } from './session-dialog';
import './planning-calendar.css';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

/** A phone: the month grid's cells are a few letters wide ('09 L'), so it opens on the agenda. */
const NARROW_QUERY = '(max-width: 639px)';

/** Events' times as the rest of the app writes them, '09:00' rather than FullCalendar's '09'. */
const EVENT_TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * Issue 16 point 7: the organisation's group sessions and formation dates by month, week, day or as
 * an agenda. Sessions to come move by drag and drop and change length by their lower edge; opening
 * one (click, or Enter once focused with Tab) offers the same change by keyboard.
 */
export function PlanningCalendar() {
  const { t, i18n } = useTranslation(['planning', 'common']);
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const courseFieldId = useId();
  const trainerFieldId = useId();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [courseId, setCourseId] = useState('');
  const [trainerId, setTrainerId] = useState('');
  const [selected, setSelected] = useState<PlanningSession | null>(null);
  const query: PlanningCalendarQuery | null = range
    ? { ...range, ...(courseId ? { courseId } : {}), ...(trainerId ? { trainerId } : {}) }
    : null;
  const calendar = usePlanningCalendar(query);
  const filters = usePlanningFilters();
  const reschedule = useRescheduleSession();
  const events = useMemo(() => (calendar.data ? toCalendarEvents(calendar.data) : []), [calendar.data]);

  const onChange = createMoveHandler({
    reschedule: (input) => reschedule.mutateAsync(input),
    describeRefusal: (reason) => t(`planning:refused.${reason}`),
    onMoved: () => notify.success(t('planning:moved')),
    onRefused: (message) => notify.error(t('planning:notMoved'), message),
  });

  const onDatesSet = (view: DatesSetArg) => {
    const next = { from: fromCalendarTime(view.start), to: fromCalendarTime(view.end) };
    setRange((current) => (current?.from === next.from && current.to === next.to ? current : next));
  };

  const onEventClick = (click: EventClickArg) => {
    click.jsEvent.preventDefault();
    const props = click.event.extendedProps as ReturnType<typeof toCalendarEvents>[number]['extendedProps'];
    if (props.kind === 'session') setSelected(props.session);
  };

  return (
    <div className="flex flex-col gap-4">
      <FilterBar label={t('planning:filters.label')} className="lg:grid-cols-[1fr_1fr_auto]">
        <FilterField label={t('planning:filters.formation')} htmlFor={courseFieldId}>
          <Select id={courseFieldId} value={courseId} onChange={(event) => setCourseId(event.target.value)}>
            <option value="">{t('planning:filters.allFormations')}</option>
            {filters.data?.courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('planning:filters.trainer')} htmlFor={trainerFieldId}>
          <Select
            id={trainerFieldId}
            value={trainerId}
            onChange={(event) => setTrainerId(event.target.value)}
          >
            <option value="">{t('planning:filters.allTrainers')}</option>
            {filters.data?.trainers.map((trainer) => (
              <option key={trainer.id} value={trainer.id}>
                {trainer.fullName}
              </option>
            ))}
          </Select>
        </FilterField>
        <ul className="flex flex-col justify-end gap-1 text-xs text-muted-foreground">
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="size-3 rounded-sm bg-primary" />
            {t('planning:legend.session')}
          </li>
          <li className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3 rounded-sm border border-info-border bg-info-surface"
            />
            {t('planning:legend.formation')}
          </li>
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="size-3 rounded-sm border border-border bg-muted" />
            {t('planning:legend.locked')}
          </li>
        </ul>
      </FilterBar>
      {calendar.isError && (
        <LoadErrorAlert
          error={calendar.error}
          title={t('planning:loadError')}
          retryLabel={t('common:actions.retry')}
          onRetry={() => calendar.refetch()}
        />
      )}
      <div
        className="planning-calendar relative rounded-xl border border-border bg-card p-3 sm:p-4"
        aria-busy={calendar.isFetching}
      >
        {calendar.isFetching && (
          <span className="absolute right-4 bottom-4">
            <Spinner size="sm" />
          </span>
        )}
        <FullCalendar
          plugins={PLUGINS}
          initialView={isNarrow ? 'listMonth' : 'dayGridMonth'}
          // Paris wall-clock times, handed over as UTC (lib/calendar-events.ts).
          timeZone="UTC"
          now={calendarNow}
          locales={[frLocale, enGbLocale]}
          locale={i18n.language === 'en' ? 'en-gb' : 'fr'}
          firstDay={1}
          // FullCalendar names each day cell by its date link, while the cell also shows the day's
          // events: screen readers would hear a name that hides its content. The link keeps the date.
          dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
          headerToolbar={{
            left: 'prev,next today',
            center: 'title',
            right: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth',
          }}
          // Ours in both languages: FullCalendar's English ones are lower case ('prev', 'today').
          buttonText={{
            prev: t('planning:views.previous'),
            next: t('planning:views.next'),
            today: t('planning:views.today'),
            month: t('planning:views.month'),
            week: t('planning:views.week'),
            day: t('planning:views.day'),
            list: t('planning:views.agenda'),
          }}
          allDayText={t('planning:views.allDay')}
          eventTimeFormat={EVENT_TIME_FORMAT}
          // Words rather than FullCalendar's chevron icons, which carry role="img" without a name.
          buttonIcons={false}
          height="auto"
          dayMaxEvents={4}
          nowIndicator
          slotMinTime="07:00:00"
          slotMaxTime="21:00:00"
          slotDuration="00:30:00"
          snapDuration="00:15:00"
          editable
          eventInteractive
          eventStartEditable
          eventDurationEditable
          events={events}
          datesSet={onDatesSet}
          eventClick={onEventClick}
          eventDrop={(drop) => onChange(drop as unknown as EventChange)}
          eventResize={(resize) => onChange(resize as unknown as EventChange)}
          noEventsContent={t('planning:empty')}
        />
      </div>
      {calendar.data && events.length === 0 && (
        <p className="text-sm text-muted-foreground">
          {t('planning:emptyPeriod')}{' '}
          <Link className="text-link underline" to={paths.trainer.groupSessions.getHref()}>
            {t('planning:planSession')}
          </Link>
        </p>
      )}
      {selected && <SessionDialog session={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}
