/** Counters the status endpoint shows; updated by the SCP and the uploader. */
export interface AgentStats {
  startedAt: string;
  /** Instances acknowledged by C-STORE (written to the spool) since start. */
  received: number;
  receivedBytes: number;
  /** Sums over received instances: data set reception, then fsync + rename (average = sum / received). */
  receiveMsTotal: number;
  commitMsTotal: number;
  /** Instances the platform confirmed (and deleted from the spool) since start. */
  sent: number;
  /** Instances moved to rejected/ since start. */
  failed: number;
  /** STOW-RS requests made / refused for an outage since start. */
  requests: number;
  outages: number;
  lastSentAt: string | null;
  lastError: { message: string; at: string } | null;
  /** When the uploader retries after an outage (null: not waiting). */
  retryAt: string | null;
}

export function newStats(now: Date = new Date()): AgentStats {
  return {
    startedAt: now.toISOString(),
    received: 0,
    receivedBytes: 0,
    receiveMsTotal: 0,
    commitMsTotal: 0,
    sent: 0,
    failed: 0,
    requests: 0,
    outages: 0,
    lastSentAt: null,
    lastError: null,
    retryAt: null,
  };
}
