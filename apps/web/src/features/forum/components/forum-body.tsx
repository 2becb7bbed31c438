import type { ForumPerson } from '@cursus/contracts';
import { splitMentions } from '../lib/mentions';

/** A plain-text body with its line breaks, and the trainers it names highlighted. */
export function ForumBody({ body, mentions }: { body: string; mentions: readonly ForumPerson[] }) {
  return (
    <p className="text-sm break-words whitespace-pre-line text-foreground">
      {splitMentions(body, mentions).map((segment, index) =>
        segment.mention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text, never reordered.
          <mark key={index} className="rounded bg-info-surface px-0.5 font-medium text-info-foreground">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}
