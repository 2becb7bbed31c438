import type { AssistantSpace } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import type { ChatMessage } from '../lib/chat-rules';
import { linkify } from '../lib/linkify';

const LINK_CLASS = 'font-medium underline underline-offset-2 hover:no-underline';

/** The text with its addresses and SPEC 5 keywords as links. */
function LinkedText({
  text,
  space,
  onNavigate,
}: {
  text: string;
  space: AssistantSpace;
  onNavigate: () => void;
}) {
  return linkify(text, space).map((segment, index) => {
    const key = `${index}-${segment.kind}`;
    if (segment.kind === 'url')
      return (
        <a key={key} href={segment.href} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
          {segment.text}
        </a>
      );
    if (segment.kind === 'route')
      return (
        <Link key={key} to={segment.to} onClick={onNavigate} className={LINK_CLASS}>
          {segment.text}
        </Link>
      );
    return segment.text;
  });
}

/** One message: the person's on the right, the assistant's on the left with its sources below. */
export function ChatBubble({
  message,
  space,
  onNavigate,
}: {
  message: ChatMessage;
  space: AssistantSpace;
  /** A link followed: the panel closes so the page shows. */
  onNavigate: () => void;
}) {
  const { t } = useTranslation('assistant');
  const isUser = message.role === 'user';
  return (
    <div className={cn('flex flex-col gap-1', isUser ? 'items-end' : 'items-start')}>
      <span className="sr-only">{isUser ? t('you') : t('assistant')}</span>
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
          isUser ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        {isUser ? (
          message.content
        ) : (
          <LinkedText text={message.content} space={space} onNavigate={onNavigate} />
        )}
      </div>
      {message.sources && message.sources.length > 0 && (
        <nav aria-label={t('sources')} className="max-w-[85%] text-xs text-muted-foreground">
          <span aria-hidden="true">{t('sourcesLabel')} </span>
          <ul className="inline">
            {message.sources.map((source, index) => (
              <li key={source.href} className="inline">
                {index > 0 && ', '}
                <Link to={source.href} onClick={onNavigate} className={cn(LINK_CLASS, 'text-foreground')}>
                  {source.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
