/**
 * A small multipart/form-data reader for the external-image upload (one file of at most
 * 10MB plus a few text fields): the body is read whole, bounded by the caller's limit.
 */

export interface FormPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  body: Buffer;
}

export class MalformedFormData extends Error {}

export function formDataBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType.trim())) return null;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  return boundary && boundary.length <= 70 ? boundary : null;
}

/** The disposition's parameter, with RFC 5987 `name*=UTF-8''…` preferred when present. */
function param(disposition: string, key: string): string | null {
  const ext = new RegExp(`;\\s*${key}\\*=UTF-8''([^;]+)`, 'i').exec(disposition);
  if (ext?.[1]) {
    try {
      return decodeURIComponent(ext[1]);
    } catch {
      throw new MalformedFormData(`bad ${key}*`);
    }
  }
  const m = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${key}=([^;\\s]+)`, 'i').exec(disposition);
  const raw = m?.[1] ?? m?.[2];
  // Browsers send the file name as UTF-8 bytes inside the quotes.
  return raw === undefined ? null : Buffer.from(raw.replace(/\\(.)/g, '$1'), 'latin1').toString('utf8');
}

export function parseFormData(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MalformedFormData('no boundary');
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    if (body.subarray(at, at + 2).toString() !== '\r\n') throw new MalformedFormData('bad delimiter line');
    at += 2;
    const headerEnd = body.indexOf('\r\n\r\n', at);
    if (headerEnd < 0 || headerEnd - at > 8 * 1024) throw new MalformedFormData('bad part headers');
    const headers: Record<string, string> = {};
    for (const line of body.subarray(at, headerEnd).toString('latin1').split('\r\n')) {
      const i = line.indexOf(':');
      if (i <= 0) throw new MalformedFormData('bad header');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) throw new MalformedFormData('unterminated part');
    const disposition = headers['content-disposition'] ?? '';
    const name = param(disposition, 'name');
    if (!/^form-data/i.test(disposition) || name === null) throw new MalformedFormData('no field name');
    parts.push({
      name,
      filename: param(disposition, 'filename'),
      contentType: headers['content-type'] ?? null,
      body: body.subarray(headerEnd + 4, next),
    });
    at = next + 2;
  }
}
