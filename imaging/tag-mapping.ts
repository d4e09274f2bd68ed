/**
 * A Connect connection's DICOM tag mapping applied to a received instance: a modality that
 * writes, say, the RIS patient ID in (0010,1000) instead of PatientID is read as if it had
 * written it where it belongs. The mapped value replaces the field's tag in the instance's
 * metadata (what QIDO and the study header read) and the header the index is built from; the
 * stored file keeps its own bytes. An empty source tag leaves the file's own value.
 */
import type { MappedField, TagMapping } from '../domain/connect/connect-admin';
import { dicomDate } from '../domain/imaging/dicom-datetime';
import type { DicomHeader } from './dicom-header';
import { personName } from './dicom-header';
import { type DicomJson, type DicomJsonElement, jsonString } from './dicom-json';

/** Each mappable field: its tag, its VR, and the header field(s) read from it (as parseHead reads them). */
const FIELDS: Record<MappedField, { tag: string; vr: string; read(ds: DicomJson): Partial<DicomHeader> }> = {
  patientId: { tag: '00100020', vr: 'LO', read: (ds) => ({ patientId: jsonString(ds, '00100020').slice(0, 64) }) },
  patientName: {
    tag: '00100010',
    vr: 'PN',
    read: (ds) => ({ patientName: personName(jsonString(ds, '00100010')).slice(0, 200) }),
  },
  patientBirthDate: { tag: '00100030', vr: 'DA', read: (ds) => ({ patientBirthDate: dicomDate(jsonString(ds, '00100030')) }) },
  accessionNumber: { tag: '00080050', vr: 'SH', read: (ds) => ({ accessionNumber: jsonString(ds, '00080050').slice(0, 64) }) },
  studyDescription: { tag: '00081030', vr: 'LO', read: (ds) => ({ studyDescription: jsonString(ds, '00081030').slice(0, 200) }) },
  referringPhysician: {
    tag: '00080090',
    vr: 'PN',
    read: (ds) => ({ referringPhysician: personName(jsonString(ds, '00080090')).slice(0, 200) }),
  },
  // Not a header field: QIDO's InstitutionName and the study tags read the metadata.
  institutionName: { tag: '00080080', vr: 'LO', read: () => ({}) },
};

export function applyTagMapping(header: DicomHeader, mapping: readonly TagMapping[] | undefined): DicomHeader {
  if (!mapping || mapping.length === 0) return header;
  const metadata: DicomJson = { ...header.metadata };
  const out: DicomHeader = { ...header, metadata };
  for (const { tag, field } of mapping) {
    const value = jsonString(header.metadata, tag.replace(',', ''));
    if (!value) continue;
    const target = FIELDS[field];
    metadata[target.tag] = element(target.vr, value);
    Object.assign(out, target.read(metadata));
  }
  return out;
}

/** The value as the target's VR holds it (a person name as its Alphabetic group). */
function element(vr: string, value: string): DicomJsonElement {
  return { vr, Value: [vr === 'PN' ? { Alphabetic: value } : value] };
}
