import {
  COMPLAINT_KINDS,
  COMPLAINT_STATUSES,
  type Complaint,
  type ComplaintKind,
  type ComplaintStatus,
} from '@cursus/contracts';
import { MessageSquareWarning } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useCloseComplaint, useComplaints } from '../api/registers';
import { ComplaintFormDialog } from './complaint-form-dialog';
import { useFormatDay } from './register-labels';
import { FilterChoice, RegisterResults, RegisterSection, useRegisterFilters } from './register-list';

const PAGE_SIZE = 10;

const STATUS_VARIANTS: Record<ComplaintStatus, BadgeVariant> = {
  open: 'warning',
  in_progress: 'info',
  answered: 'success',
  closed: 'neutral',
};

/**
 * The complaints and difficulties register (Qualiopi indicator 31): what was received, how it was
 * answered and in how many days (counted by the server). A tab of /trainer/compliance.
 */
export function ComplaintsRegister() {
  const { t } = useTranslation('registers');
  const { filters, page, setPage, update, isFiltered, reset } = useRegisterFilters({
    search: '',
    kind: '' as ComplaintKind | '',
    status: '' as ComplaintStatus | '',
  });
  const deferredSearch = useDeferredValue(filters.search.trim());
  const complaints = useComplaints({
    page,
    pageSize: PAGE_SIZE,
    search: deferredSearch || undefined,
    kind: filters.kind || undefined,
    status: filters.status || undefined,
  });
  const [editing, setEditing] = useState<Complaint | 'new' | null>(null);
  const [closing, setClosing] = useState<Complaint | null>(null);
  const ids = { kind: useId(), status: useId() };

  return (
    <RegisterSection
      title={t('complaints.title')}
      description={t('complaints.description')}
      addLabel={t('complaints.add')}
      onAdd={() => setEditing('new')}
      search={filters.search}
      onSearchChange={(search) => update({ search })}
      filtersClassName="lg:grid-cols-[2fr_1fr_1fr]"
      filters={
        <>
          <FilterChoice
            id={ids.kind}
            label={t('complaints.fields.kind')}
            value={filters.kind}
            options={COMPLAINT_KINDS.map((option) => ({
              value: option,
              label: t(`complaints.kind.${option}`),
            }))}
            onChange={(value) => update({ kind: value as ComplaintKind | '' })}
          />
          <FilterChoice
            id={ids.status}
            label={t('complaints.fields.status')}
            value={filters.status}
            options={COMPLAINT_STATUSES.map((option) => ({
              value: option,
              label: t(`complaints.status.${option}`),
            }))}
            onChange={(value) => update({ status: value as ComplaintStatus | '' })}
          />
        </>
      }
    >
      <RegisterResults
        query={complaints}
        label={t('complaints.title')}
        summary={(count) => t('complaints.summary', { count })}
        isFiltered={isFiltered}
        onReset={reset}
        empty={{
          icon: MessageSquareWarning,
          title: t('complaints.emptyTitle'),
          description: t('complaints.emptyDescription'),
        }}
        onPageChange={setPage}
      >
        {(items) =>
          items.map((complaint) => (
            <ComplaintRow
              key={complaint.id}
              complaint={complaint}
              onEdit={() => setEditing(complaint)}
              onClose={() => setClosing(complaint)}
            />
          ))
        }
      </RegisterResults>
      {editing && (
        <ComplaintFormDialog
          complaint={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {closing && <CloseComplaintDialog complaint={closing} onClose={() => setClosing(null)} />}
    </RegisterSection>
  );
}

function ComplaintRow({
  complaint,
  onEdit,
  onClose,
}: {
  complaint: Complaint;
  onEdit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('registers');
  const formatDay = useFormatDay();
  return (
    <Card as="li" padding="p-4" className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold text-foreground">{complaint.subject}</h3>
          <Badge variant={complaint.kind === 'complaint' ? 'danger' : 'info'}>
            {t(`complaints.kind.${complaint.kind}`)}
          </Badge>
          <Badge variant={STATUS_VARIANTS[complaint.status]}>
            {t(`complaints.status.${complaint.status}`)}
          </Badge>
        </div>
        <p className="text-sm text-foreground">{complaint.description}</p>
        <p className="text-xs text-muted-foreground">
          {t('complaints.facts', {
            date: formatDay(complaint.receivedOn),
            source: t(`complaints.source.${complaint.source}`),
          })}
          {complaint.studentName && ` · ${t('complaints.student', { name: complaint.studentName })}`}
          {complaint.sourceLabel && ` · ${complaint.sourceLabel}`}
          {complaint.handlerName && ` · ${t('complaints.handler', { name: complaint.handlerName })}`}
        </p>
        <p className="text-sm text-foreground">
          {complaint.daysWaiting !== null && t('complaints.waiting', { count: complaint.daysWaiting })}
          {complaint.daysToAnswer !== null &&
            t('complaints.answeredIn', {
              count: complaint.daysToAnswer,
              date: complaint.answeredOn ? formatDay(complaint.answeredOn) : '',
            })}
          {complaint.daysToClose !== null &&
            ` · ${t('complaints.closedIn', {
              count: complaint.daysToClose,
              date: complaint.closedOn ? formatDay(complaint.closedOn) : '',
            })}`}
        </p>
        {complaint.answer && (
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">
              {t('labelled', { label: t('complaints.fields.answer') })}
            </span>{' '}
            {complaint.answer}
          </p>
        )}
      </div>
      {complaint.status !== 'closed' && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" size="sm" onClick={onEdit}>
            {t('actions.edit')}
            <span className="sr-only"> {complaint.subject}</span>
          </Button>
          {complaint.status === 'answered' && (
            <Button variant="ghost" size="sm" onClick={onClose}>
              {t('actions.close')}
              <span className="sr-only"> {complaint.subject}</span>
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

function CloseComplaintDialog({ complaint, onClose }: { complaint: Complaint; onClose: () => void }) {
  const { t } = useTranslation('registers');
  const close = useCloseComplaint();
  return (
    <ConfirmDialog
      title={t('complaints.closeTitle')}
      description={t('complaints.closeDescription', { subject: complaint.subject })}
      confirmLabel={t('actions.close')}
      isDanger={false}
      isPending={close.isPending}
      onClose={onClose}
      onConfirm={() =>
        close.mutate(
          { id: complaint.id, body: {} },
          {
            onSuccess: () => {
              notify.success(t('complaints.closed'));
              onClose();
            },
            onError: (error) => notify.error(getErrorMessage(error)),
          },
        )
      }
    />
  );
}
