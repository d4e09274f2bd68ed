/**
 * STOW-RS (PS3.18 §10.5): each part of a multipart/related body is one DICOM file, read to
 * a temporary file, checked, stored and indexed on its own; the answer lists what was
 * stored (ReferencedSOPSequence) and what failed (FailedSOPSequence with FailureReason).
 */
import path from 'node:path';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Lang } from '../../domain/errors';
import { AppError } from '../../domain/errors';
import { DICOM_FAILURES, type DicomFailure, DicomInputError, failureMessage } from '../../imaging/failures';
import { type IngestTarget, ingestFile } from '../../imaging/ingest';
import { MalformedMultipart, readMultipart, relatedBoundary, relatedType } from '../../imaging/multipart';
import type { ObjectStorage } from '../../storage/object-storage';
import type { DicomwebCaller } from './auth';

export interface StowDeps {
  knex: Knex;
  storage: ObjectStorage;
  logger: Logger;
  tmpDir: string;
  maxPartBytes: number;
  /** Called once per study with new instances, after the body (starts or signals its ingest workflow). */
  onStored(stored: { accountId: string; studyId: string; studyUid: string; instances: number }): Promise<void>;
}

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

  const stored: Stored[] = [];
  const failed: Failed[] = [];
  const fresh = new Map<string, { studyId: string; instances: number }>();
  try {
    const parts = await readMultipart(
      ctx.req,
      boundary,
      { tmpDir: deps.tmpDir, maxPartBytes: deps.maxPartBytes },
      async (part) => {
        const partType = part.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (partType && partType !== 'application/dicom') return void failed.push({ reason: 'NOT_DICOM' });
        if (part.tooLarge || !part.file) return void failed.push({ reason: 'TOO_LARGE' });
        try {
          const r = await ingestFile(deps, target, part.file, part.size, { studyUid });
          const h = r.header;
          stored.push({ sopClassUid: h.sopClassUid, sopUid: h.sopUid, studyUid: h.studyUid, seriesUid: h.seriesUid });
          if (!r.duplicate) {
            const study = fresh.get(h.studyUid) ?? { studyId: r.studyId, instances: 0 };
            study.instances++;
            fresh.set(h.studyUid, study);
          }
        } catch (err) {
          if (err instanceof DicomInputError) return void failed.push({ reason: err.reason });
          deps.logger.error({ err }, 'STOW-RS: storing an instance failed');
          failed.push({ reason: 'STORE_FAILED' });
        }
      },
    );
    if (parts === 0) throw new AppError('MALFORMED_REQUEST');
  } catch (err) {
    if (!(err instanceof MalformedMultipart)) throw err;
    // A body that breaks after its first delimiter (cut off, a part's headers garbled) still
    // answers per instance (PS3.18 §10.5.3): what was stored, and the part that broke.
    const brokePartWay = stored.length + failed.length > 0 || err.message === 'the body ended before the closing boundary';
    if (!brokePartWay) throw new AppError('MALFORMED_REQUEST');
    failed.push({ reason: 'TRUNCATED' });
  } finally {
    // Stored instances are signalled even when the rest of the body was malformed. Awaited:
    // the answer means the study's workflow knows.
    await Promise.all(
      [...fresh].map(([studyUid, s]) =>
        deps.onStored({ accountId: target.accountId, studyId: s.studyId, studyUid, instances: s.instances }),
      ),
    );
  }
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
