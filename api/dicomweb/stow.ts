/**
 * STOW-RS (PS3.18 §10.5): each part of a multipart/related body is one DICOM file, checked
 * as it arrives (its header parsed from memory) and stored and indexed in batches; the
 * answer lists what was stored (ReferencedSOPSequence) and what failed (FailedSOPSequence
 * with FailureReason), in the body's order.
 */
import path from 'node:path';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Lang } from '../../domain/errors';
import { AppError } from '../../domain/errors';
import { DICOM_FAILURES, type DicomFailure, DicomInputError, failureMessage } from '../../imaging/failures';
import { readDicomBuffer } from '../../imaging/dicom-header';
import { type IngestTarget, ingestFile } from '../../imaging/ingest';
import type { BatchOutcome, ParsedInstance } from '../../imaging/ingest-batch';
import type { IngestQueue } from '../../imaging/ingest-queue';
import { MalformedMultipart, readMultipart, relatedBoundary, relatedType } from '../../imaging/multipart';
import type { ObjectStorage } from '../../storage/object-storage';
import type { DicomwebCaller } from './auth';

export interface StowDeps {
  knex: Knex;
  storage: ObjectStorage;
  logger: Logger;
  tmpDir: string;
  maxPartBytes: number;
  /** Stores and indexes parsed instances (shared by concurrent requests: group commit). */
  ingest: IngestQueue;
  /**
   * Called once per study with new instances, after the body: sends the signal its outbox row
   * owes (decision 027) without holding the answer — the row, committed with the instances,
   * already makes the signal certain.
   */
  onStored(stored: { accountId: string; studyId: string; studyUid: string; instances: number }): void;
}

/**
 * Parts up to this size (a CT or MR image) are read into memory; larger ones (CR, DX, MG,
 * multi-frame) go through a temporary file, so concurrent uploads hold little memory each.
 */
const MEMORY_PART_BYTES = 2 * 1024 * 1024;
/** A batch is written once it holds this many instances or bytes… */
const BATCH_INSTANCES = 64;
const BATCH_BYTES = 16 * 1024 * 1024;
/** …or, when nothing is being written, this many (the last parts go when the body ends). */
const MIN_BATCH = 16;

interface Stored {
  sopClassUid: string;
  sopUid: string;
  studyUid: string;
  seriesUid: string;
}
interface Failed {
  reason: DicomFailure;
  sopClassUid?: string;
  sopUid?: string;
}

export interface StowResult {
  status: 200 | 202 | 409 | 413;
  stored: Stored[];
  failed: Failed[];
}

/** The institution an upload lands in: the Connect's, or the one the user chose and may upload to. */
export function uploadTarget(caller: DicomwebCaller, requested: string | undefined): IngestTarget {
  if (caller.connect) {
    return {
      accountId: caller.accountId,
      institutionId: caller.connect.institutionId,
      connectId: caller.connect.id,
      userId: null,
      connectionId: caller.connect.connectionId,
      tagMapping: caller.connect.tagMapping,
    };
  }
  const allowed = caller.uploadInstitutionIds;
  const institutionId = requested ?? (allowed.length === 1 ? allowed[0] : undefined);
  if (!institutionId) throw new AppError(allowed.length === 0 ? 'FORBIDDEN_ACCESS' : 'MALFORMED_REQUEST');
  if (!allowed.includes(institutionId)) throw new AppError('FORBIDDEN_ACCESS');
  return { accountId: caller.accountId, institutionId, connectId: null, userId: caller.userId };
}

export async function receiveStow(deps: StowDeps, ctx: Context, target: IngestTarget, studyUid?: string): Promise<StowResult> {
  const contentType = ctx.get('content-type');
  const boundary = relatedBoundary(contentType);
  const type = boundary ? relatedType(contentType) : null;
  if (!boundary || (type !== null && type !== 'application/dicom')) throw new AppError('MALFORMED_REQUEST');

  // One slot per part, in the body's order, filled as the part is refused or its batch ends.
  const slots: ({ stored: Stored } | { failed: Failed })[] = [];
  const fresh = new Map<string, { studyId: string; instances: number }>();
  const record = (slot: number, outcome: BatchOutcome) => {
    if (!outcome.ok) {
      const err = outcome.error;
      if (err instanceof DicomInputError) return void (slots[slot] = { failed: { reason: err.reason } });
      deps.logger.error({ err }, 'STOW-RS: storing an instance failed');
      return void (slots[slot] = { failed: { reason: 'STORE_FAILED' } });
    }
    const { header: h, studyId, duplicate } = outcome.ingested;
    slots[slot] = { stored: { sopClassUid: h.sopClassUid, sopUid: h.sopUid, studyUid: h.studyUid, seriesUid: h.seriesUid } };
    if (!duplicate) {
      const study = fresh.get(h.studyUid) ?? { studyId, instances: 0 };
      study.instances++;
      fresh.set(h.studyUid, study);
    }
  };

  // Parts kept in memory are parsed as they arrive and stored in batches; one batch is
  // written while the next is read (at most two batches held per request). deps.ingest
  // never throws: a failure is each instance's outcome.
  let pending: { slot: number; item: ParsedInstance }[] = [];
  let pendingBytes = 0;
  let writing: Promise<void> = Promise.resolve();
  /** Batches being written or waiting to be. */
  let writes = 0;
  const flush = (): Promise<void> => {
    const batch = pending;
    pending = [];
    pendingBytes = 0;
    if (batch.length === 0) return writing;
    writes++;
    writing = writing.then(async () => {
      const outcomes = await deps.ingest(
        target,
        batch.map((b) => b.item),
      );
      batch.forEach((b, k) => record(b.slot, outcomes[k]!));
      writes--;
    });
    return writing;
  };

  let broken: unknown = null;
  let parts = 0;
  try {
    parts = await readMultipart(
      ctx.req,
      boundary,
      { tmpDir: deps.tmpDir, maxPartBytes: deps.maxPartBytes, memoryPartBytes: MEMORY_PART_BYTES },
      async (part) => {
        const slot = slots.push({ failed: { reason: 'STORE_FAILED' } }) - 1;
        const partType = part.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (partType && partType !== 'application/dicom') return void (slots[slot] = { failed: { reason: 'NOT_DICOM' } });
        if (part.tooLarge) return void (slots[slot] = { failed: { reason: 'TOO_LARGE' } });
        if (part.body) {
          try {
            const header = readDicomBuffer(part.body);
            if (studyUid && studyUid !== header.studyUid) throw new DicomInputError('STUDY_UID_MISMATCH');
            pending.push({ slot, item: { header, body: part.body } });
            pendingBytes += part.body.length;
          } catch (error) {
            return void record(slot, { ok: false, error });
          }
          // Nothing being written and a few parts gathered: they go now, so writing overlaps
          // reading. Otherwise parts gather while the batch before them is written, and past
          // a batch's size the body is read no further until that one is done (back-pressure).
          if (writes === 0 && pending.length >= MIN_BATCH) void flush();
          else if (pending.length >= BATCH_INSTANCES || pendingBytes >= BATCH_BYTES) {
            const previous = writing;
            void flush();
            await previous;
          }
          return;
        }
        // A large part (spilled to a temporary file) goes on its own, after the batches before it.
        await flush();
        try {
          record(slot, { ok: true, ingested: await ingestFile(deps, target, part.file!, part.size, { studyUid }) });
        } catch (error) {
          record(slot, { ok: false, error });
        }
      },
    );
  } catch (err) {
    broken = err;
  }
  // What was received whole is stored and signalled even when the rest of the body was not.
  await flush();
  // Not awaited: the outbox rows committed with the instances make the signals durable.
  for (const [uid, s] of fresh) {
    deps.onStored({ accountId: target.accountId, studyId: s.studyId, studyUid: uid, instances: s.instances });
  }
  if (broken) {
    if (!(broken instanceof MalformedMultipart)) throw broken;
    // A body that breaks after its first delimiter (cut off, a part's headers garbled) still
    // answers per instance (PS3.18 §10.5.3): what was stored, and the part that broke.
    const brokePartWay = slots.length > 0 || broken.message === 'the body ended before the closing boundary';
    if (!brokePartWay) throw new AppError('MALFORMED_REQUEST');
    slots.push({ failed: { reason: 'TRUNCATED' } });
  } else if (parts === 0) throw new AppError('MALFORMED_REQUEST');

  const stored = slots.flatMap((s) => ('stored' in s ? [s.stored] : []));
  const failed = slots.flatMap((s) => ('failed' in s ? [s.failed] : []));
  const status = failed.length === 0 ? 200 : stored.length > 0 ? 202 : failed.some((f) => f.reason === 'TOO_LARGE') ? 413 : 409;
  return { status, stored, failed };
}

/** The PS3.18 JSON answer; ErrorComment (0000,0902) carries our reason code and its message. */
export function stowResponse(result: StowResult, baseUrl: string, lang: Lang): Record<string, unknown> {
  const ui = (v: string) => ({ vr: 'UI', Value: [v] });
  const body: Record<string, unknown> = {};
  const studies = [...new Set(result.stored.map((s) => s.studyUid))];
  if (studies.length === 1) body['00081190'] = { vr: 'UR', Value: [`${baseUrl}/studies/${studies[0]}`] };
  if (result.failed.length > 0) {
    body['00081198'] = {
      vr: 'SQ',
      Value: result.failed.map((f) => ({
        ...(f.sopClassUid ? { '00081150': ui(f.sopClassUid) } : {}),
        ...(f.sopUid ? { '00081155': ui(f.sopUid) } : {}),
        '00081197': { vr: 'US', Value: [DICOM_FAILURES[f.reason].reason] },
        '00000902': { vr: 'LO', Value: [`${f.reason}: ${failureMessage(f.reason, lang)}`] },
      })),
    };
  }
  if (result.stored.length > 0) {
    body['00081199'] = {
      vr: 'SQ',
      Value: result.stored.map((s) => ({
        '00081150': ui(s.sopClassUid),
        '00081155': ui(s.sopUid),
        '00081190': { vr: 'UR', Value: [`${baseUrl}/studies/${s.studyUid}/series/${s.seriesUid}/instances/${s.sopUid}`] },
      })),
    };
  }
  return body;
}

export function stowTmpDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'stow');
}
