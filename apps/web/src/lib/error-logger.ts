import { LOG_BATCH_MAX, type LogEntry, type LogSeverity } from '@cursus/contracts';
import { getErrorSeverity, getErrorText } from '@/lib/error-severity';

/** SPEC 9: a batch leaves every 5 s at most; SPEC 8: the same message is logged once per 5 s. */
export const LOG_FLUSH_INTERVAL_MS = 5000;
export const LOG_DEDUPE_WINDOW_MS = 5000;

const MESSAGE_MAX = 2000;
const STACK_MAX = 10000;

export interface LogErrorOptions {
  category: string;
  severity?: LogSeverity;
  componentName?: string;
  metadata?: Record<string, unknown>;
}

type LogReporter = typeof import('./report-logs');

/** report-logs.ts, loaded with the session: the logs route's schemas bring zod (issue 12). */
let reporter: LogReporter | undefined;
export async function loadLogReporter(): Promise<LogReporter> {
  reporter ??= await import('./report-logs');
  return reporter;
}

let isSignedIn = false;
let queue: LogEntry[] = [];
const lastLoggedAt = new Map<string, number>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function clearFlushTimer() {
  if (flushTimer !== undefined) clearTimeout(flushTimer);
  flushTimer = undefined;
}

/**
 * The server only accepts logs from signed-in users (401 otherwise), so a signed-out visitor's errors
 * are dropped rather than queued for someone else's session.
 */
export function setLoggerSignedIn(signedIn: boolean): void {
  isSignedIn = signedIn;
  // Offline before it ever loaded: the first flush tries again, and drops its batch if it fails.
  if (signedIn) loadLogReporter().catch(() => undefined);
  if (!signedIn) {
    queue = [];
    clearFlushTimer();
  }
}

/** Sends up to one batch; a failed send is dropped, since logging must never cause more errors. */
export async function flushLogs(): Promise<void> {
  clearFlushTimer();
  if (!isSignedIn || queue.length === 0) return;
  const entries = queue.splice(0, LOG_BATCH_MAX);
  if (queue.length > 0) flushTimer = setTimeout(() => void flushLogs(), 0);
  try {
    await (reporter ?? (await loadLogReporter())).reportLogs(entries);
  } catch {
    // Nowhere left to report to: the console already has the original error in development.
  }
}

/** Queues an error for system_logs. Never throws. */
export function logError(error: unknown, options: LogErrorOptions): void {
  try {
    if (!isSignedIn) return;
    const message = (getErrorText(error) || 'Unknown error').slice(0, MESSAGE_MAX);
    const now = Date.now();
    const last = lastLoggedAt.get(message);
    if (last !== undefined && now - last < LOG_DEDUPE_WINDOW_MS) return;
    lastLoggedAt.set(message, now);
    for (const [text, at] of lastLoggedAt) if (now - at >= LOG_DEDUPE_WINDOW_MS) lastLoggedAt.delete(text);

    const stack = error instanceof Error && error.stack ? error.stack.slice(0, STACK_MAX) : undefined;
    queue.push({
      message,
      stack,
      category: options.category.slice(0, 50),
      severity: options.severity ?? getErrorSeverity(message),
      // Path only: query strings can carry secrets such as password-reset tokens.
      url: window.location.pathname.slice(0, 2048),
      componentName: options.componentName?.slice(0, 200),
      metadata: options.metadata,
    });
    if (queue.length >= LOG_BATCH_MAX) void flushLogs();
    else if (flushTimer === undefined) flushTimer = setTimeout(() => void flushLogs(), LOG_FLUSH_INTERVAL_MS);
  } catch {
    // A logger that throws would turn one error into two.
  }
}

/** Logs what no boundary caught. Returns the function removing the listeners. */
export function installGlobalErrorLogging(): () => void {
  const onError = (event: ErrorEvent) => logError(event.error ?? event.message, { category: 'unhandled' });
  const onRejection = (event: PromiseRejectionEvent) =>
    logError(event.reason, { category: 'unhandledrejection' });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

/** For tests: start from an empty logger. */
export function resetErrorLogger(): void {
  setLoggerSignedIn(false);
  lastLoggedAt.clear();
}
