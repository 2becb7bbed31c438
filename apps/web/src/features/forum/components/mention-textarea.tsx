import type { ForumPerson } from '@cursus/contracts';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { findMentionQuery, insertMention, matchPeople } from '../lib/mentions';

export interface MentionTextareaProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  value: string;
  onChange: (value: string) => void;
  /** Who may be named: the organisation's trainers. */
  people: readonly ForumPerson[];
  /** Called with each person picked from the list; the caller keeps the picks. */
  onPick: (person: ForumPerson) => void;
  rows?: number;
  maxLength?: number;
}

/**
 * A plain-text area where typing @ offers the organisation's trainers (WAI-ARIA combobox with a
 * list): arrows move, Enter or Tab picks, Escape closes, a click picks too.
 */
export function MentionTextarea({
  value,
  onChange,
  people,
  onPick,
  rows = 4,
  ...props
}: MentionTextareaProps) {
  const { t } = useTranslation('forum');
  const listId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<{ start: number; caret: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const options = mention ? matchPeople(people, mention.query).slice(0, 8) : [];
  const isOpen = options.length > 0;

  const track = (text: string, caret: number) => {
    const found = findMentionQuery(text, caret);
    setMention(found ? { ...found, caret } : null);
    setActive(0);
  };

  const pick = (person: ForumPerson) => {
    if (!mention) return;
    const next = insertMention(value, mention, person);
    onChange(next.text);
    onPick(person);
    setMention(null);
    // The caret lands after the inserted name once React has written the new value.
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isOpen) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setMention(null);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={textarea}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={isOpen ? optionId(active) : undefined}
        rows={rows}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          track(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onClick={(event) => track(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setMention(null)}
      />
      {isOpen && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('mentions.listLabel')}
          className="absolute z-20 mt-1 max-h-60 w-full max-w-sm overflow-auto rounded-md border border-border bg-card p-1 shadow-lg"
        >
          {options.map((person, index) => (
            <div
              key={person.id}
              id={optionId(index)}
              role="option"
              // Focus stays in the text area (aria-activedescendant): options are never tabbed to.
              tabIndex={-1}
              aria-selected={index === active}
              // Picking must not blur the text area first, which would close the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
              className={cn(
                'cursor-pointer rounded px-3 py-2 text-sm text-foreground',
                index === active ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
              )}
            >
              {person.fullName}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
