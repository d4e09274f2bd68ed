/**
 * The DICOM Part-10 file preamble and File Meta Information (group 0002) for an instance
 * received by C-STORE. The SCP writes this header and then streams the received data set
 * bytes after it untouched, so a large instance never has to be parsed or held in memory.
 */

export const IMPLEMENTATION_CLASS_UID = '1.2.826.0.1.3680043.10.1453.1';
export const IMPLEMENTATION_VERSION_NAME = 'LAUDOS_CONNECT';

export interface Part10HeaderInput {
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntaxUid: string;
  /** Calling AE title of the sender (0002,0016). */
  sourceAeTitle?: string;
}

function tag(group: number, element: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt16LE(group, 0);
  b.writeUInt16LE(element, 2);
  return b;
}

/** A short-form explicit VR element (2-byte length), value padded to an even length. */
function shortElement(element: number, vr: 'UI' | 'SH' | 'AE' | 'UL', value: Buffer): Buffer {
  const len = Buffer.alloc(2);
  len.writeUInt16LE(value.length, 0);
  return Buffer.concat([tag(0x0002, element), Buffer.from(vr, 'ascii'), len, value]);
}

function text(value: string, pad: '\0' | ' '): Buffer {
  const v = value.length % 2 === 0 ? value : value + pad;
  return Buffer.from(v, 'ascii');
}

/** Preamble (128 zero bytes), "DICM" and the group-0002 elements in explicit VR little endian. */
export function part10Header(input: Part10HeaderInput): Buffer {
  // (0002,0001) OB: reserved 2 bytes, length 2, value 00 01
  const versionElement = Buffer.concat([
    tag(0x0002, 0x0001),
    Buffer.from('OB', 'ascii'),
    Buffer.alloc(2),
    Buffer.from([2, 0, 0, 0]),
    Buffer.from([0, 1]),
  ]);
  const rest = [
    versionElement,
    shortElement(0x0002, 'UI', text(input.sopClassUid, '\0')),
    shortElement(0x0003, 'UI', text(input.sopInstanceUid, '\0')),
    shortElement(0x0010, 'UI', text(input.transferSyntaxUid, '\0')),
    shortElement(0x0012, 'UI', text(IMPLEMENTATION_CLASS_UID, '\0')),
    shortElement(0x0013, 'SH', text(IMPLEMENTATION_VERSION_NAME, ' ')),
  ];
  if (input.sourceAeTitle) rest.push(shortElement(0x0016, 'AE', text(input.sourceAeTitle.trim(), ' ')));
  const body = Buffer.concat(rest);
  const groupLength = Buffer.alloc(4);
  groupLength.writeUInt32LE(body.length, 0);
  return Buffer.concat([Buffer.alloc(128), Buffer.from('DICM', 'ascii'), shortElement(0x0000, 'UL', groupLength), body]);
}

/** A DICOM UID: digits and dots, at most 64 characters (safe as a file name). */
export function isDicomUid(value: string): boolean {
  return /^[0-9]+(\.[0-9]+)*$/.test(value) && value.length <= 64;
}
