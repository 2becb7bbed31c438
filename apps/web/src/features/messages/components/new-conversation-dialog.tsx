import { Search, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { useMessageContacts } from '../api/get-contacts';
import { useStartConversation } from '../api/start-conversation';
import type { MessagesSpace } from './messages-space';

const CONTACTS_PAGE_SIZE = 10;

export interface NewConversationDialogProps {
  space: MessagesSpace;
  onClose: () => void;
  /** The conversation opened (or found) with the person picked. */
  onOpened: (conversationId: string) => void;
}

/** Picks whom to write to: a learner their organisation's trainers, a trainer its learners (searchable). */
export function NewConversationDialog({ space, onClose, onOpened }: NewConversationDialogProps) {
  const { t } = useTranslation('messages');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const contacts = useMessageContacts({ search, page, pageSize: CONTACTS_PAGE_SIZE });
  const start = useStartConversation();

  const open = (contact: { id: string; conversationId: string | null }) => {
    if (contact.conversationId) return onOpened(contact.conversationId);
    start.mutate(contact.id, { onSuccess: (conversation) => onOpened(conversation.id) });
  };

  return (
    <Dialog
      title={t(`newConversation.title.${space}`)}
      description={t(`newConversation.description.${space}`)}
      closeLabel={t('newConversation.close')}
      onClose={onClose}
    >
      <div className="flex flex-col gap-3">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={t(`newConversation.search.${space}`)}
            placeholder={t(`newConversation.search.${space}`)}
            className="pl-9"
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        {start.isError && <Alert variant="error">{getErrorMessage(start.error)}</Alert>}
        {contacts.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner label={t('newConversation.loading')} />
          </div>
        ) : contacts.isError ? (
          <LoadErrorAlert
            error={contacts.error}
            retryLabel={t('retry')}
            onRetry={() => void contacts.refetch()}
          />
        ) : contacts.data.total === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">
            {search.trim() ? t('newConversation.noMatch') : t(`newConversation.empty.${space}`)}
          </p>
        ) : (
          <>
            <ul
              aria-label={t(`newConversation.list.${space}`)}
              className={cn('flex flex-col gap-1', contacts.isPlaceholderData && 'opacity-70')}
            >
              {contacts.data.items.map((contact) => (
                <li key={contact.id}>
                  <Button
                    variant="ghost"
                    className="w-full justify-start"
                    disabled={start.isPending}
                    onClick={() => open(contact)}
                  >
                    <UserRound aria-hidden="true" className="size-4 text-muted-foreground" />
                    <span className="flex-1 truncate text-left">{contact.fullName}</span>
                    {contact.conversationId && (
                      <span className="text-xs text-muted-foreground">{t('newConversation.existing')}</span>
                    )}
                  </Button>
                </li>
              ))}
            </ul>
            <Pagination
              page={contacts.data.page}
              pageSize={contacts.data.pageSize}
              total={contacts.data.total}
              label={t('newConversation.pages')}
              onPageChange={setPage}
            />
          </>
        )}
      </div>
    </Dialog>
  );
}
