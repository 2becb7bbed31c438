import { createContext, useContext } from 'react';
import { INITIAL_VIEW, type TrackerView } from '../lib/time-tracker-controller';

export interface TimeTrackerContextValue {
  view: TrackerView;
  confirmPresence: () => void;
}

export const TimeTrackerContext = createContext<TimeTrackerContextValue>({
  view: INITIAL_VIEW,
  confirmPresence: () => undefined,
});

/** The tracker's state as this tab shows it (the leader's, shared across tabs). */
export function useTimeTracker(): TimeTrackerContextValue {
  return useContext(TimeTrackerContext);
}
