/**
 * Loaded into the server by the soak (`node --expose-gc --import tsx --import …/memory-probe.ts`):
 * appends the process's memory to MEMORY_PROBE_FILE every MEMORY_PROBE_INTERVAL_MS (10 s), one JSON
 * line each. Measured inside the process because the heap is only visible from there. A full
 * collection runs first when `gc` is exposed: the heap then holds only what is still referenced,
 * so a leak shows as a slope instead of hiding in the collector's sawtooth (±70 MB between
 * samples without it). The timer never keeps the process up.
 */
import { appendFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  setInterval(
    () => {
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      appendFileSync(file, `${JSON.stringify({ at: Date.now(), rss, heapUsed, heapTotal, external })}\n`);
    },
    Number(process.env.MEMORY_PROBE_INTERVAL_MS ?? 10_000),
  ).unref();
}
