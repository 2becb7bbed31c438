import {
  DEFAULT_COLD_DELAY_WEEKS,
  EVALUATION_TEMPLATES,
  type InvitationStatus,
  type Language,
  type Questionnaire,
  type QuestionnaireSummary,
} from '@cursus/contracts';
import { ClipboardList, Plus } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { Spinner } from '@/components/ui/spinner';
import { TabList } from '@/components/ui/tab-list';
import { Textarea } from '@/components/ui/textarea';
import { useTabs } from '@/hooks/use-tabs';
import { getErrorMessage } from '@/lib/error-message';
import { dateTimeFormat } from '@/lib/intl';
import { notify } from '@/lib/toast';
import {
  useArchiveQuestionnaire,
  useDuplicateQuestionnaire,
  useInvitations,
  useQuestionnaire,
  useQuestionnaires,
  useSaveQuestionnaire,
  useSendSurvey,
} from '../api/evaluations';
import { type BuilderValues, newQuestion, QuestionnaireBuilder } from './questionnaire-builder';

// Results carry the chart library: it loads when that tab opens, not with the page (issue 12).
const EvaluationResults = lazy(() =>
  import('./evaluation-results').then((module) => ({ default: module.EvaluationResults })),
);

/** A blank questionnaire, or one of the two ready templates in the chosen language. */
export function startingValues(start: 'blank' | 'hot' | 'cold', language: Language): BuilderValues {
  const base = {
    description: '',
    audience: 'learners' as const,
    courseId: '',
    coldDelayWeeks: DEFAULT_COLD_DELAY_WEEKS,
  };
  if (start === 'blank') return { ...base, title: '', kind: 'survey', questions: [newQuestion()] };
  const template = EVALUATION_TEMPLATES[language].find((entry) => entry.kind === start)!;
  return { ...base, ...template, questions: template.questions.map((question) => ({ ...question })) };
}

function toValues(questionnaire: Questionnaire): BuilderValues {
  return { ...questionnaire, courseId: questionnaire.courseId ?? '' };
}

/** Addresses typed one a line or separated by commas or semicolons; "Name <address>" keeps the name. */
export function parseRecipients(text: string): { email: string; name: string }[] {
  return text
    .split(/[\n,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = entry.match(/^(.*)<([^>]+)>$/);
      return match ? { name: match[1]!.trim(), email: match[2]!.trim() } : { name: '', email: entry };
    });
}

function SendPanel({ questionnaire }: { questionnaire: Questionnaire }) {
  const { t } = useTranslation('evaluations');
  const send = useSendSurvey();
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<Language>('fr');
  const [error, setError] = useState<string | null>(null);
  if (questionnaire.kind !== 'survey') {
    return (
      <Alert variant="info">
        {questionnaire.kind === 'hot'
          ? t('send.automaticHot')
          : t('send.automaticCold', { count: questionnaire.coldDelayWeeks })}
      </Alert>
    );
  }
  if (questionnaire.archivedAt) return <Alert variant="info">{t('send.archived')}</Alert>;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const recipients = parseRecipients(text);
    if (recipients.length === 0) {
      setError(t('send.none'));
      return;
    }
    setError(null);
    try {
      const result = await send.mutateAsync({ id: questionnaire.id, body: { recipients, language } });
      notify.success(t('send.sent', { count: result.sent }));
      if (result.skipped.length > 0) notify.info(t('send.skipped', { count: result.skipped.length }));
      setText('');
    } catch (sendError) {
      setError(getErrorMessage(sendError));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('send.recipients')} description={t('send.recipientsHint')}>
        {(control) => (
          <Textarea {...control} rows={5} value={text} onChange={(e) => setText(e.target.value)} />
        )}
      </Field>
      <Field label={t('send.language')}>
        {(control) => (
          <Select {...control} value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
            <option value="fr">{t('send.languages.fr')}</option>
            <option value="en">{t('send.languages.en')}</option>
          </Select>
        )}
      </Field>
      {error && <Alert variant="error">{error}</Alert>}
      <Button type="submit" isLoading={send.isPending} className="self-start">
        {t('send.submit')}
      </Button>
    </form>
  );
}

function InvitationsPanel({ questionnaireId }: { questionnaireId: string }) {
  const { t, i18n } = useTranslation('evaluations');
  const [status, setStatus] = useState<InvitationStatus | ''>('');
  const [page, setPage] = useState(1);
  const invitations = useInvitations(questionnaireId, { page, ...(status ? { status } : {}) });
  const formatDate = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <div className="flex flex-col gap-4">
      <FilterBar label={t('invitations.filters')}>
        <FilterField label={t('invitations.status')} htmlFor="invitation-status">
          <Select
            id="invitation-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as InvitationStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('invitations.all')}</option>
            <option value="pending">{t('invitations.pending')}</option>
            <option value="answered">{t('invitations.answered')}</option>
          </Select>
        </FilterField>
      </FilterBar>
      {invitations.isPending ? (
        <SkeletonCards
          count={2}
          label={t('invitations.loading')}
          bars={['h-4 w-1/3 rounded', 'h-4 w-2/3 rounded']}
        />
      ) : invitations.isError ? (
        <LoadErrorAlert
          error={invitations.error}
          retryLabel={t('retry')}
          onRetry={() => invitations.refetch()}
        />
      ) : invitations.data.total === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title={t('invitations.emptyTitle')}
          description={t('invitations.empty')}
        />
      ) : (
        <PagedList
          query={invitations}
          label={t('invitations.label')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('invitations.count', { count: invitations.data.total })}
            </p>
          }
          pagesLabel={t('invitations.pages')}
          onPageChange={setPage}
        >
          {invitations.data.items.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium text-foreground">{invitation.name || invitation.email}</p>
                <p className="text-sm text-muted-foreground">
                  {[
                    invitation.name ? invitation.email : null,
                    invitation.courseTitle,
                    t('invitations.sentOn', { date: formatDate(invitation.sentAt) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {invitation.status === 'answered' ? (
                <Badge variant="success">
                  {t('invitations.answeredOn', { date: formatDate(invitation.answeredAt!) })}
                </Badge>
              ) : (
                <Badge variant="warning">
                  {t('invitations.reminders', { count: invitation.remindersSent })}
                </Badge>
              )}
            </li>
          ))}
        </PagedList>
      )}
    </div>
  );
}

const DETAIL_TABS = ['questions', 'send', 'invitations', 'results'] as const;
type DetailTab = (typeof DETAIL_TABS)[number];

function QuestionnaireDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('evaluations');
  const questionnaire = useQuestionnaire(id);
  const save = useSaveQuestionnaire();
  const [tab, setTab] = useState<DetailTab>('results');
  const tabs = useTabs(DETAIL_TABS, tab, setTab);
  if (questionnaire.isPending)
    return (
      <SkeletonCards count={1} label={t('list.loading')} bars={['h-4 w-1/3 rounded', 'h-4 w-2/3 rounded']} />
    );
  if (questionnaire.isError)
    return (
      <LoadErrorAlert
        error={questionnaire.error}
        retryLabel={t('retry')}
        onRetry={() => questionnaire.refetch()}
      />
    );
  const data = questionnaire.data;
  return (
    <Card as="section" aria-labelledby="evaluation-detail-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle id="evaluation-detail-title">{data.title}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {t(`kind.${data.kind}`)} · {t(`audience.${data.audience}`)}
            {data.courseTitle ? ` · ${data.courseTitle}` : ''}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('detail.back')}
        </Button>
      </div>
      <TabList
        label={t('detail.tabs')}
        tabs={DETAIL_TABS}
        selected={tab}
        tabsState={tabs}
        getTabLabel={(entry) => t(`detail.tab.${entry}`)}
        className="flex-wrap"
      />
      <div {...tabs.getPanelProps(tab)}>
        {tab === 'questions' && (
          <QuestionnaireBuilder
            key={data.updatedAt}
            initial={toValues(data)}
            isPending={save.isPending}
            onCancel={() => setTab('results')}
            onSave={async (body) => {
              await save.mutateAsync({ id, body });
              notify.success(t('builder.saved'));
            }}
          />
        )}
        {tab === 'send' && <SendPanel questionnaire={data} />}
        {tab === 'invitations' && <InvitationsPanel questionnaireId={id} />}
        {tab === 'results' && (
          <Suspense fallback={<Spinner label={t('results.loading')} />}>
            <EvaluationResults questionnaireId={id} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}

function QuestionnaireRow(props: { item: QuestionnaireSummary; onOpen: () => void; onArchive: () => void }) {
  const { t } = useTranslation('evaluations');
  const duplicate = useDuplicateQuestionnaire();
  const archive = useArchiveQuestionnaire();
  const { item } = props;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <button
          type="button"
          className="text-left font-medium text-foreground hover:underline"
          onClick={props.onOpen}
        >
          {item.title}
        </button>
        <p className="text-sm text-muted-foreground">
          {t(`kind.${item.kind}`)} · {t(`audience.${item.audience}`)}
          {item.courseTitle ? ` · ${item.courseTitle}` : ''} ·{' '}
          {t('list.questions', { count: item.questionCount })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={item.answered > 0 ? 'success' : 'neutral'}>
          {t('list.answered', { count: item.answered, invited: item.invited })}
        </Badge>
        <Button
          size="sm"
          variant="secondary"
          onClick={props.onOpen}
          aria-label={t('list.openLabel', { title: item.title })}
        >
          {t('list.open')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          isLoading={duplicate.isPending}
          aria-label={t('list.duplicateLabel', { title: item.title })}
          onClick={async () => {
            try {
              await duplicate.mutateAsync(item.id);
              notify.success(t('list.duplicated'));
            } catch (error) {
              notify.error(getErrorMessage(error));
            }
          }}
        >
          {t('list.duplicate')}
        </Button>
        {item.archivedAt ? (
          <Button
            size="sm"
            variant="ghost"
            isLoading={archive.isPending}
            aria-label={t('list.restoreLabel', { title: item.title })}
            onClick={() => archive.mutate({ id: item.id, archived: false })}
          >
            {t('list.restore')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('list.archiveLabel', { title: item.title })}
            onClick={props.onArchive}
          >
            {t('list.archive')}
          </Button>
        )}
      </div>
    </li>
  );
}

const LIST_TABS = ['active', 'archived'] as const;
type ListTab = (typeof LIST_TABS)[number];

/**
 * Issue 16 point 5: the organisation's questionnaires (hot, cold, surveys), built from a template or
 * blank, each with its recipients and results.
 */
export function TrainerEvaluations() {
  const { t, i18n } = useTranslation('evaluations');
  const [listTab, setListTab] = useState<ListTab>('active');
  const listTabs = useTabs(LIST_TABS, listTab, (tab) => {
    setListTab(tab);
    setPage(1);
  });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState<BuilderValues | null>(null);
  const [archiving, setArchiving] = useState<QuestionnaireSummary | null>(null);
  const list = useQuestionnaires({
    page,
    archived: listTab === 'archived' ? 'true' : 'false',
    ...(search ? { search } : {}),
  });
  const save = useSaveQuestionnaire();
  const archive = useArchiveQuestionnaire();
  const language: Language = i18n.language === 'en' ? 'en' : 'fr';

  if (creating) {
    return (
      <Card as="section" aria-labelledby="evaluation-create-title" className="flex flex-col gap-4">
        <CardTitle id="evaluation-create-title">{t('builder.createTitle')}</CardTitle>
        <QuestionnaireBuilder
          initial={creating}
          isPending={save.isPending}
          onCancel={() => setCreating(null)}
          onSave={async (body) => {
            const created = await save.mutateAsync({ id: null, body });
            notify.success(t('builder.created'));
            setCreating(null);
            setSelected(created.id);
          }}
        />
      </Card>
    );
  }
  if (selected) return <QuestionnaireDetail id={selected} onClose={() => setSelected(null)} />;

  return (
    <div className="flex flex-col gap-6">
      <Card as="section" aria-labelledby="evaluation-start-title">
        <CardTitle id="evaluation-start-title">{t('start.title')}</CardTitle>
        <p className="mt-1 text-sm text-muted-foreground">{t('start.description')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={() => setCreating(startingValues('hot', language))}>{t('start.hot')}</Button>
          <Button variant="secondary" onClick={() => setCreating(startingValues('cold', language))}>
            {t('start.cold')}
          </Button>
          <Button variant="ghost" onClick={() => setCreating(startingValues('blank', language))}>
            <Plus aria-hidden="true" className="size-4" />
            {t('start.blank')}
          </Button>
        </div>
      </Card>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <TabList
            label={t('list.tabs')}
            tabs={LIST_TABS}
            selected={listTab}
            tabsState={listTabs}
            getTabLabel={(tab) => t(`list.tab.${tab}`)}
          />
          <div className="w-full sm:w-72">
            <Field label={t('list.search')}>
              {(control) => (
                <Input
                  {...control}
                  type="search"
                  value={search}
                  onChange={(e) => {
                    setSearch(e.target.value);
                    setPage(1);
                  }}
                />
              )}
            </Field>
          </div>
        </div>
        <div {...listTabs.getPanelProps(listTab)}>
          {list.isPending ? (
            <SkeletonCards
              count={3}
              label={t('list.loading')}
              bars={['h-4 w-1/3 rounded', 'h-4 w-2/3 rounded']}
            />
          ) : list.isError ? (
            <LoadErrorAlert error={list.error} retryLabel={t('retry')} onRetry={() => list.refetch()} />
          ) : list.data.total === 0 ? (
            <EmptyState
              icon={ClipboardList}
              title={search ? t('list.noMatchTitle') : t(`list.emptyTitle.${listTab}`)}
              description={search ? t('list.noMatch') : t(`list.empty.${listTab}`)}
            />
          ) : (
            <PagedList
              query={list}
              label={t('list.label')}
              summary={
                <p className="text-sm text-muted-foreground">{t('list.count', { count: list.data.total })}</p>
              }
              pagesLabel={t('list.pages')}
              onPageChange={setPage}
            >
              {list.data.items.map((item) => (
                <QuestionnaireRow
                  key={item.id}
                  item={item}
                  onOpen={() => setSelected(item.id)}
                  onArchive={() => setArchiving(item)}
                />
              ))}
            </PagedList>
          )}
        </div>
      </div>
      {archiving && (
        <ConfirmDialog
          title={t('archive.title')}
          description={t('archive.description', { title: archiving.title })}
          confirmLabel={t('archive.confirm')}
          isDanger={false}
          isPending={archive.isPending}
          onClose={() => setArchiving(null)}
          onConfirm={async () => {
            try {
              await archive.mutateAsync({ id: archiving.id, archived: true });
              notify.success(t('archive.done'));
            } catch (error) {
              notify.error(getErrorMessage(error));
            }
            setArchiving(null);
          }}
        />
      )}
    </div>
  );
}
