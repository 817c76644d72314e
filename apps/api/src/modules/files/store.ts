import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from '../../core/errors';
import { type ImagePurpose, storableImage } from './image';
import { storedFiles } from './schema';

/** Magic numbers of the file types we accept; the declared MIME type alone is not trusted. */
const SIGNATURES: Record<string, { ext: string; test: (b: Buffer) => boolean }> = {
  'image/png': { ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'image/jpeg': { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/webp': { ext: 'webp', test: (b) => b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP' },
  'application/pdf': { ext: 'pdf', test: (b) => b.subarray(0, 5).toString() === '%PDF-' },
};

/** sharp's name of each image type: these are decoded and re-encoded, never stored as sent. */
const IMAGE_FORMATS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

const uploadsDir = (app: FastifyInstance) => path.join(app.config.dataDir, 'uploads');

/**
 * Checks size (413) and type by content (415), stores under `DATA_DIR/uploads` with an unguessable
 * name, answers its URL. An image is decoded and what is stored is its re-encoded copy, scaled for
 * `image` (default: a photo); one too large in pixels or that does not decode is a 422 (see image.ts).
 */
export async function saveUpload(
  app: FastifyInstance,
  file: MultipartFile,
  opts: { kinds: string[]; maxBytes: number; image?: ImagePurpose; /** whose members may download it; null: every logged-in user */ organizationId: number | null },
): Promise<string> {
  const buffer = await file.toBuffer().catch((err: { code?: string }) => {
    if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'O arquivo é grande demais.');
    throw malformed();
  });
  if (buffer.length > opts.maxBytes) throw new HttpError(413, `O arquivo excede o limite de ${Math.round(opts.maxBytes / 1024 / 1024)} MB.`);
  const kind = opts.kinds.find((k) => SIGNATURES[k]?.test(buffer));
  if (!kind) throw new HttpError(415, `Tipo de arquivo não permitido. Aceitos: ${opts.kinds.map((k) => SIGNATURES[k]?.ext ?? k).join(', ')}.`);
  let stored = { buffer, ext: SIGNATURES[kind].ext };
  const format = IMAGE_FORMATS[kind];
  if (format) stored = await storableImage(buffer, opts.image ?? 'photo', { formats: [format] });
  const name = `${randomBytes(16).toString('hex')}.${stored.ext}`;
  await mkdir(uploadsDir(app), { recursive: true });
  await writeFile(path.join(uploadsDir(app), name), stored.buffer);
  await app.db.insert(storedFiles).values({ name, organization_id: opts.organizationId });
  return `/api/files/${name}`;
}

/** The bytes of an upload by its URL (`/api/files/<name>`), or null when it is not one of ours or is gone. */
export async function readUpload(app: FastifyInstance, url: string | null | undefined): Promise<Buffer | null> {
  const name = url?.match(/^\/api\/files\/([a-f0-9]{32}\.[a-z]{3,4})$/)?.[1];
  if (!name) return null;
  return readFile(path.join(uploadsDir(app), name)).catch(() => null);
}

const MISSING_FILE = 'Envie um arquivo no campo "file" (multipart/form-data).';
const malformed = () => new HttpError(422, 'O envio do arquivo está malformado ou incompleto.', [{ propertyPath: 'file', message: 'Envio malformado' }]);

/**
 * The one file of a multipart upload. A body without a boundary, with a wrong one or cut short
 * is the sender's fault: 4xx, never a 500 from the parser.
 */
export async function uploadedFile(req: FastifyRequest): Promise<MultipartFile> {
  let file: MultipartFile | undefined;
  try {
    file = await req.file();
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new HttpError(413, 'O arquivo é grande demais.');
    if (status === 406 || status === 415) throw new HttpError(415, 'Envie o arquivo como multipart/form-data.');
    throw malformed();
  }
  if (!file) throw new HttpError(422, MISSING_FILE, [{ propertyPath: 'file', message: 'Obrigatório' }]);
  return file;
}

/** The content type a stored file is served with, by its extension. */
export const MIME_BY_EXT: Record<string, string> = Object.fromEntries(Object.entries(SIGNATURES).map(([mime, s]) => [s.ext, mime]));
