import {
  DEFAULT_PAGE_SIZE,
  POSITIONING_STATUSES,
  type PositioningInvitation,
  type PositioningStatus,
} from '@cursus/contracts';
import { MailQuestionMark } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { useCourseChoices } from '../api/get-choices';
import { usePositioningInvitations } from '../api/get-positioning-invitations';
import { useRevokePositioning } from '../api/revoke-positioning';
import { ChoiceSelect } from './choice-select';
import { GuestAttemptDialog } from './guest-attempt-dialog';
import { InvitationRow } from './invitation-row';

/** Every invitation sent, newest first, by formation and state; pending ones can be withdrawn. */
export function PositioningInvitations() {
  const { t } = useTranslation(['quizAccess', 'common']);
  const courses = useCourseChoices();
  const [courseId, setCourseId] = useState('');
  const [status, setStatus] = useState<PositioningStatus | ''>('');
  const [page, setPage] = useState(1);
  const [shownAttempt, setShownAttempt] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<PositioningInvitation | null>(null);
  const revoke = useRevokePositioning();
  const invitations = usePositioningInvitations({
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    courseId: courseId || undefined,
    status: status || undefined,
  });

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <ChoiceSelect
          label={t('quizAccess:invitations.courseFilter')}
          emptyLabel={t('quizAccess:invitations.allCourses')}
          value={courseId}
          onChange={(value) => {
            setCourseId(value);
            setPage(1);
          }}
          isLoading={courses.isPending}
          options={courses.data?.items.map((course) => ({ id: course.id, label: course.title }))}
        />
        <Field label={t('quizAccess:invitations.statusFilter')}>
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as PositioningStatus | '');
                setPage(1);
              }}
            >
              <option value="">{t('quizAccess:invitations.allStatuses')}</option>
              {POSITIONING_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`quizAccess:invitations.status.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {invitations.isPending ? (
        <Spinner label={t('quizAccess:invitations.loading')} />
      ) : invitations.isError ? (
        <LoadErrorAlert
          error={invitations.error}
          title={t('quizAccess:invitations.loadError')}
          retryLabel={t('common:actions.retry')}
          onRetry={() => invitations.refetch()}
        />
      ) : invitations.data.total === 0 ? (
        <EmptyState
          icon={MailQuestionMark}
          title={t('quizAccess:invitations.emptyTitle')}
          description={t('quizAccess:invitations.emptyDescription')}
        />
      ) : (
        <PagedList
          query={invitations}
          label={t('quizAccess:invitations.listLabel')}
          pagesLabel={t('quizAccess:invitations.pagesLabel')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('quizAccess:invitations.count', { count: invitations.data.total })}
            </p>
          }
          onPageChange={setPage}
        >
          {invitations.data.items.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              onShowAnswers={setShownAttempt}
              onRevoke={setRevoking}
            />
          ))}
        </PagedList>
      )}
      {shownAttempt && <GuestAttemptDialog attemptId={shownAttempt} onClose={() => setShownAttempt(null)} />}
      {revoking && (
        <ConfirmDialog
          title={t('quizAccess:invitations.revokeTitle')}
          description={t('quizAccess:invitations.revokeDescription', { email: revoking.email })}
          confirmLabel={t('quizAccess:invitations.revoke')}
          isPending={revoke.isPending}
          onClose={() => {
            revoke.reset();
            setRevoking(null);
          }}
          onConfirm={() => revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
        >
          {revoke.error ? <p className="text-sm text-danger">{getErrorMessage(revoke.error)}</p> : null}
        </ConfirmDialog>
      )}
    </div>
  );
}
