/** A job run on a fixed interval, e.g. the hourly time-tracking integrity check. */
export interface ScheduledJob {
  name: string;
  intervalMs: number;
  run(at: Date): Promise<unknown>;
}

/** Where the last run of each job is kept (the database, so restarts and instances agree). */
export interface JobRunStore {
  /**
   * True when this caller may run the job now; false when it ran less than `intervalMs` ago.
   * `at` is the injected clock's time, undefined when none is: the store then uses its own clock
   * (the database's `now()`), which every instance shares.
   */
  claim(name: string, at: Date | undefined, intervalMs: number): Promise<boolean>;
  finish(name: string, at: Date | undefined, error?: string): Promise<void>;
}

export interface Scheduler {
  /** Runs every due job once; what the timer calls, and what tests call with a simulated clock. */
  tick(): Promise<void>;
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * A small in-process scheduler (ADR 004): every `tickMs` it claims each due job in the database and
 * runs it. The claim is what makes a restart safe: a run that happened is never repeated, a run
 * that fell due while the server was down happens at the first tick.
 */
export function createScheduler(options: {
  jobs: ScheduledJob[];
  store: JobRunStore;
  now?: () => Date;
  tickMs?: number;
  log: { error(object: object, message: string): void };
}): Scheduler {
  const now = options.now ?? (() => new Date());
  // Who runs a job is decided by the database's clock, shared by every instance, not by this
  // process's; an injected clock (tests, TEST_CLOCK journeys) decides instead, so moving it runs due
  // jobs deterministically.
  const claimTime = () => (options.now ? options.now() : undefined);
  const tickMs = options.tickMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function runDueJobs() {
    for (const job of options.jobs) {
      if (!(await options.store.claim(job.name, claimTime(), job.intervalMs))) continue;
      try {
        await job.run(now());
        await options.store.finish(job.name, claimTime());
      } catch (error) {
        options.log.error({ err: error, job: job.name }, 'scheduled job failed');
        await options.store.finish(
          job.name,
          claimTime(),
          error instanceof Error ? error.message : String(error),
        );
      }
    }
  }

  function tick() {
    // One run at a time: a slow job never overlaps the next tick's.
    running ??= runDueJobs().finally(() => {
      running = undefined;
    });
    return running;
  }

  const safeTick = () => {
    tick().catch((error) => options.log.error({ err: error }, 'scheduler tick failed'));
  };

  return {
    tick,
    start() {
      if (timer) return;
      timer = setInterval(safeTick, tickMs);
      timer.unref();
      safeTick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
