import { hasPermission, type Role } from '@cursus/contracts';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/toast';
import { useResetStudentSession } from '../api/reset-student-session';
import { useResetStudentTotal } from '../api/reset-student-total';

interface ConfirmResetProps {
  buttonLabel: string;
  title: string;
  description: string;
  isPending: boolean;
  onConfirm: () => Promise<unknown>;
  size?: ButtonProps['size'];
}

/** A reset behind a confirmation dialog (SPEC 4). */
function ConfirmResetButton({
  buttonLabel,
  title,
  description,
  isPending,
  onConfirm,
  size = 'sm',
}: ConfirmResetProps) {
  const { t } = useTranslation('timeTracking');
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setIsOpen(true)} aria-haspopup="dialog">
        <RotateCcw aria-hidden="true" className="size-4" />
        {buttonLabel}
      </Button>
      {isOpen && (
        <ConfirmDialog
          title={title}
          description={description}
          confirmLabel={t('reset.confirm')}
          isPending={isPending}
          onClose={close}
          onConfirm={async () => {
            try {
              await onConfirm();
              close();
            } catch {
              // The toast already said it; the dialog stays for another try.
            }
          }}
        />
      )}
    </>
  );
}

export interface ResetStudentTimeButtonProps {
  studentId: string;
  studentName: string;
  /** The person looking at the learner: SPEC 6, only trainers and admins see the control. */
  viewerRole: Role | null;
}

/** SPEC 4 and 6: closes the learner's open session with duration 0, after confirmation. */
export function ResetStudentTimeButton({ studentId, studentName, viewerRole }: ResetStudentTimeButtonProps) {
  const { t } = useTranslation('timeTracking');
  const reset = useResetStudentSession();
  if (!hasPermission(viewerRole, ['manage:time-tracking'])) return null;
  return (
    <ConfirmResetButton
      buttonLabel={t('reset.sessionButton')}
      title={t('reset.sessionTitle')}
      description={t('reset.sessionDescription', { name: studentName })}
      isPending={reset.isPending}
      onConfirm={async () => {
        try {
          const result = await reset.mutateAsync(studentId);
          notify.success(t('reset.sessionDone', { count: result.closedSessionCount }));
        } catch (error) {
          // SPEC 8: cannotResetSession.
          notify.error(t('reset.cannotResetSession'));
          throw error;
        }
      }}
    />
  );
}

export interface ResetTotalTimeButtonProps {
  studentId: string;
  studentName: string;
  viewerRole: Role | null;
}

/** SPEC 4 and 6: resets the learner's total time and deletes their sessions; admins only. */
export function ResetTotalTimeButton({ studentId, studentName, viewerRole }: ResetTotalTimeButtonProps) {
  const { t } = useTranslation('timeTracking');
  const reset = useResetStudentTotal();
  // SPEC 6: 'reset:' permissions are never a trainer's.
  if (!hasPermission(viewerRole, ['reset:time-tracking'])) return null;
  return (
    <ConfirmResetButton
      buttonLabel={t('reset.totalButton')}
      title={t('reset.totalTitle')}
      description={t('reset.totalDescription', { name: studentName })}
      isPending={reset.isPending}
      onConfirm={async () => {
        try {
          await reset.mutateAsync(studentId);
          notify.success(t('reset.totalDone'));
        } catch (error) {
          notify.error(t('reset.cannotResetTotal'));
          throw error;
        }
      }}
    />
  );
}
