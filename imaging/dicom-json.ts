/**
 * PS3.18 DICOM JSON from dcmjs's parsed dictionary: tags as 8 upper-case hex digits, `vr`
 * and `Value`; bulk binary values (pixel data and other O* VRs) are left out of the
 * metadata (WADO-RS frames serve pixels).
 */
export type DicomJsonElement = { vr: string; Value?: unknown[] };
export type DicomJson = Record<string, DicomJsonElement>;

const BINARY_VRS = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'UN']);

export function toDicomJson(dict: Record<string, { vr: string; Value?: unknown[] }>): DicomJson {
  const out: DicomJson = {};
  for (const [tag, el] of Object.entries(dict)) {
    const key = tag.toUpperCase();
    if (key === '7FE00010') continue;
    if (BINARY_VRS.has(el.vr)) {
      out[key] = { vr: el.vr };
      continue;
    }
    if (el.vr === 'SQ') {
      const items = (el.Value ?? []) as Record<string, { vr: string; Value?: unknown[] }>[];
      out[key] = { vr: 'SQ', Value: items.map((item) => toDicomJson(item)) };
      continue;
    }
    const values = (el.Value ?? []).filter((v) => v !== undefined && v !== null && v !== '');
    out[key] = values.length > 0 ? { vr: el.vr, Value: values.map(plain) } : { vr: el.vr };
  }
  return out;
}

/** Values JSON can carry (a stray ArrayBuffer in a text VR becomes nothing). */
function plain(v: unknown): unknown {
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) return null;
  return v;
}

/** First value of a tag as text ('' when absent); a person name gives its Alphabetic form. */
export function jsonString(ds: DicomJson, tag: string): string {
  const v = ds[tag]?.Value?.[0];
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return String((v as { Alphabetic?: string }).Alphabetic ?? '');
  return String(v).trim();
}

/** All values of a tag as text. */
export function jsonStrings(ds: DicomJson, tag: string): string[] {
  return (ds[tag]?.Value ?? []).map((v) =>
    typeof v === 'object' && v !== null ? String((v as { Alphabetic?: string }).Alphabetic ?? '') : String(v).trim(),
  );
}

export function jsonNumber(ds: DicomJson, tag: string): number | null {
  const v = ds[tag]?.Value?.[0];
  const n = typeof v === 'number' ? v : Number(v);
  return v === undefined || v === null || v === '' || !Number.isFinite(n) ? null : n;
}
