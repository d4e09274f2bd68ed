/**
 * Pixel data to JPEG/PNG: dcmjs-imaging decodes every common transfer syntax (native,
 * deflate, RLE, JPEG baseline/extended/lossless, JPEG-LS, JPEG 2000 through its WebAssembly
 * codecs) to RGBA with window/level applied; sharp encodes and scales.
 */
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { DicomImage, NativePixelDecoder, WindowLevel } from 'dcmjs-imaging';

let ready: Promise<void> | undefined;
/** Loads the WebAssembly codecs once per process. */
export function initDecoders(): Promise<void> {
  ready ??= NativePixelDecoder.initializeAsync({
    webAssemblyModulePathOrUrl: path.join(path.dirname(require.resolve('dcmjs-imaging')), 'dcmjs-native-codecs.wasm'),
    logNativeDecodersMessages: false,
  });
  return ready;
}

export interface RenderOptions {
  /** Zero-based frame. */
  frame?: number;
  window?: { width: number; center: number };
  format?: 'jpeg' | 'png';
  /** Fit inside this many pixels (width and height); never enlarged. */
  maxSize?: number;
  quality?: number;
  /** PNG compression effort 0–9 (speed against size); sharp's default is 6. */
  compression?: number;
}

export class RenderError extends Error {}

export interface Rendered {
  body: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** Decodes one frame of a Part-10 file and encodes it. Throws RenderError. */
export async function renderFrame(p10: Buffer, opts: RenderOptions = {}): Promise<Rendered> {
  return (await openImage(p10))(opts);
}

/**
 * A Part-10 file parsed once, to render several of its frames (every frame of a multi-frame
 * instance in a print) without parsing and copying the file again for each. Throws
 * RenderError, as does each render.
 */
export async function openImage(p10: Buffer): Promise<(opts?: RenderOptions) => Promise<Rendered>> {
  await initDecoders();
  let image: DicomImage;
  try {
    image = new DicomImage(p10.buffer.slice(p10.byteOffset, p10.byteOffset + p10.byteLength) as ArrayBuffer);
  } catch (err) {
    throw new RenderError(err instanceof Error ? err.message : String(err));
  }
  return (opts = {}) => renderOpened(image, opts);
}

async function renderOpened(image: DicomImage, opts: RenderOptions): Promise<Rendered> {
  let pixels: ArrayBuffer;
  let width: number;
  let height: number;
  try {
    const frames = image.getNumberOfFrames();
    const frame = opts.frame ?? 0;
    if (frame < 0 || frame >= frames) throw new RenderError(`no frame ${frame + 1} (of ${frames})`);
    const result = image.render({
      frame,
      renderOverlays: false,
      ...(opts.window ? { windowLevel: new WindowLevel(opts.window.width, opts.window.center) } : {}),
    });
    ({ pixels, width, height } = result);
  } catch (err) {
    if (err instanceof RenderError) throw err;
    throw new RenderError(err instanceof Error ? err.message : String(err));
  }
  const grey = /^MONOCHROME/.test(String(image.getElements().PhotometricInterpretation ?? ''));
  // A greyscale rendering is one channel (a third of the bytes to encode and to send).
  let img = sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } });
  img = grey ? img.extractChannel(0) : img.removeAlpha();
  return encode(img, opts);
}

async function encode(img: Sharp, opts: RenderOptions): Promise<Rendered> {
  if (opts.maxSize) img = img.resize(opts.maxSize, opts.maxSize, { fit: 'inside', withoutEnlargement: true });
  const format = opts.format ?? 'jpeg';
  const { data, info } = await (
    format === 'png' ? img.png({ compressionLevel: opts.compression ?? 6 }) : img.jpeg({ quality: opts.quality ?? 85 })
  ).toBuffer({
    resolveWithObject: true,
  });
  return { body: data, contentType: format === 'png' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
}

/** Native pixel data dcmjs-imaging reads sample by sample, which a preview may subsample. */
const NATIVE = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1', '1.2.840.10008.1.2.2']);

/**
 * Renders one frame given as dcmjs elements (its header and `PixelData: [frame]`, one frame),
 * without a Part-10 file. A preview (`maxSize` well under the image) of native pixels is
 * decoded from every k-th row and column only: a 3328×4096 mammogram's 512 px preview decodes
 * 1/64 of its pixels.
 */
export async function renderElements(
  elements: Record<string, unknown>,
  transferSyntaxUid: string,
  opts: Omit<RenderOptions, 'frame'> = {},
): Promise<Rendered> {
  const rgb = plainRgb(elements, transferSyntaxUid);
  // Colour pixels take no window: RGB 8-bit goes to the encoder as it is stored.
  if (rgb)
    return encode(sharp(rgb, { raw: { width: Number(elements.Columns), height: Number(elements.Rows), channels: 3 } }), opts);
  await initDecoders();
  let image: DicomImage;
  try {
    image = new DicomImage(subsampled(elements, transferSyntaxUid, opts.maxSize), transferSyntaxUid);
  } catch (err) {
    throw new RenderError(err instanceof Error ? err.message : String(err));
  }
  return renderOpened(image, { ...opts, frame: 0 });
}

function subsampled(elements: Record<string, unknown>, ts: string, maxSize: number | undefined): Record<string, unknown> {
  const rows = Number(elements.Rows);
  const cols = Number(elements.Columns);
  const bytes = Number(elements.BitsAllocated) / 8;
  const samples = Number(elements.SamplesPerPixel ?? 1);
  const k = maxSize ? Math.floor(Math.max(rows, cols) / maxSize) : 1;
  const planar = Number(elements.PlanarConfiguration ?? 0) !== 0 && samples > 1;
  const ybr422 = String(elements.PhotometricInterpretation ?? '').startsWith('YBR_FULL_422');
  if (k < 2 || !NATIVE.has(ts) || (bytes !== 1 && bytes !== 2) || planar || ybr422) return elements;
  const frame = new Uint8Array((elements.PixelData as ArrayBuffer[])[0]!);
  const pixel = bytes * samples;
  const outRows = Math.ceil(rows / k);
  const outCols = Math.ceil(cols / k);
  if (frame.length < rows * cols * pixel) return elements;
  const out = new Uint8Array(outRows * outCols * pixel);
  let o = 0;
  for (let y = 0; y < rows; y += k) {
    const line = y * cols * pixel;
    for (let x = 0; x < cols; x += k) {
      const at = line + x * pixel;
      for (let b = 0; b < pixel; b++) out[o++] = frame[at + b]!;
    }
  }
  return { ...elements, Rows: outRows, Columns: outCols, PixelData: [out.buffer] };
}

/** The frame's bytes when they are plain interleaved RGB 8-bit (a colour ultrasound cine). */
function plainRgb(elements: Record<string, unknown>, ts: string): Buffer | null {
  const rows = Number(elements.Rows);
  const cols = Number(elements.Columns);
  if (
    !NATIVE.has(ts) ||
    String(elements.PhotometricInterpretation ?? '').trim() !== 'RGB' ||
    Number(elements.BitsAllocated) !== 8 ||
    Number(elements.SamplesPerPixel) !== 3 ||
    Number(elements.PlanarConfiguration ?? 0) !== 0
  )
    return null;
  const frame = (elements.PixelData as ArrayBuffer[] | undefined)?.[0];
  if (!frame || frame.byteLength < rows * cols * 3 || !(rows > 0 && cols > 0)) return null;
  return Buffer.from(frame, 0, rows * cols * 3);
}
