/**
 * What the database's busy connections were doing during a load phase: pg_stat_activity
 * sampled every 100 ms (from the bench's own connection), as shares of the samples — e.g. a
 * Lock/transactionid share says writers queue behind one another, an IO/WALSync share says
 * commits wait for the disk, no wait event means running on a CPU.
 */
import type { Knex } from 'knex';

export function samplePgWaits(knex: Knex, everyMs = 100): { stop(): Promise<string> } {
  const counts = new Map<string, number>();
  let samples = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    knex
      .raw(
        `SELECT coalesce(wait_event_type || '/' || wait_event, 'CPU') AS what, count(*)::int AS n
         FROM pg_stat_activity
         WHERE datname = current_database() AND state NOT IN ('idle') AND pid <> pg_backend_pid() AND backend_type = 'client backend'
         GROUP BY 1`,
      )
      .then((r: { rows: { what: string; n: number }[] }) => {
        samples++;
        for (const { what, n } of r.rows) counts.set(what, (counts.get(what) ?? 0) + n);
      })
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      if (!samples) return 'no samples';
      const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4);
      return top.length
        ? `${top.map(([what, n]) => `${what} ${(n / samples).toFixed(1)}`).join(', ')} (mean busy connections per sample)`
        : 'no busy connection';
    },
  };
}
