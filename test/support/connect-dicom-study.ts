/**
 * Test data for the Connect agent: a multi-series study written as Part-10 files with dcmjs
 * (valid headers, fresh UIDs, real pixel data, several modalities). Nothing is committed.
 */
import fs from 'node:fs';
import path from 'node:path';

// dcmjs ships no types; this is the small part of it used here.
interface DcmjsData {
  data: {
    DicomMetaDictionary: {
      uid(): string;
      denaturalizeDataset(ds: Record<string, unknown>): Record<string, unknown>;
      naturalizeDataset(ds: Record<string, unknown>): Record<string, unknown>;
    };
    DicomDict: new (meta: Record<string, unknown>) => { dict: Record<string, unknown>; write(): ArrayBuffer };
    DicomMessage: { readFile(buffer: ArrayBuffer): { dict: Record<string, unknown>; meta: Record<string, unknown> } };
  };
}
const dcmjs = require('dcmjs') as DcmjsData;
const { DicomMetaDictionary, DicomDict } = dcmjs.data;

export interface SeriesSpec {
  modality: 'CT' | 'MR' | 'CR' | 'US' | 'DX';
  images: number;
  rows?: number;
  columns?: number;
}

export interface GeneratedInstance {
  path: string;
  sopInstanceUid: string;
  seriesInstanceUid: string;
  studyInstanceUid: string;
  modality: string;
  bytes: number;
}

const SOP_CLASS: Record<SeriesSpec['modality'], string> = {
  CT: '1.2.840.10008.5.1.4.1.1.2',
  MR: '1.2.840.10008.5.1.4.1.1.4',
  CR: '1.2.840.10008.5.1.4.1.1.1',
  DX: '1.2.840.10008.5.1.4.1.1.1.1',
  US: '1.2.840.10008.5.1.4.1.1.6.1',
};

/** A ring-and-gradient image that differs per slice, in the modality's pixel format. */
function pixels(
  spec: SeriesSpec,
  rows: number,
  columns: number,
  index: number,
): { data: ArrayBuffer; bits: 8 | 16; samples: 1 | 3 } {
  const cx = columns / 2;
  const cy = rows / 2;
  const radius = (Math.min(rows, columns) / 3) * (0.6 + 0.4 * Math.sin(index / 3));
  if (spec.modality === 'US') {
    const rgb = new Uint8Array(rows * columns * 3);
    for (let y = 0; y < rows; y++)
      for (let x = 0; x < columns; x++) {
        const i = (y * columns + x) * 3;
        const inRing = Math.abs(Math.hypot(x - cx, y - cy) - radius) < 3;
        rgb[i] = inRing ? 255 : (x * 255) / columns;
        rgb[i + 1] = inRing ? 200 : (y * 255) / rows;
        rgb[i + 2] = (index * 17) % 256;
      }
    return { data: rgb.buffer, bits: 8, samples: 3 };
  }
  const gray = new Uint16Array(rows * columns);
  if (rows * columns > 4_000_000) {
    // Large images (streaming tests): a gradient built per row, copied down — per-pixel maths
    // on tens of millions of pixels is slow inside jest's sandbox.
    const row = new Uint16Array(columns).map((_, x) => Math.round((x / columns) * 1000) + index);
    for (let y = 0; y < rows; y++)
      gray.set(
        row.map((v) => v + (y % 256)),
        y * columns,
      );
    return { data: gray.buffer, bits: 16, samples: 1 };
  }
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const d = Math.hypot(x - cx, y - cy);
      gray[y * columns + x] = d < radius ? 1000 + ((x + y + index * 7) % 200) : Math.round((x / columns) * 400);
    }
  return { data: gray.buffer, bits: 16, samples: 1 };
}

/** Writes one study (several series) under `dir`; returns every instance written. */
export function writeStudy(
  dir: string,
  series: SeriesSpec[],
  patient = { id: 'CONNECT-1', name: 'TESTE^CONNECT' },
): GeneratedInstance[] {
  fs.mkdirSync(dir, { recursive: true });
  const studyInstanceUid = DicomMetaDictionary.uid();
  const out: GeneratedInstance[] = [];
  series.forEach((spec, seriesIndex) => {
    const seriesInstanceUid = DicomMetaDictionary.uid();
    const rows = spec.rows ?? 64;
    const columns = spec.columns ?? 64;
    for (let n = 0; n < spec.images; n++) {
      const sopInstanceUid = DicomMetaDictionary.uid();
      const px = pixels(spec, rows, columns, n);
      const dataset: Record<string, unknown> = {
        SOPClassUID: SOP_CLASS[spec.modality],
        SOPInstanceUID: sopInstanceUid,
        StudyInstanceUID: studyInstanceUid,
        SeriesInstanceUID: seriesInstanceUid,
        PatientID: patient.id,
        PatientName: patient.name,
        PatientSex: 'F',
        PatientBirthDate: '19800101',
        StudyDate: '20261122',
        StudyTime: '101500',
        AccessionNumber: 'ACC' + studyInstanceUid.slice(-6),
        StudyID: '1',
        StudyDescription: 'CONNECT TEST',
        SeriesDescription: `${spec.modality} series ${seriesIndex + 1}`,
        Modality: spec.modality,
        SeriesNumber: String(seriesIndex + 1),
        InstanceNumber: String(n + 1),
        InstitutionName: 'CLINICA TESTE',
        Rows: rows,
        Columns: columns,
        SamplesPerPixel: px.samples,
        PhotometricInterpretation: px.samples === 3 ? 'RGB' : 'MONOCHROME2',
        ...(px.samples === 3 ? { PlanarConfiguration: 0 } : {}),
        BitsAllocated: px.bits,
        BitsStored: px.bits === 16 ? 12 : 8,
        HighBit: px.bits === 16 ? 11 : 7,
        PixelRepresentation: 0,
        ...(px.samples === 1 ? { WindowCenter: '600', WindowWidth: '1200' } : {}),
        PixelData: [px.data],
        _vrMap: { PixelData: px.bits === 16 ? 'OW' : 'OB' },
      };
      const meta = {
        FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
        MediaStorageSOPClassUID: SOP_CLASS[spec.modality],
        MediaStorageSOPInstanceUID: sopInstanceUid,
        TransferSyntaxUID: '1.2.840.10008.1.2.1',
        ImplementationClassUID: '1.2.826.0.1.3680043.10.1453.2',
      };
      const dict = new DicomDict(DicomMetaDictionary.denaturalizeDataset(meta));
      dict.dict = DicomMetaDictionary.denaturalizeDataset(dataset);
      const bytes = Buffer.from(dict.write());
      const file = path.join(dir, `${spec.modality}-${seriesIndex + 1}-${n + 1}.dcm`);
      fs.writeFileSync(file, bytes);
      out.push({ path: file, sopInstanceUid, seriesInstanceUid, studyInstanceUid, modality: spec.modality, bytes: bytes.length });
    }
  });
  return out;
}

/** The SOPInstanceUID and a few header values of a Part-10 buffer (used by the test receiver). */
export function readHeader(bytes: Buffer): { sopInstanceUid: string; studyInstanceUid: string; modality: string; rows: number } {
  const file = dcmjs.data.DicomMessage.readFile(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
  );
  const ds = DicomMetaDictionary.naturalizeDataset(file.dict) as Record<string, unknown>;
  return {
    sopInstanceUid: String(ds.SOPInstanceUID),
    studyInstanceUid: String(ds.StudyInstanceUID),
    modality: String(ds.Modality),
    rows: Number(ds.Rows),
  };
}
