import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { MessagesPage } from '@/features/messages/components/messages-page';

/** The trainer's conversations with learners; `?conversation=` (from a notification) opens one. */
export default function TrainerMessagesRoute() {
  const { t } = useTranslation('messages');
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <>
      <PageHeader title={t('trainer.title')} description={t('trainer.description')} />
      <MessagesPage
        space="trainer"
        conversationId={searchParams.get('conversation')}
        onOpen={(id) => setSearchParams(id ? { conversation: id } : {})}
      />
    </>
  );
}
