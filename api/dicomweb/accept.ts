/**
 * WADO-RS content negotiation (PS3.18 §8.7): which representation of instances or frames an
 * `Accept` header asks for, and whether it can be served — the bytes as stored, or
 * decoded to uncompressed Explicit VR Little Endian — or must be refused (406).
 */
import { AppError } from '../../domain/errors';
import { DECODABLE, EXPLICIT_LE, IMPLICIT_LE } from '../../imaging/transcode';

interface MediaRange {
  type: string;
  params: Record<string, string>;
  q: number;
}

/** The ranges of an Accept header, best first (q=0 left out); none given counts as `*\/*`. */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header?.trim()) return [{ type: '*/*', params: {}, q: 1 }];
  const ranges = header
    .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((part, i) => {
      const [type = '', ...rest] = part.split(';').map((s) => s.trim());
      const params: Record<string, string> = {};
      for (const p of rest) {
        const eq = p.indexOf('=');
        if (eq > 0)
          params[p.slice(0, eq).trim().toLowerCase()] = p
            .slice(eq + 1)
            .trim()
            .replace(/^"|"$/g, '');
      }
      const q = params.q === undefined ? 1 : Number(params.q);
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((r) => r.type && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranges.map(({ type, params, q }) => ({ type, params, q }));
}

/** How one instance or frame is sent: as stored, or decoded to Explicit VR Little Endian. */
export type Representation = 'stored' | 'uncompressed';

/** What a range asks of a `part` media type: null (not this type), `*` (any syntax) or a syntax. */
function wantedSyntax(r: MediaRange, part: string, defaultSyntax: string): string | null {
  if (r.type === '*/*') return '*';
  const related = r.type === 'multipart/related' || r.type === 'multipart/*';
  const type = related ? (r.params.type ?? '*/*').toLowerCase() : r.type;
  if (type === '*/*' || type === `${part.split('/')[0]}/*`) return r.params['transfer-syntax'] ?? '*';
  if (type !== part) return null;
  return r.params['transfer-syntax'] ?? defaultSyntax;
}

/** Native little-endian syntaxes whose pixel bytes are already what 'uncompressed' means. */
const LITTLE_ENDIAN_NATIVE = new Set([EXPLICIT_LE, IMPLICIT_LE, '1.2.840.10008.1.2.1.99']);

export interface InstancePlan {
  representation: Representation;
  /** A bare `application/dicom` range: one Part-10 body, not multipart (instance resources only). */
  singlePart: boolean;
}

/**
 * Instances (application/dicom): one representation for all of them, from the best range
 * (highest q, then first listed) that every stored syntax satisfies. A bare `application/dicom`
 * is a single-part answer, which only an instance resource can give (PS3.18 §10.4.4): at a
 * study or series it is not acceptable. Throws DICOMWEB_NOT_ACCEPTABLE.
 */
export function negotiateInstances(accept: string | undefined, storedSyntaxes: string[], oneInstance = false): InstancePlan {
  for (const r of parseAccept(accept)) {
    const singlePart = r.type === 'application/dicom';
    if (singlePart && !oneInstance) continue;
    const ts = wantedSyntax(r, 'application/dicom', EXPLICIT_LE);
    if (ts === null) continue;
    if (ts === '*' || storedSyntaxes.every((s) => s === ts)) return { representation: 'stored', singlePart };
    if (ts === EXPLICIT_LE && storedSyntaxes.every((s) => DECODABLE.has(s)))
      return { representation: 'uncompressed', singlePart };
  }
  throw new AppError('DICOMWEB_NOT_ACCEPTABLE');
}

/** The image media type a compressed syntax's frames travel as (PS3.18 Table 8.7.3-2). */
const FRAME_MEDIA: Record<string, string> = {
  '1.2.840.10008.1.2.5': 'image/dicom-rle',
  '1.2.840.10008.1.2.4.50': 'image/jpeg',
  '1.2.840.10008.1.2.4.51': 'image/jpeg',
  '1.2.840.10008.1.2.4.57': 'image/jpeg',
  '1.2.840.10008.1.2.4.70': 'image/jpeg',
  '1.2.840.10008.1.2.4.80': 'image/jls',
  '1.2.840.10008.1.2.4.81': 'image/jls',
  '1.2.840.10008.1.2.4.90': 'image/jp2',
  '1.2.840.10008.1.2.4.91': 'image/jp2',
  '1.2.840.10008.1.2.4.92': 'image/jpx',
  '1.2.840.10008.1.2.4.93': 'image/jpx',
};
const ALIASES: Record<string, string> = { 'image/x-dicom-rle': 'image/dicom-rle', 'image/x-jls': 'image/jls' };

export interface FramePlan {
  representation: Representation;
  /** The parts' media type (with its transfer-syntax when the bytes are compressed). */
  partType: string;
  /** The multipart body's `type` parameter. */
  relatedType: string;
  /** A bare (not multipart) media type was chosen: the one item is the whole body. */
  singlePart?: boolean;
}

/**
 * Frames and pixel bulk data of an instance stored in `stored`. `*\/*` and `transfer-syntax=*`
 * take the bytes as stored; application/octet-stream alone means uncompressed (decoded when
 * the file is compressed); an image type takes a compressed frame in that format, as stored.
 * A bare media type (not multipart/related, not `*\/*`) is a single-part answer, which only a
 * single item can be (one frame): for several it is passed over (PS3.18 §10.4.4).
 * Throws DICOMWEB_NOT_ACCEPTABLE.
 */
export function negotiateFrames(accept: string | undefined, stored: string, oneItem = false): FramePlan {
  const encapsulated = !LITTLE_ENDIAN_NATIVE.has(stored) && stored !== '1.2.840.10008.1.2.2';
  const uncompressed: FramePlan = {
    representation: LITTLE_ENDIAN_NATIVE.has(stored) ? 'stored' : 'uncompressed',
    partType: 'application/octet-stream',
    relatedType: 'application/octet-stream',
  };
  // Native pixels are sent little endian whatever was asked ('as stored' only differs for compressed ones).
  const asStored: FramePlan = encapsulated
    ? {
        representation: 'stored',
        partType: `application/octet-stream; transfer-syntax=${stored}`,
        relatedType: 'application/octet-stream',
      }
    : uncompressed;
  for (const r of parseAccept(accept)) {
    const related = r.type === 'multipart/related' || r.type === 'multipart/*';
    const singlePart = !related && r.type !== '*/*';
    if (singlePart && !oneItem) continue;
    const plan = choose(r, related);
    if (plan) return singlePart ? { ...plan, singlePart } : plan;
  }
  throw new AppError('DICOMWEB_NOT_ACCEPTABLE');

  function choose(r: MediaRange, related: boolean): FramePlan | null {
    const named = (related ? (r.params.type ?? '*/*') : r.type).toLowerCase();
    const type = ALIASES[named] ?? named;
    const ts = r.params['transfer-syntax'];
    if (type === '*/*' || type === 'application/*') {
      if (!ts || ts === '*' || ts === stored) return asStored;
      if (ts === EXPLICIT_LE && DECODABLE.has(stored)) return uncompressed;
      return null;
    }
    if (type === 'application/octet-stream') {
      if (ts === '*') return asStored;
      if ((!ts || ts === EXPLICIT_LE) && DECODABLE.has(stored)) return uncompressed;
      return null;
    }
    const media = FRAME_MEDIA[stored];
    if (media && (type === media || type === 'image/*') && (!ts || ts === '*' || ts === stored)) {
      return { representation: 'stored', partType: `${media}; transfer-syntax=${stored}`, relatedType: media };
    }
    return null;
  }
}
