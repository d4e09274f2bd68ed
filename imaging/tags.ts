/** The DICOM tags dialog (spec 2 'Tag: code, Name, Value') from an instance's DICOM JSON. */
import * as dcmjs from 'dcmjs';
import type { DicomTag } from '../domain/studies/viewer';
import type { DicomJson } from './dicom-json';

const dictionary = (dcmjs as { data: { DicomMetaDictionary: { dictionary: Record<string, { name?: string }> } } }).data
  .DicomMetaDictionary.dictionary;

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return String((v as { Alphabetic?: string }).Alphabetic ?? '');
  return String(v);
}

/** Every element in tag order; sequences show their item count, binary values none. */
export function dicomTags(meta: DicomJson): DicomTag[] {
  return Object.keys(meta)
    .sort()
    .map((tag) => {
      const code = `(${tag.slice(0, 4)},${tag.slice(4)})`;
      const el = meta[tag]!;
      const name = dictionary[code]?.name ?? (parseInt(tag.slice(0, 4), 16) % 2 === 1 ? 'Private' : 'Unknown');
      const value = el.vr === 'SQ' ? `${el.Value?.length ?? 0} item(s)` : (el.Value ?? []).map(text).join('\\');
      return { code, Name: name, Value: value };
    });
}
