import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { SignalOutbox } from '../imaging/ingest-signal-outbox';
import type { LivePublisher } from '../live/publisher';
import type { ObjectStorage } from '../storage/object-storage';
import type { LoginLimits } from './auth/login-limits';
import type { AccessTarget } from './auth/session-events';
import type { CommitNotices } from '../services/reports/commit-notices';

/** What the api's handlers need, built once at start and injected (tests build their own). */
export interface ApiDeps {
  knex: Knex;
  config: Config;
  temporal: Client;
  logger: Logger;
  /** Object storage (local folder DATA_DIR/objects by default). */
  storage: ObjectStorage;
  /** Publishes live documents (the in-process broker) for changes made outside workflows. */
  publisher: LivePublisher;
  /** The port the server listens on (PORT may be 0: a free one), for links without PUBLIC_URL. */
  listeningPort?: () => number;
  /** Ends the broker connections of a session (on logout). */
  onSessionEnded?: (sessionId: string) => void;
  /** State of the broker's Redis (fan-out and retained documents), for /api/health. */
  redisState?: () => 'none' | 'up' | 'down';
  /** Checks again the broker subscriptions of a user, or of an account's users (access changed). */
  onAccessChanged?: (target: AccessTarget) => void;
  /** Sign-in rate limits (Redis with REDIS_URL); unset → in memory, made by the auth routes. */
  loginLimits?: LoginLimits;
  /** This api process among its replicas (it ignores its own session-end notices). */
  replicaId?: string;
  /** Report commits heard from the projection (ADR 042); unset (PGlite) → actions answer from the Update. */
  commitNotices?: CommitNotices;
  /** Sends the ingest workflows' owed signals (decision 027); unset → made by the DICOMweb routes. */
  ingestSignals?: SignalOutbox;
}
