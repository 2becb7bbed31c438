import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while `isRunning`. */
export function useNow(intervalMs: number, isRunning = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!isRunning) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, isRunning]);
  return now;
}
