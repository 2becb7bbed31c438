/**
 * How a process stops: in-flight work finishes, in order, unless it takes longer than `deadlineMs`;
 * then the process exits anyway. A request, a job or a mail server that never answers must not keep
 * it up for good: orchestrators stop waiting too (Kubernetes sends SIGKILL 30 s after SIGTERM).
 */
export function createShutdown(options: {
  /** Each awaited in turn: stop taking work, let running work finish, then close what it used. */
  steps: readonly (() => Promise<unknown>)[];
  deadlineMs: number;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  exit: (code: number) => void;
}) {
  const { steps, deadlineMs, log, exit } = options;
  let closing = false;
  return async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      log.error({ deadlineMs }, 'shutdown deadline passed: exiting anyway');
      exit(1);
    }, deadlineMs).unref();
    for (const step of steps) await step();
    exit(0);
  };
}
