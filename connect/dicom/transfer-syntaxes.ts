/**
 * Which presentation contexts the agent accepts. It stores bytes as received and never
 * transcodes, so any storage class and any transfer syntax the platform can read is fine;
 * when a modality offers a compressed syntax we keep it (smaller upload, no loss).
 */

export const VERIFICATION_SOP_CLASS = '1.2.840.10008.1.1';

export const UNCOMPRESSED = {
  implicitLittle: '1.2.840.10008.1.2',
  explicitLittle: '1.2.840.10008.1.2.1',
  explicitBig: '1.2.840.10008.1.2.2',
} as const;

/** Encapsulated / deflated syntaxes the platform stores and renders (issue 5). */
export const COMPRESSED = new Set([
  '1.2.840.10008.1.2.1.99', // deflated explicit VR little endian
  '1.2.840.10008.1.2.5', // RLE lossless
  '1.2.840.10008.1.2.4.50', // JPEG baseline
  '1.2.840.10008.1.2.4.51', // JPEG extended
  '1.2.840.10008.1.2.4.57', // JPEG lossless
  '1.2.840.10008.1.2.4.70', // JPEG lossless SV1
  '1.2.840.10008.1.2.4.80', // JPEG-LS lossless
  '1.2.840.10008.1.2.4.81', // JPEG-LS near-lossless
  '1.2.840.10008.1.2.4.90', // JPEG 2000 lossless
  '1.2.840.10008.1.2.4.91', // JPEG 2000
  '1.2.840.10008.1.2.4.201', // HTJ2K lossless
  '1.2.840.10008.1.2.4.202', // HTJ2K lossless RPCL
  '1.2.840.10008.1.2.4.203', // HTJ2K
]);

const UNCOMPRESSED_PREFERENCE: string[] = [UNCOMPRESSED.explicitLittle, UNCOMPRESSED.implicitLittle, UNCOMPRESSED.explicitBig];

/** Storage SOP classes live under this root; private (vendor) classes are stored too. */
export function isStorageClass(abstractSyntax: string): boolean {
  return abstractSyntax.startsWith('1.2.840.10008.5.1.4.1.1.') || !abstractSyntax.startsWith('1.2.840.10008.');
}

/** The transfer syntax to accept among those proposed, or null when none is supported. */
export function chooseTransferSyntax(abstractSyntax: string, proposed: string[]): string | null {
  if (abstractSyntax !== VERIFICATION_SOP_CLASS) {
    const compressed = proposed.find((ts) => COMPRESSED.has(ts));
    if (compressed) return compressed;
  }
  return UNCOMPRESSED_PREFERENCE.find((ts) => proposed.includes(ts)) ?? null;
}
