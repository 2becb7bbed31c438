import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export interface NoMatchStateProps {
  title: string;
  description: string;
  /** Names the way out, e.g. 'Réinitialiser les filtres'. */
  resetLabel: string;
  onReset: () => void;
}

/** A search or filters that match nothing, as opposed to nothing at all: offers to clear them. */
export function NoMatchState({ title, description, resetLabel, onReset }: NoMatchStateProps) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={description}
      action={
        <Button variant="secondary" onClick={onReset}>
          {resetLabel}
        </Button>
      }
    />
  );
}
