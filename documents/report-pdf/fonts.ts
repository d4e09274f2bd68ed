/**
 * The embedded fonts: DejaVu Sans (OFL, npm @fontsource/dejavu-sans, Latin subset with every
 * Portuguese and Spanish accent), so a clean machine renders the same PDF.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

const file = (weight: 400 | 700, style: 'normal' | 'italic') =>
  require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-${style}.woff`);

export type FontName = 'regular' | 'bold' | 'italic' | 'boldItalic';

/**
 * WOFF 1.0 → plain sfnt (TrueType): fontkit would inflate WOFF tables with a pure-JS inflater
 * on every glyph lookup (seconds per report); zlib once at start-up makes it milliseconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [
      woff.readUInt32BE(at),
      woff.readUInt32BE(at + 4),
      woff.readUInt32BE(at + 8),
      woff.readUInt32BE(at + 12),
      woff.readUInt32BE(at + 16),
    ];
    const raw = woff.subarray(offset, offset + compLength);
    return { tag, checksum, data: compLength < origLength ? zlib.inflateSync(raw) : raw };
  });
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector += 1;
  }
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(t.tag, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

let cache: Record<FontName, Buffer> | null = null;

/** Read once per process: pdfkit embeds only the glyphs a document uses. */
export function fontFiles(): Record<FontName, Buffer> {
  cache ??= {
    regular: woffToSfnt(fs.readFileSync(file(400, 'normal'))),
    bold: woffToSfnt(fs.readFileSync(file(700, 'normal'))),
    italic: woffToSfnt(fs.readFileSync(file(400, 'italic'))),
    boldItalic: woffToSfnt(fs.readFileSync(file(700, 'italic'))),
  };
  return cache;
}

export const fontFor = (s: { bold?: boolean; italic?: boolean }): FontName =>
  s.bold ? (s.italic ? 'boldItalic' : 'bold') : s.italic ? 'italic' : 'regular';
