import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import type { QuestionContext } from '../lib/question-context';
import { AskQuestionForm } from './ask-question-form';

export interface AskQuestionDialogProps {
  hasOrganization: boolean;
  context: QuestionContext | null;
  onClose: () => void;
}

/** SPEC 2 ask-question dialog, behind the sidebar's 'J'ai une question ?'. */
export function AskQuestionDialog({ hasOrganization, context, onClose }: AskQuestionDialogProps) {
  const { t } = useTranslation('questions');
  return (
    <Dialog
      title={t('ask.title')}
      description={hasOrganization ? t('ask.description') : undefined}
      closeLabel={t('ask.close')}
      onClose={onClose}
    >
      <AskQuestionForm
        hasOrganization={hasOrganization}
        context={context}
        onSubmitted={onClose}
        onCancel={onClose}
      />
    </Dialog>
  );
}
