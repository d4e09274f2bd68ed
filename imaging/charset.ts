/**
 * Text of data sets that use code extensions (PS3.5 §6.1.2.5, PS3.3 C.12.1.1.2): several
 * SpecificCharacterSet values, switched inside a value by ISO 2022 escape sequences —
 * Japanese (ISO 2022 IR 87 / IR 13), Korean (IR 149), Chinese (IR 58) and the ISO 8859
 * G1 sets. dcmjs reads one character set only; these values are decoded here from their
 * bytes. A set this cannot decode is refused by name (UnsupportedCharset).
 */

export class UnsupportedCharset extends Error {}

/** A G0 or G1 set: how a run of its bytes becomes text. */
interface CodeSet {
  /** 'ascii' G0 sets, single-byte G1 sets, or a multi-byte decoder over the run. */
  decode(bytes: Uint8Array): string;
  /** Whether delimiters (^ = \ CR LF TAB FF) in this G0 are characters of their own. */
  ascii?: boolean;
}

const td = (label: string) => new TextDecoder(label);
const ascii: CodeSet = { decode: (b) => td('latin1').decode(b), ascii: true };
/** JIS X 0208 (IR 87) in its 7-bit ISO 2022 form: WHATWG's iso-2022-jp decodes it when framed. */
const jisX0208: CodeSet = {
  decode: (b) => td('iso-2022-jp').decode(new Uint8Array([0x1b, 0x24, 0x42, ...b, 0x1b, 0x28, 0x42])),
};
/** A G1 set of high bytes (the low ones stay ASCII). */
const g1 = (label: string): CodeSet => ({ decode: (b) => td(label).decode(b) });
const katakana: CodeSet = {
  decode: (b) => String.fromCharCode(...[...b].map((c) => (c >= 0xa1 && c <= 0xdf ? 0xff61 + c - 0xa1 : c))),
};

/** Defined terms (PS3.3 Table C.12-3/4) → their G0/G1 designation. */
const TERMS: Record<string, { g0?: CodeSet; g1?: CodeSet }> = {
  '': { g0: ascii },
  'ISO 2022 IR 6': { g0: ascii },
  'ISO 2022 IR 100': { g0: ascii, g1: g1('iso-8859-1') },
  'ISO 2022 IR 101': { g0: ascii, g1: g1('iso-8859-2') },
  'ISO 2022 IR 109': { g0: ascii, g1: g1('iso-8859-3') },
  'ISO 2022 IR 110': { g0: ascii, g1: g1('iso-8859-4') },
  'ISO 2022 IR 144': { g0: ascii, g1: g1('iso-8859-5') },
  'ISO 2022 IR 127': { g0: ascii, g1: g1('iso-8859-6') },
  'ISO 2022 IR 126': { g0: ascii, g1: g1('iso-8859-7') },
  'ISO 2022 IR 138': { g0: ascii, g1: g1('iso-8859-8') },
  'ISO 2022 IR 148': { g0: ascii, g1: g1('iso-8859-9') },
  'ISO 2022 IR 166': { g0: ascii, g1: g1('windows-874') },
  'ISO 2022 IR 13': { g0: ascii, g1: katakana },
  'ISO 2022 IR 87': { g0: jisX0208 },
  'ISO 2022 IR 149': { g1: g1('euc-kr') },
  'ISO 2022 IR 58': { g1: g1('gb18030') },
};

/** Escape sequences (after ESC) → the set they designate. */
const ESCAPES: [number[], 'g0' | 'g1', CodeSet][] = [
  [[0x28, 0x42], 'g0', ascii], // ( B  ISO 646
  [[0x28, 0x4a], 'g0', ascii], // ( J  JIS X 0201 Romaji
  [[0x29, 0x49], 'g1', katakana], // ) I  JIS X 0201 Katakana
  [[0x24, 0x42], 'g0', jisX0208], // $ B
  [[0x24, 0x29, 0x43], 'g1', g1('euc-kr')], // $ ) C  KS X 1001
  [[0x24, 0x29, 0x41], 'g1', g1('gb18030')], // $ ) A  GB 2312
  [[0x2d, 0x41], 'g1', g1('iso-8859-1')],
  [[0x2d, 0x42], 'g1', g1('iso-8859-2')],
  [[0x2d, 0x43], 'g1', g1('iso-8859-3')],
  [[0x2d, 0x44], 'g1', g1('iso-8859-4')],
  [[0x2d, 0x4c], 'g1', g1('iso-8859-5')],
  [[0x2d, 0x47], 'g1', g1('iso-8859-6')],
  [[0x2d, 0x46], 'g1', g1('iso-8859-7')],
  [[0x2d, 0x48], 'g1', g1('iso-8859-8')],
  [[0x2d, 0x4d], 'g1', g1('iso-8859-9')],
  [[0x2d, 0x54], 'g1', g1('windows-874')],
];

/** Whether a SpecificCharacterSet needs this decoder (several values, or an ISO 2022 term). */
export function usesCodeExtensions(values: string[]): boolean {
  return values.length > 1 || values.some((v) => v.trim().startsWith('ISO 2022'));
}

/** The initial designations of a SpecificCharacterSet. Throws UnsupportedCharset. */
function initial(values: string[]): { g0: CodeSet; g1: CodeSet | null } {
  const first = TERMS[(values[0] ?? '').trim()];
  for (const v of values) if (!(v.trim() in TERMS)) throw new UnsupportedCharset(v.trim());
  return { g0: first?.g0 ?? ascii, g1: first?.g1 ?? null };
}

/** Decodes one value's bytes (a whole element: values stay separated by backslashes). */
export function decodeExtended(bytes: Uint8Array, charsets: string[]): string {
  const start = initial(charsets);
  let { g0, g1: high } = start;
  let out = '';
  let run: number[] = [];
  let runHigh = false;
  const flush = () => {
    if (run.length === 0) return;
    const b = Uint8Array.from(run);
    if (runHigh) {
      if (!high) throw new UnsupportedCharset('bytes above 0x7F with no G1 set');
      out += high.decode(b);
    } else out += g0.decode(b);
    run = [];
  };
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 0x1b) {
      flush();
      const hit = ESCAPES.find(([seq]) => seq.every((s, k) => bytes[i + 1 + k] === s));
      if (!hit)
        throw new UnsupportedCharset(`escape sequence ${[...bytes.subarray(i + 1, i + 4)].map((b) => b.toString(16)).join(' ')}`);
      if (hit[1] === 'g0') g0 = hit[2];
      else high = hit[2];
      i += hit[0].length;
      continue;
    }
    const isHigh = c >= 0x80;
    if (isHigh !== runHigh) {
      flush();
      runHigh = isHigh;
    }
    run.push(c);
    // Delimiters end a value or a name component: the initial sets come back (PS3.5 §6.1.2.5.3).
    if (!isHigh && g0.ascii && [0x5c, 0x5e, 0x3d, 0x0d, 0x0a, 0x09, 0x0c].includes(c)) {
      flush();
      ({ g0, g1: high } = start);
    }
  }
  flush();
  return out;
}
