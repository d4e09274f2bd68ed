/** A small STOW-RS / DICOMweb client for the tests and the bench. */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { buildMultipart } from '../../imaging/multipart';
import { eventually } from './eventually';

export async function stow(
  baseUrl: string,
  token: string,
  files: Buffer[],
  opts: { query?: string; path?: string; partType?: string } = {},
): Promise<{ status: number; body: any }> {
  const boundary = `laudos-${randomUUID()}`;
  const res = await fetch(`${baseUrl}/dicomweb${opts.path ?? '/studies'}${opts.query ? `?${opts.query}` : ''}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
      accept: 'application/dicom+json',
    },
    body: buildMultipart(files, boundary, opts.partType),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Failure reason codes (our ErrorComment prefix) of a STOW-RS answer, in order. */
export function failureCodes(body: any): string[] {
  return (body?.['00081198']?.Value ?? []).map((f: any) => String(f['00000902'].Value[0]).split(':')[0]);
}

/** SOPInstanceUIDs a STOW-RS answer lists as stored. */
export function storedUids(body: any): string[] {
  return (body?.['00081199']?.Value ?? []).map((r: any) => r['00081155'].Value[0]);
}

/** Sends a study over STOW-RS (all of it must be stored) and waits for its row: its id. */
export async function ingestStudy(
  baseUrl: string,
  knex: Knex,
  token: string,
  study: { studyUid: string; files: Buffer[] },
): Promise<string> {
  const res = await stow(baseUrl, token, study.files);
  if (res.status !== 200) throw new Error(`STOW-RS answered ${res.status}: ${JSON.stringify(res.body)}`);
  const row = await eventually(
    () => knex('studies').where({ study_instance_uid: study.studyUid }).first('id'),
    (r) => r !== undefined,
    { what: 'study ingested' },
  );
  return row.id as string;
}
