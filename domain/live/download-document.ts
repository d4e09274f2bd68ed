/**
 * The live document of one study download (spec 2 §7 zipStreaming/{shortKey}), per account
 * so the broker ACL can check the subscriber's current account (ADR 003). The shortKey is
 * random and unguessable; the account check keeps another tenant out even if it leaked.
 */
export function downloadTopic(accountId: string, shortKey: string): string {
  return `laudos/accounts/${accountId}/zipStreaming/${shortKey}`;
}

export function parseDownloadTopic(topic: string): { accountId: string; shortKey: string } | null {
  const m = /^laudos\/accounts\/([^/+#]+)\/zipStreaming\/([A-Za-z0-9_-]{16,64})$/.exec(topic);
  return m ? { accountId: m[1]!, shortKey: m[2]! } : null;
}

export interface DownloadDocument {
  shortKey: string;
  finished: boolean;
  error?: boolean;
  /** Why the zip could not be made (for the logs and support; the dialog shows the spec's text). */
  errorMessage?: string;
  /** Entries written / to write, and bytes of their sources read so far. */
  done: number;
  total: number;
  bytes: number;
  downloadUrl?: string;
}
