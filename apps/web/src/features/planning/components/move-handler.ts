import type { RescheduleSessionInput } from '@cursus/contracts';
import { getErrorMessage } from '@/lib/error-message';
import { checkMove, type MoveCheck } from '../lib/calendar-events';

/** What FullCalendar hands a drop or a resize: the event as it now stands, and how to put it back. */
export interface EventChange {
  event: { id: string; start: Date | null; end: Date | null; allDay: boolean };
  revert: () => void;
}

export type MoveRefusal = Extract<MoveCheck, { ok: false }>['reason'];

/**
 * Drops and resizes: checked here first, then sent; whatever is refused, here or by the server, puts
 * the session back where it was and says why.
 */
export function createMoveHandler(deps: {
  reschedule: (input: RescheduleSessionInput & { id: string }) => Promise<unknown>;
  describeRefusal: (reason: MoveRefusal) => string;
  onMoved: () => void;
  onRefused: (message: string) => void;
  now?: () => Date;
}) {
  return async (change: EventChange) => {
    const check = checkMove(change.event, (deps.now ?? (() => new Date()))());
    if (!check.ok) {
      change.revert();
      deps.onRefused(deps.describeRefusal(check.reason));
      return;
    }
    try {
      await deps.reschedule({ id: change.event.id, ...check.input });
      deps.onMoved();
    } catch (error) {
      change.revert();
      deps.onRefused(getErrorMessage(error));
    }
  };
}
