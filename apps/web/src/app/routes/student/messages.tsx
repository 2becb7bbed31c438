import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { MessagesPage } from '@/features/messages/components/messages-page';

/** The learner's conversations with their trainers; `?conversation=` (from a notification) opens one. */
export default function StudentMessagesRoute() {
  const { t } = useTranslation('messages');
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <>
      <PageHeader title={t('student.title')} description={t('student.description')} />
      <MessagesPage
        space="student"
        conversationId={searchParams.get('conversation')}
        onOpen={(id) => setSearchParams(id ? { conversation: id } : {})}
      />
    </>
  );
}
