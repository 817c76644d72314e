import { z } from 'zod';
import { updateOf } from '../kit/common';
import { defineResource } from '../kit/define';
import { listQuery } from '../kit/common';
import { releaseNoteEntity } from './module';

export const releaseNoteInput = z.object({
  version: z
    .string()
    .trim()
    .min(1, 'Informe a versão')
    .max(30)
    .regex(/^[0-9A-Za-z.+-]+$/, 'Versão inválida'),
  title: z.string().trim().min(1, 'Informe o título').max(200),
  content: z.string().min(1, 'Informe o conteúdo').max(200_000),
});
export const releaseNoteUpdate = updateOf(releaseNoteInput);

export const releaseNoteRead = z.object({
  id: z.number(),
  version: z.string(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReleaseNoteRead = z.infer<typeof releaseNoteRead>;
export const RELEASE_NOTE_PAGE_SIZE = 99999;

/** Everyone reads the release notes; super admins write them. */
export const releaseNoteResource = defineResource({
  ...releaseNoteEntity,
  apiPath: '/release-note',
  access: { read: 'authenticated', write: 'superAdmin' },
  tenancy: 'global',
  schemas: { read: releaseNoteRead, create: releaseNoteInput, update: releaseNoteUpdate, query: listQuery },
});
