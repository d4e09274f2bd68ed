import type { LaudoTransition } from '../workflows/laudo/messages';

/** Activities the laudo workflow calls: its only I/O. */
export interface LaudoActivities {
  /** Writes the Postgres projection of a transition (idempotent, guarded by seq). */
  projectLaudo(transition: LaudoTransition): Promise<void>;
  /** Publishes the retained live document of every study of the laudo. */
  publishLaudo(laudoId: string): Promise<void>;
}
