/**
 * Pixel data to JPEG/PNG: dcmjs-imaging decodes every common transfer syntax (native,
 * deflate, RLE, JPEG baseline/extended/lossless, JPEG-LS, JPEG 2000 through its WebAssembly
 * codecs) to RGBA with window/level applied; sharp encodes and scales.
 */
import path from 'node:path';
import sharp from 'sharp';
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
  let img = sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } }).removeAlpha();
  if (opts.maxSize) img = img.resize(opts.maxSize, opts.maxSize, { fit: 'inside', withoutEnlargement: true });
  const format = opts.format ?? 'jpeg';
  const { data, info } = await (format === 'png' ? img.png() : img.jpeg({ quality: opts.quality ?? 85 })).toBuffer({
    resolveWithObject: true,
  });
  return { body: data, contentType: format === 'png' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
}
