import {
  GROUP_SESSION_FILTERS,
  GROUP_SESSION_SORTS,
  type GroupSession,
  type GroupSessionFilter,
  type GroupSessionSort,
} from '@cursus/contracts';
import { CalendarDays } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  useAdminGroupSessions,
  useDeleteGroupSession,
  useGroupSession,
  useTrainerGroupSessions,
} from '../api/trainer-group-sessions';
import { GroupSessionForm } from './group-session-form';
import { SessionFacts, TimingBadge } from './session-labels';

/** The attendance screens (the attendance feature's), reached from each session. */
const attendanceHref = (sessionId: string, view?: 'qr') =>
  `/trainer/group-sessions/${encodeURIComponent(sessionId)}/attendance${view ? `?view=${view}` : ''}`;

type SortChoice = `${GroupSessionSort}_${'asc' | 'desc'}`;
const SORT_CHOICES: SortChoice[] = GROUP_SESSION_SORTS.flatMap((sort) => [
  `${sort}_desc` as const,
  `${sort}_asc` as const,
]);

function SessionDetails({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('groupSessions');
  const session = useGroupSession(sessionId);
  if (session.isPending) return <Spinner label={t('list.loading')} />;
  if (session.isError) {
    return (
      <LoadErrorAlert
        error={session.error}
        title={t('list.error')}
        retryLabel={t('list.retry')}
        onRetry={() => session.refetch()}
      />
    );
  }
  const { data } = session;
  return (
    <div className="flex flex-col gap-3">
      <SessionFacts session={data} />
      {data.meetingUrl && (
        <a href={data.meetingUrl} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
          {data.meetingUrl}
        </a>
      )}
      {data.description && <p className="text-sm whitespace-pre-line text-foreground">{data.description}</p>}
      <h3 className="text-sm font-semibold text-foreground">
        {t('list.participants', { count: data.participants.length })}
      </h3>
      <ul className="flex flex-col gap-1 text-sm text-foreground">
        {data.participants.map((learner) => (
          <li key={learner.id}>
            {learner.fullName} <span className="text-muted-foreground">{learner.email}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EditDialog({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const { t } = useTranslation('groupSessions');
  const session = useGroupSession(sessionId);
  return (
    <Dialog title={t('form.editTitle')} closeLabel={t('form.cancel')} onClose={onClose} size="lg">
      {session.isPending && <Spinner label={t('list.loading')} />}
      {session.isError && (
        <LoadErrorAlert
          error={session.error}
          title={t('list.error')}
          retryLabel={t('list.retry')}
          onRetry={() => session.refetch()}
        />
      )}
      {session.data && <GroupSessionForm session={session.data} onDone={onClose} />}
    </Dialog>
  );
}

function SessionCard({
  session,
  readOnly,
  onEdit,
  onDelete,
  organizationName,
}: {
  session: GroupSession;
  readOnly: boolean;
  onEdit: (id: string) => void;
  onDelete: (session: GroupSession) => void;
  organizationName?: string;
}) {
  const { t } = useTranslation('groupSessions');
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const panelId = useId();
  return (
    <Card as="li" padding="p-4 sm:p-6" aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-base font-semibold text-foreground">
            {session.title}
          </h2>
          {organizationName && <p className="text-xs text-muted-foreground">{organizationName}</p>}
          <p className="text-sm text-muted-foreground">
            {t('list.invited', { count: session.participantCount })}
          </p>
        </div>
        <TimingBadge timing={session.timing} />
      </div>
      <SessionFacts session={session} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen(!isOpen)}
        >
          {isOpen ? t('list.hide') : t('list.view')}
          <span className="sr-only"> {session.title}</span>
        </Button>
        {!readOnly && (
          <>
            <Button variant="secondary" size="sm" onClick={() => onEdit(session.id)}>
              {t('list.edit')}
              <span className="sr-only"> {session.title}</span>
            </Button>
            <Link to={attendanceHref(session.id)} className={buttonClassName('secondary', 'sm')}>
              {t('list.attendance')}
              <span className="sr-only"> {session.title}</span>
            </Link>
            <Link to={attendanceHref(session.id, 'qr')} className={buttonClassName('secondary', 'sm')}>
              {t('list.qrCode')}
              <span className="sr-only"> {session.title}</span>
            </Link>
            <Button variant="ghost" size="sm" onClick={() => onDelete(session)}>
              {t('list.delete')}
              <span className="sr-only"> {session.title}</span>
            </Button>
          </>
        )}
      </div>
      {isOpen && (
        <section id={panelId} aria-label={t('list.details')}>
          <SessionDetails sessionId={session.id} />
        </section>
      )}
    </Card>
  );
}

/** The list's filters: the time filter, the sort and a search, each resetting to page 1. */
function useListState() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<GroupSessionFilter>('all');
  const [sort, setSort] = useState<SortChoice>('meetingDate_desc');
  const [search, setSearch] = useState('');
  const [by, order] = sort.split('_') as [GroupSessionSort, 'asc' | 'desc'];
  return {
    query: { page, pageSize: 10, filter, sort: by, order, search: search || undefined },
    values: { filter, sort, search },
    setPage,
    setFilter: (value: GroupSessionFilter) => {
      setFilter(value);
      setPage(1);
    },
    setSort: (value: SortChoice) => {
      setSort(value);
      setPage(1);
    },
    setSearch: (value: string) => {
      setSearch(value);
      setPage(1);
    },
  };
}

function ListFilters({ state }: { state: ReturnType<typeof useListState> }) {
  const { t } = useTranslation('groupSessions');
  const ids = { filter: useId(), sort: useId(), search: useId() };
  return (
    <FilterBar label={t('list.filters')} className="lg:grid-cols-[1.5fr_1fr_1.5fr]">
      <FilterField label={t('list.search')} htmlFor={ids.search}>
        <Input
          id={ids.search}
          type="search"
          value={state.values.search}
          onChange={(e) => state.setSearch(e.target.value)}
        />
      </FilterField>
      <FilterField label={t('list.filter')} htmlFor={ids.filter}>
        <Select
          id={ids.filter}
          value={state.values.filter}
          onChange={(e) => state.setFilter(e.target.value as GroupSessionFilter)}
        >
          {GROUP_SESSION_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {t(`filter.${filter}`)}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label={t('list.sort')} htmlFor={ids.sort}>
        <Select
          id={ids.sort}
          value={state.values.sort}
          onChange={(e) => state.setSort(e.target.value as SortChoice)}
        >
          {SORT_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`sort.${choice}`)}
            </option>
          ))}
        </Select>
      </FilterField>
    </FilterBar>
  );
}

function SessionList<T extends GroupSession>({
  sessions,
  state,
  readOnly,
  onEdit,
  onDelete,
  organizationOf,
}: {
  sessions: ReturnType<typeof useTrainerGroupSessions> | ReturnType<typeof useAdminGroupSessions>;
  state: ReturnType<typeof useListState>;
  readOnly: boolean;
  onEdit: (id: string) => void;
  onDelete: (session: GroupSession) => void;
  organizationOf?: (session: T) => string;
}) {
  const { t } = useTranslation('groupSessions');
  const filtered = state.values.filter !== 'all' || state.values.search !== '';
  return (
    <>
      {sessions.isPending && <SkeletonCards label={t('list.loading')} count={2} bars={['w-1/3', 'w-2/3']} />}
      {sessions.isError && (
        <LoadErrorAlert
          error={sessions.error}
          title={t('list.error')}
          retryLabel={t('list.retry')}
          onRetry={() => sessions.refetch()}
        />
      )}
      {sessions.data?.total === 0 && (
        <EmptyState
          icon={CalendarDays}
          title={filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
          description={filtered ? t('list.noMatchDescription') : t('list.emptyDescription')}
        />
      )}
      {sessions.data && sessions.data.total > 0 && (
        <PagedList
          query={{ ...sessions, data: sessions.data }}
          label={t('list.label')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('list.summary', { count: sessions.data.total })}
            </p>
          }
          pagesLabel={t('list.pages')}
          onPageChange={state.setPage}
        >
          {sessions.data.items.map((session) => (
            <SessionCard
              key={session.id}
              session={session}
              readOnly={readOnly}
              onEdit={onEdit}
              onDelete={onDelete}
              organizationName={organizationOf?.(session as T)}
            />
          ))}
        </PagedList>
      )}
    </>
  );
}

/** The trainer's group sessions: schedule, filter, edit, delete, and reach the attendance screens. */
export function TrainerGroupSessions() {
  const { t } = useTranslation('groupSessions');
  const state = useListState();
  const sessions = useTrainerGroupSessions(state.query);
  const remove = useDeleteGroupSession();
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<GroupSession | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button onClick={() => setIsCreating(true)}>{t('list.new')}</Button>
      </div>
      {isCreating && (
        <Dialog
          title={t('form.createTitle')}
          closeLabel={t('form.cancel')}
          onClose={() => setIsCreating(false)}
          size="lg"
        >
          <GroupSessionForm session={null} onDone={() => setIsCreating(false)} />
        </Dialog>
      )}
      {editing && <EditDialog sessionId={editing} onClose={() => setEditing(null)} />}
      <ListFilters state={state} />
      <SessionList
        sessions={sessions}
        state={state}
        readOnly={false}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {deleting && (
        <ConfirmDialog
          title={t('list.deleteTitle', { title: deleting.title })}
          description={t('list.deleteDescription')}
          confirmLabel={t('list.delete')}
          isPending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify.success(t('list.deleted'));
                setDeleting(null);
              },
              onError: (error) => notify.error(getErrorMessage(error)),
            })
          }
        />
      )}
    </div>
  );
}

/** Every organisation's sessions, for the platform administrator: read only. */
export function AdminGroupSessions() {
  const state = useListState();
  const sessions = useAdminGroupSessions(state.query);
  const ignore = () => undefined;
  return (
    <div className="flex flex-col gap-6">
      <ListFilters state={state} />
      <SessionList
        sessions={sessions}
        state={state}
        readOnly
        onEdit={ignore}
        onDelete={ignore}
        organizationOf={(session: GroupSession & { organizationName?: string }) =>
          session.organizationName ?? ''
        }
      />
    </div>
  );
}
