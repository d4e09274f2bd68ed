/**
 * Study downloads the platform queued for this clinic (spec 2 §4 "Download requisitado"):
 * every `pollMs` the agent asks `GET {PLATFORM_URL}/api/connect-agent/downloads` with its key
 * — that call is also its heartbeat, which makes it "reachable" in the download dialog —
 * then, one request at a time, fetches the request's zip into the spool's `download-zips/`
 * folder, extracts it under the request's folder — which must lie inside DOWNLOAD_ROOT
 * (connect/download/download-root.ts) — and reports done (with the file count) or
 * failed (with the reason). Polls keep going while a large download is being written.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Logger } from 'pino';
import { z } from 'zod';
import { checkFolderInsideRoot, createFolderInsideRoot } from './download-root';
import { extractZip } from './unzip';

export interface DownloadPollerOptions {
  platformUrl: string;
  connectKey: string;
  pollMs: number;
  /** Where zips are kept while they are fetched and extracted. */
  workDir: string;
  /** Downloads are written only inside this folder (DOWNLOAD_ROOT); other folders are refused. */
  downloadRoot: string;
  timeoutMs: number;
}

const ZIP_TIMEOUT_MS = 2 * 60 * 60_000;

const PollAnswer = z.object({
  downloads: z.array(z.object({ id: z.string().uuid(), fullPath: z.string().min(1).max(1024) })).max(100),
});

export class DownloadPoller {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly inFlight = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  private polling: Promise<void> | null = null;
  lastPollAt: string | null = null;
  delivered = 0;
  failed = 0;

  constructor(
    private readonly opts: DownloadPollerOptions,
    private readonly logger: Logger,
  ) {}

  private url(p: string): URL {
    const base = this.opts.platformUrl.endsWith('/') ? this.opts.platformUrl : this.opts.platformUrl + '/';
    return new URL(`api/connect-agent/${p}`, base);
  }

  private call(p: string, init: RequestInit = {}, timeoutMs = this.opts.timeoutMs): Promise<Response> {
    return fetch(this.url(p), {
      ...init,
      headers: { Authorization: `Bearer ${this.opts.connectKey}`, ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.polling = this.pollOnce()
        .catch((err: unknown) => this.logger.warn({ err: (err as Error).message }, 'download poll failed'))
        .finally(() => {
          this.polling = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.opts.pollMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.polling;
    await this.chain;
  }

  /** One poll: heartbeat, and the new requests queued behind the current one. */
  async pollOnce(): Promise<void> {
    const res = await this.call('downloads', { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`poll answered ${res.status}`);
    this.lastPollAt = new Date().toISOString();
    const { downloads } = PollAnswer.parse(await res.json());
    for (const d of downloads) {
      if (this.inFlight.has(d.id)) continue;
      this.inFlight.add(d.id);
      this.chain = this.chain.then(() => this.deliver(d)).finally(() => this.inFlight.delete(d.id));
    }
  }

  /** Fetches, extracts and reports one request; never rejects (a failure is reported). */
  private async deliver(d: { id: string; fullPath: string }): Promise<void> {
    const zipFile = path.join(this.opts.workDir, `${d.id}.zip`);
    let result: { ok: true; files: number } | { ok: false; error: string };
    try {
      // The folder is chosen on the platform: nothing is fetched for one outside DOWNLOAD_ROOT.
      await checkFolderInsideRoot(this.opts.downloadRoot, d.fullPath);
      await fs.mkdir(this.opts.workDir, { recursive: true });
      // The whole body must arrive within this: a study zip may be large.
      const res = await this.call(`downloads/${d.id}/zip`, {}, ZIP_TIMEOUT_MS);
      if (!res.ok || !res.body) throw new Error(`zip answered ${res.status}`);
      await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(zipFile));
      const files = await extractZip(zipFile, d.fullPath, (dest) => createFolderInsideRoot(this.opts.downloadRoot, dest));
      result = { ok: true, files };
      this.delivered++;
      this.logger.info({ id: d.id, fullPath: d.fullPath, files }, 'download written');
    } catch (err) {
      result = { ok: false, error: (err as Error).message.slice(0, 500) || 'error' };
      this.failed++;
      this.logger.warn({ id: d.id, fullPath: d.fullPath, err: (err as Error).message }, 'download failed');
    } finally {
      await fs.rm(zipFile, { force: true });
    }
    try {
      const res = await this.call(`downloads/${d.id}/result`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(result),
      });
      if (!res.ok) this.logger.warn({ id: d.id, status: res.status }, 'download result refused');
    } catch (err) {
      // The request stays 'delivering' and comes back in the next poll: it is written again.
      this.logger.warn({ id: d.id, err: (err as Error).message }, 'download result not sent');
    }
  }
}
