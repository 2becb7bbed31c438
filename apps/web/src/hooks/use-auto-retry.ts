import { useEffect, useState } from 'react';

/** SPEC 9: at most 3 automatic retries, waiting 2 s plus 1 s per attempt already made. */
export const AUTO_RETRY_MAX_ATTEMPTS = 3;
export const AUTO_RETRY_BASE_DELAY_MS = 2000;
export const AUTO_RETRY_STEP_MS = 1000;

export function getAutoRetryDelay(attempt: number): number {
  return AUTO_RETRY_BASE_DELAY_MS + AUTO_RETRY_STEP_MS * attempt;
}

export interface UseAutoRetryOptions {
  enabled: boolean;
  /** Attempts already made, for a boundary that remounts after each failed retry. */
  initialAttempts?: number;
  onRetry: (attempt: number) => void;
}

/** Schedules the next automatic retry while attempts remain. */
export function useAutoRetry({ enabled, initialAttempts = 0, onRetry }: UseAutoRetryOptions) {
  const [attempts, setAttempts] = useState(initialAttempts);
  const isRetrying = enabled && attempts < AUTO_RETRY_MAX_ATTEMPTS;

  useEffect(() => {
    if (!isRetrying) return;
    const timer = setTimeout(() => {
      const next = attempts + 1;
      setAttempts(next);
      onRetry(next);
    }, getAutoRetryDelay(attempts));
    return () => clearTimeout(timer);
  }, [isRetrying, attempts, onRetry]);

  return { attempts, isRetrying, maxAttempts: AUTO_RETRY_MAX_ATTEMPTS };
}
