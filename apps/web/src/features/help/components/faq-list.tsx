import { ChevronDown } from 'lucide-react';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** Questions as native disclosures: keyboard and screen readers get expand/collapse for free. */
export function FaqList({ entries }: { entries: FaqEntry[] }) {
  return (
    <ul className="flex flex-col gap-2" data-testid="faq-list">
      {entries.map((entry) => (
        <li key={entry.question}>
          <details className="group rounded-lg border border-border bg-card">
            <summary
              className={cn(
                'flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 text-sm font-medium text-foreground',
                FOCUS_RING,
              )}
            >
              {entry.question}
              <ChevronDown
                aria-hidden="true"
                className="size-4 shrink-0 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-4 pb-4 text-sm text-muted-foreground">{entry.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
