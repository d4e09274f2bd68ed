/**
 * Reading the platform's STOW-RS answer (PS3.18 §10.5, the contract in README "Connect agent"):
 * 200 all stored; 202 some failed; 409 none stored — failures in FailedSOPSequence (0008,1198)
 * items with ReferencedSOPInstanceUID (0008,1155) and FailureReason (0008,1197); 400
 * malformed; 413 too large; anything else (401, 429, 5xx…) is an outage to wait out.
 */

export interface InstanceFailure {
  sopInstanceUid: string;
  failureReason?: number;
}

export type StowOutcome =
  /** Every instance of the request is stored. */
  | { kind: 'stored'; httpStatus: number }
  /**
   * Per-instance answer. `stored` lists the ReferencedSOPSequence UIDs when the platform sent
   * it (null when it did not: then every instance not failed counts as stored on a 202).
   */
  | { kind: 'per-instance'; httpStatus: number; failed: InstanceFailure[]; stored: string[] | null }
  /** The request as a whole was refused (400 malformed, 413 too large): split it or reject the single instance. */
  | { kind: 'request-refused'; httpStatus: number; reason: string }
  /** The platform cannot take anything now (network, 401, 429, 5xx…): retry later, count nothing against instances. */
  | { kind: 'outage'; httpStatus?: number; reason: string };

const FAILED_SOP_SEQUENCE = '00081198';
const REFERENCED_SOP_SEQUENCE = '00081199';
const REFERENCED_SOP_INSTANCE_UID = '00081155';
const FAILURE_REASON = '00081197';

type DicomJson = Record<string, { vr?: string; Value?: unknown[] } | undefined>;

function firstDataset(body: unknown): DicomJson | null {
  const candidate = Array.isArray(body) ? body[0] : body;
  return candidate && typeof candidate === 'object' ? (candidate as DicomJson) : null;
}

function items(ds: DicomJson, seqTag: string): DicomJson[] {
  const value = ds[seqTag]?.Value;
  return Array.isArray(value) ? value.filter((v): v is DicomJson => !!v && typeof v === 'object') : [];
}

function stringValue(ds: DicomJson, t: string): string | undefined {
  const v = ds[t]?.Value?.[0];
  return typeof v === 'string' ? v.trim() : undefined;
}

function numberValue(ds: DicomJson, t: string): number | undefined {
  const v = ds[t]?.Value?.[0];
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The `{ error: { code, description } }` shape, or the start of the body, for logs and reasons. */
function describe(httpStatus: number, text: string): string {
  const body = parseJson(text) as { error?: { code?: string; description?: string } } | null;
  const err = body?.error;
  if (err?.code || err?.description) return `HTTP ${httpStatus} ${err.code ?? ''}: ${err.description ?? ''}`.trim();
  const snippet = text.trim().slice(0, 200);
  return snippet ? `HTTP ${httpStatus}: ${snippet}` : `HTTP ${httpStatus}`;
}

export function parseStowResponse(httpStatus: number, text: string): StowOutcome {
  if (httpStatus === 200) return { kind: 'stored', httpStatus };
  if (httpStatus === 202 || httpStatus === 409) {
    const ds = firstDataset(parseJson(text));
    if (!ds) {
      // A 202/409 without a readable body says nothing per instance: retry the whole request later.
      return { kind: 'outage', httpStatus, reason: describe(httpStatus, text) };
    }
    const failed = items(ds, FAILED_SOP_SEQUENCE).flatMap((item) => {
      const uid = stringValue(item, REFERENCED_SOP_INSTANCE_UID);
      return uid ? [{ sopInstanceUid: uid, failureReason: numberValue(item, FAILURE_REASON) }] : [];
    });
    const storedItems = ds[REFERENCED_SOP_SEQUENCE] ? items(ds, REFERENCED_SOP_SEQUENCE) : null;
    const stored = storedItems
      ? storedItems.flatMap((item) => stringValue(item, REFERENCED_SOP_INSTANCE_UID) ?? [])
      : httpStatus === 409
        ? [] // 409: none stored, whatever the body lists
        : null;
    return { kind: 'per-instance', httpStatus, failed, stored };
  }
  if (httpStatus === 400 || httpStatus === 413)
    return { kind: 'request-refused', httpStatus, reason: describe(httpStatus, text) };
  return { kind: 'outage', httpStatus, reason: describe(httpStatus, text) };
}

/**
 * What an instance failure means (PS3.4 C-STORE / PS3.18 failure reasons): out of resources
 * and processing failures are the platform's trouble and pass later (retried without limit,
 * on back-off); a data set the platform cannot understand, of an unsupported class, or not
 * matching its class never will; 0x0111 (duplicate SOP instance) means it is already there.
 * Anything else is unknown: retried a bounded number of times.
 */
export type FailureClass = 'already-stored' | 'transient' | 'permanent' | 'unknown';

export function classifyFailure(failureReason: number | undefined): FailureClass {
  if (failureReason === undefined) return 'unknown';
  if (failureReason === 0x0111) return 'already-stored';
  if ((failureReason & 0xff00) === 0xa700 || failureReason === 0x0110 || failureReason === 0x0213) return 'transient';
  if ((failureReason & 0xff00) === 0xa900 || (failureReason & 0xf000) === 0xc000) return 'permanent';
  if ([0x0122, 0x0124, 0x0117, 0x0120, 0x0121, 0x0106, 0x0116].includes(failureReason)) return 'permanent';
  return 'unknown';
}
