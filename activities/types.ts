import type { LaudoTransition } from '../workflows/laudo/messages';

/** Activities the laudo workflow calls: its only I/O. */
export interface LaudoActivities {
  /**
   * Writes the Postgres projection of a transition (idempotent, guarded by seq), then
   * publishes the retained live document of every study it touched.
   */
  commitTransition(transition: LaudoTransition): Promise<void>;
}
