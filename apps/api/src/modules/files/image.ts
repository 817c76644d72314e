/**
 * Every image that comes in (uploads, drawn signatures) and every stored image a PDF draws goes
 * through here. The first bytes say only what a file claims to be: the image is read by libvips
 * (sharp), its size is checked from the header before a pixel is decoded, and what is kept is a
 * re-encoded copy (no EXIF, so no GPS of a client's house; turned upright; no larger than its use
 * needs). PDFs draw a small copy made for the box they print, never the stored file itself.
 */
import os from 'node:os';
import sharp from 'sharp';
import { HttpError } from '../../core/errors';

/** Refused above these, whatever the file size: a few hundred KB of PNG can hold gigabytes of pixels. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 10_000;

/**
 * The longest side of the stored copy, by what the image is for. Photos stay sharp on a large
 * screen; a logo is printed a few centimetres wide and shown in a header; an avatar is a small
 * circle; a signature pad is rarely wider than a phone held sideways at 3× density.
 */
export const IMAGE_MAX_EDGE = { photo: 2560, logo: 1024, avatar: 512, signature: 1600 } as const;
export type ImagePurpose = keyof typeof IMAGE_MAX_EDGE;

export type StoredImage = { buffer: Buffer; mime: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg'; width: number; height: number };

export const INVALID_IMAGE = 'Arquivo de imagem inválido ou corrompido.';
const invalid = (field: string) => new HttpError(422, INVALID_IMAGE, [{ propertyPath: field, message: 'Imagem inválida' }]);
const thousands = (n: number) => n.toLocaleString('pt-BR');
const tooLarge = (field: string, width: number, height: number) =>
  new HttpError(
    422,
    `A imagem é grande demais: ${thousands(width)} × ${thousands(height)} pixels. O limite é de ${IMAGE_MAX_PIXELS / 1_000_000} megapixels e ${thousands(IMAGE_MAX_SIDE)} pixels por lado; reduza a imagem e envie de novo.`,
    [{ propertyPath: field, message: 'Imagem grande demais' }],
  );

// libvips keeps recent operations and their pixels in a cache; images here are each seen once, so it only holds memory.
sharp.cache(false);
// Threads per image: at most half the machine, so that two images at once (the gate below) leave room for
// everything else. Never raised above sharp's own choice (1 on glibc without jemalloc, against fragmentation).
sharp.concurrency(Math.min(sharp.concurrency(), Math.max(1, Math.floor(os.availableParallelism() / 2))));

/**
 * At most `slots` images decoded at once, in arrival order. sharp runs on libuv's small thread pool,
 * which file reads, password hashing and the embedded database share: one user's burst of uploads
 * must not take all of it. Uploads beyond `maxWaiting` in line get a 503 rather than pile up in memory;
 * PDFs always wait their turn (a report e-mailed in the background has no one to answer a 503 to).
 */
class Gate {
  private waiting: (() => void)[] = [];
  constructor(
    private free: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>, mayRefuse: boolean): Promise<T> {
    if (this.free > 0) this.free--;
    else {
      if (mayRefuse && this.waiting.length >= this.maxWaiting) throw new HttpError(503, 'O servidor está processando muitas imagens agora. Tente de novo em instantes.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
const gate = new Gate(2, 32);

type Header = { format: string; width: number; height: number; hasAlpha: boolean };

/** The header only (no pixels decoded), or null when libvips cannot make sense of it. */
async function header(input: Buffer): Promise<Header | null> {
  try {
    // The pixel limit is checked by hand just after, with a message; sharp's own would refuse before saying how big.
    const m = await sharp(input, { limitInputPixels: false }).metadata();
    if (!m.width || !m.height) return null;
    return { format: m.format, width: m.width, height: m.height, hasAlpha: Boolean(m.hasAlpha) };
  } catch {
    return null;
  }
}

const withinLimits = (h: Header) => h.width <= IMAGE_MAX_SIDE && h.height <= IMAGE_MAX_SIDE && h.width * h.height <= IMAGE_MAX_PIXELS;

/** The decoding pipeline: bounded again by libvips itself, corrupt pixel data fails (warnings from odd cameras do not). */
const decode = (input: Buffer) => sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).autoOrient();

/** PNG stays PNG (transparency of logos and signatures), JPEG stays JPEG; WebP becomes whichever PDFs can draw and keeps its transparency. */
const keepsPng = (h: Header) => h.format === 'png' || (h.format !== 'jpeg' && h.hasAlpha);

/**
 * The copy of an uploaded image to store: decoded, bounded, upright, metadata stripped, scaled down to
 * the purpose's size. 422 when it is too large or does not decode (nothing is stored then).
 * `formats` are sharp's names of the formats the caller accepts (already checked by magic bytes).
 */
export async function storableImage(input: Buffer, purpose: ImagePurpose, opts: { formats: string[]; field?: string }): Promise<StoredImage> {
  const field = opts.field ?? 'file';
  const h = await header(input);
  if (!h || !opts.formats.includes(h.format)) throw invalid(field);
  if (!withinLimits(h)) throw tooLarge(field, h.width, h.height);
  const edge = IMAGE_MAX_EDGE[purpose];
  return gate.run(async () => {
    const png = keepsPng(h);
    try {
      const pipeline = decode(input).resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }).toColourspace('srgb');
      // sharp writes no metadata unless asked: EXIF (GPS, camera, time), XMP and ICC are all dropped here.
      const { data, info } = await (png ? pipeline.png() : pipeline.jpeg({ quality: 85 })).toBuffer({ resolveWithObject: true });
      return { buffer: data, mime: png ? 'image/png' : 'image/jpeg', ext: png ? 'png' : 'jpg', width: info.width, height: info.height };
    } catch {
      throw invalid(field);
    }
  }, true);
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

/** A drawn signature (PNG data URL) checked and re-encoded like an upload; answers the data URL to store. */
export async function storablePngDataUrl(dataUrl: string, field: string): Promise<string> {
  const base64 = PNG_DATA_URL.exec(dataUrl)?.[1];
  if (!base64) throw invalid(field);
  const stored = await storableImage(Buffer.from(base64, 'base64'), 'signature', { formats: ['png'], field });
  return `data:image/png;base64,${stored.buffer.toString('base64')}`;
}

/** The bytes of an image data URL as stored (signatures), or null. */
export const dataUrlBytes = (dataUrl: string | null | undefined) => {
  const base64 = dataUrl?.match(/^data:image\/[a-z]+;base64,([A-Za-z0-9+/=]+)$/)?.[1];
  return base64 ? Buffer.from(base64, 'base64') : null;
};

/** Pixels per PDF point of the copy made for a PDF box: 216 dpi, sharp on paper, small in the file. */
const PDF_PIXELS_PER_POINT = 3;

/**
 * What a PDF may draw of a stored image, for a box of `box` points: a PNG (when transparent) or JPEG
 * just big enough for it, or null when there is nothing drawable (missing, not an image, broken, or
 * larger than the limits: stored before they existed, and never decoded in full here). pdfkit decodes
 * transparent PNGs in JavaScript, so what it gets must be small.
 */
export async function pdfImage(input: Buffer | null, box: [number, number]): Promise<Buffer | null> {
  if (!input) return null;
  const h = await header(input);
  if (!h || !['png', 'jpeg', 'webp'].includes(h.format) || !withinLimits(h)) return null;
  return gate.run(async () => {
    try {
      const pipeline = decode(input)
        .resize({ width: Math.round(box[0] * PDF_PIXELS_PER_POINT), height: Math.round(box[1] * PDF_PIXELS_PER_POINT), fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb');
      return await (h.hasAlpha ? pipeline.png() : pipeline.jpeg({ quality: 85 })).toBuffer();
    } catch {
      return null;
    }
  }, false);
}
