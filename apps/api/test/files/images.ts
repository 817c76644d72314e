/**
 * Real images for tests (uploads are decoded now: a PNG signature followed by zeros is refused),
 * multipart bodies, and the text of a PDF (pdfkit's compressed content streams, read back).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG of one colour (transparent by default): 2×2 unless told. */
export const realPng = (width = 2, height = 2, background = { r: 200, g: 30, b: 30, alpha: 0.8 }) => sharp({ create: { width, height, channels: 4, background } }).png().toBuffer();

/** A real JPEG of one colour. */
export const realJpeg = (width = 2, height = 2) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();

/** A real WebP with transparency. */
export const realWebp = (width = 2, height = 2) => sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).webp().toBuffer();

/**
 * A decompression bomb: a valid PNG of `width`×`height` pixels of one colour, two-colour palette at
 * maximum compression, so that 64 megapixels weigh a few KB (small enough for a signature data URL too).
 */
export const bombPng = (width = 8000, height = 8000) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' }, limitInputPixels: false }).png({ palette: true, colours: 2, compressionLevel: 9 }).toBuffer();

/** A PNG signature followed by HTML: what passes a magic-bytes check and is no image. */
export const pngHeaderThenHtml = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A multipart/form-data body with `fields` and one file in the field "file". */
export function multipart(file: { data: Buffer; type: string; name?: string }, fields: Record<string, string> = {}) {
  const boundary = '----operacoes' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'imagem'}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The names in the test app's uploads folder (to see that a refused upload left nothing). */
export function storedUploads(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'uploads')).sort();
  } catch {
    return [];
  }
}

/**
 * The text a pdfkit PDF shows: each content stream inflated, the hex strings of its Tj/TJ operators
 * decoded (pdfkit's standard fonts use WinAnsi, which matches Latin-1 for Portuguese letters). One
 * line per text operator.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : op[2];
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

/** How many images a PDF embeds (image XObjects). */
export const pdfImageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
