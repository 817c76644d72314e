import { z } from 'zod';
import { isKnownPermission } from '../permissions';

/**
 * Personal API tokens: a script or another system calls the API as its user with
 * `Authorization: Bearer opr_…`, limited to the permissions chosen here (always met with the
 * user's current ones). The secret is answered once, at creation.
 */
export const API_TOKEN_PREFIX = 'opr_';
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 366;
export const API_TOKEN_MAX_PER_USER = 50;
export const API_TOKEN_INVALID = 'Token de API inválido, expirado ou revogado.';
export const API_TOKEN_NOT_ALLOWED = 'Esta ação não pode ser feita com um token de API: entre com usuário e senha.';

const day = /^\d{4}-\d{2}-\d{2}$/;
export const apiTokenCreate = z.object({
  name: z.string().trim().min(1, 'Informe um nome').max(80, 'Máximo de 80 caracteres'),
  /** The last day it works (until that day's end on the organization's clock); 90 days ahead when not given, at most a year. */
  expires_at: z.string().regex(day, 'Data inválida (use AAAA-MM-DD)').optional(),
  permissions: z
    .array(z.string().refine(isKnownPermission, 'Permissão desconhecida'))
    .min(1, 'Escolha ao menos uma permissão')
    .max(200),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreate>;

export const apiTokenRead = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  prefix: z.string(),
  permissions: z.array(z.string()),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  status: z.enum(['ativo', 'expirado']),
});
export type ApiTokenRead = z.infer<typeof apiTokenRead>;

/** The only answer that carries the secret. */
export const apiTokenCreated = apiTokenRead.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;
