/**
 * DICOM test data made here with dcmjs: valid Part-10 headers, real pixel arrays (a ramp
 * and a disc, so a rendering is checkable), any modality, several series per study.
 */
import * as dcmjs from 'dcmjs';

const { DicomDict, DicomMetaDictionary } = (dcmjs as any).data;

export const EXPLICIT_LE = '1.2.840.10008.1.2.1';
export const CT_IMAGE = '1.2.840.10008.5.1.4.1.1.2';
const SOP_CLASS: Record<string, string> = {
  CT: CT_IMAGE,
  MR: '1.2.840.10008.5.1.4.1.1.4',
  CR: '1.2.840.10008.5.1.4.1.1.1',
  DX: '1.2.840.10008.5.1.4.1.1.1.1',
  US: '1.2.840.10008.5.1.4.1.1.6.1',
  MG: '1.2.840.10008.5.1.4.1.1.1.2',
};

export function newUid(): string {
  return DicomMetaDictionary.uid() as string;
}

export interface InstanceSpec {
  studyUid: string;
  seriesUid: string;
  sopUid?: string;
  modality?: string;
  patientId?: string;
  patientName?: string; // DICOM PN, e.g. 'Silva^Maria'
  patientSex?: string;
  patientBirthDate?: string;
  accessionNumber?: string;
  studyDescription?: string;
  seriesDescription?: string;
  seriesNumber?: number;
  instanceNumber?: number;
  studyDate?: string;
  studyTime?: string;
  rows?: number;
  columns?: number;
  /** 8 (values 0–255) or 16 (12 bits stored, the default). */
  bits?: 8 | 16;
  /** Frames (NumberOfFrames); each frame's disc is larger than the one before. Default 1. */
  frames?: number;
  /** SpecificCharacterSet (default ISO_IR 192); several values for ISO 2022 code extensions. */
  specificCharacterSet?: string | string[];
  /** Leave these out of the data set (to make invalid files). */
  omit?: string[];
  /** More elements by keyword (dcmjs naturalized), e.g. { OtherPatientIDs: 'RIS-1' }. */
  extra?: Record<string, unknown>;
}

/** One 16-bit MONOCHROME2 image, explicit VR little endian. */
export function makeInstance(spec: InstanceSpec): Buffer {
  const rows = spec.rows ?? 64;
  const cols = spec.columns ?? 64;
  const n = spec.instanceNumber ?? 1;
  const bits = spec.bits ?? 16;
  const scale = bits === 8 ? 255 / 3000 : 1;
  const frames = spec.frames ?? 1;
  const px = bits === 8 ? new Uint8Array(rows * cols * frames) : new Uint16Array(rows * cols * frames);
  for (let f = 0; f < frames; f++) {
    const radius = Math.min(rows, cols) / 4 + n + f * Math.max(2, Math.floor(Math.min(rows, cols) / 16));
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const inDisc = (x - cols / 2) ** 2 + (y - rows / 2) ** 2 < radius ** 2;
        px[f * rows * cols + y * cols + x] = Math.round((inDisc ? 3000 : (x / cols) * 1000) * scale);
      }
    }
  }
  const modality = spec.modality ?? 'CT';
  const sopClass = SOP_CLASS[modality] ?? CT_IMAGE;
  const sopUid = spec.sopUid ?? newUid();
  const meta = {
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: sopClass,
    MediaStorageSOPInstanceUID: sopUid,
    TransferSyntaxUID: EXPLICIT_LE,
    ImplementationClassUID: '1.2.826.0.1.3680043.10.1453.1',
    ImplementationVersionName: 'LAUDOS_TEST',
  };
  const ds: Record<string, unknown> = {
    SpecificCharacterSet: spec.specificCharacterSet ?? 'ISO_IR 192',
    SOPClassUID: sopClass,
    SOPInstanceUID: sopUid,
    StudyInstanceUID: spec.studyUid,
    SeriesInstanceUID: spec.seriesUid,
    Modality: modality,
    PatientName: spec.patientName ?? 'Teste^Paciente',
    PatientID: spec.patientId ?? 'PT-1',
    PatientSex: spec.patientSex ?? 'F',
    PatientBirthDate: spec.patientBirthDate ?? '19800512',
    AccessionNumber: spec.accessionNumber ?? 'ACC-1',
    StudyDescription: spec.studyDescription ?? 'TC de crânio',
    SeriesDescription: spec.seriesDescription ?? 'Axial',
    SeriesNumber: String(spec.seriesNumber ?? 1),
    InstanceNumber: String(n),
    StudyDate: spec.studyDate ?? '20261120',
    StudyTime: spec.studyTime ?? '101500',
    ReferringPhysicianName: 'Souza^Ana',
    ...(frames > 1 ? { NumberOfFrames: String(frames) } : {}),
    Rows: rows,
    Columns: cols,
    BitsAllocated: bits,
    BitsStored: bits === 8 ? 8 : 12,
    HighBit: bits === 8 ? 7 : 11,
    PixelRepresentation: 0,
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    WindowCenter: bits === 8 ? '128' : '1500',
    WindowWidth: bits === 8 ? '256' : '3000',
    PixelData: [px.buffer],
    _vrMap: { PixelData: bits === 8 ? 'OB' : 'OW' },
  };
  Object.assign(ds, spec.extra);
  for (const k of spec.omit ?? []) delete ds[k];
  const dict = new DicomDict(DicomMetaDictionary.denaturalizeDataset(meta));
  dict.dict = DicomMetaDictionary.denaturalizeDataset(ds);
  return Buffer.from(dict.write() as ArrayBuffer);
}

/** A study of `series` series × `perSeries` instances (one modality per series). */
export function makeStudy(opts: {
  series?: number;
  perSeries?: number;
  modalities?: string[];
  patientId?: string;
  patientName?: string;
  accessionNumber?: string;
  studyDescription?: string;
  studyDate?: string;
  rows?: number;
  columns?: number;
  extra?: Record<string, unknown>;
}): { studyUid: string; seriesUids: string[]; files: Buffer[]; sopUids: string[] } {
  const studyUid = newUid();
  const seriesUids: string[] = [];
  const files: Buffer[] = [];
  const sopUids: string[] = [];
  for (let s = 0; s < (opts.series ?? 1); s++) {
    const seriesUid = newUid();
    seriesUids.push(seriesUid);
    for (let i = 0; i < (opts.perSeries ?? 2); i++) {
      const sopUid = newUid();
      sopUids.push(sopUid);
      files.push(
        makeInstance({
          studyUid,
          seriesUid,
          sopUid,
          modality: opts.modalities?.[s % opts.modalities.length] ?? 'CT',
          patientId: opts.patientId,
          patientName: opts.patientName,
          accessionNumber: opts.accessionNumber,
          studyDescription: opts.studyDescription,
          studyDate: opts.studyDate,
          seriesDescription: `Série ${s + 1}`,
          seriesNumber: s + 1,
          instanceNumber: i + 1,
          rows: opts.rows,
          columns: opts.columns,
          extra: opts.extra,
        }),
      );
    }
  }
  return { studyUid, seriesUids, files, sopUids };
}

export const US_MULTIFRAME = '1.2.840.10008.5.1.4.1.1.3.1';

/**
 * A multi-frame ultrasound cine: RGB 8-bit, `frames` frames of `rows` × `columns` (a bright
 * bar sweeping across a speckled sector, so every frame differs), 30 frames/s in its header.
 * 640 × 480 × 150 frames is the 138 MB file of issue 15.
 */
export function makeUltrasoundCine(opts: {
  studyUid?: string;
  frames: number;
  rows: number;
  columns: number;
  patientName?: string;
}): {
  studyUid: string;
  seriesUid: string;
  sopUid: string;
  file: Buffer;
} {
  const { frames, rows, columns } = opts;
  const studyUid = opts.studyUid ?? newUid();
  const seriesUid = newUid();
  const sopUid = newUid();
  const frameBytes = rows * columns * 3;
  const px = new Uint8Array(frameBytes * frames);
  const speckle = new Uint8Array(rows * columns);
  for (let i = 0; i < speckle.length; i++) speckle[i] = (i * 2654435761) >>> 24;
  for (let f = 0; f < frames; f++) {
    const bar = Math.floor((f / frames) * columns);
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < columns; x++) {
        const at = f * frameBytes + (y * columns + x) * 3;
        const v = Math.abs(x - bar) < 6 ? 250 : speckle[y * columns + x]! >> 1;
        px[at] = v;
        px[at + 1] = v;
        px[at + 2] = Math.abs(x - bar) < 6 ? 40 : v;
      }
    }
  }
  const meta = {
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: US_MULTIFRAME,
    MediaStorageSOPInstanceUID: sopUid,
    TransferSyntaxUID: EXPLICIT_LE,
    ImplementationClassUID: '1.2.826.0.1.3680043.10.1453.1',
    ImplementationVersionName: 'LAUDOS_TEST',
  };
  const ds = {
    SpecificCharacterSet: 'ISO_IR 192',
    SOPClassUID: US_MULTIFRAME,
    SOPInstanceUID: sopUid,
    StudyInstanceUID: studyUid,
    SeriesInstanceUID: seriesUid,
    Modality: 'US',
    PatientName: opts.patientName ?? 'Cine^Paciente',
    PatientID: 'PT-US',
    PatientSex: 'F',
    PatientBirthDate: '19850101',
    AccessionNumber: 'ACC-US',
    StudyDescription: 'US de abdome',
    SeriesDescription: 'Cine',
    SeriesNumber: '1',
    InstanceNumber: '1',
    StudyDate: '20261120',
    StudyTime: '101500',
    NumberOfFrames: String(frames),
    FrameTime: '33.3',
    CineRate: '30',
    FrameIncrementPointer: 0x00181063,
    Rows: rows,
    Columns: columns,
    BitsAllocated: 8,
    BitsStored: 8,
    HighBit: 7,
    PixelRepresentation: 0,
    SamplesPerPixel: 3,
    PlanarConfiguration: 0,
    PhotometricInterpretation: 'RGB',
    PixelData: [px.buffer],
    _vrMap: { PixelData: 'OB' },
  };
  const dict = new DicomDict(DicomMetaDictionary.denaturalizeDataset(meta));
  dict.dict = DicomMetaDictionary.denaturalizeDataset(ds);
  return { studyUid, seriesUid, sopUid, file: Buffer.from(dict.write() as ArrayBuffer) };
}
