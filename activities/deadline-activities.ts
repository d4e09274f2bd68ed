/** The deadline sweep's I/O (ADR 028): the service does the work; this binds it to the worker's deps. */
import { type SweepDeps, sweepDeadlines } from '../services/deadlines/sweep';
import type { DeadlineSweepActivities } from '../workflows/deadline-sweep/messages';

export function createDeadlineActivities(deps: SweepDeps): DeadlineSweepActivities {
  return {
    async sweepDeadlines({ asOf }) {
      return sweepDeadlines(deps, new Date(asOf));
    },
  };
}
