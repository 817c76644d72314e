import { z } from 'zod';
import { listQuery, password, queryBoolean, updateOf } from '../kit/common';
import { isKnownPermission } from '../permissions';
import { userSettings } from '../session';
import { defineResource } from '../kit/define';
import { userEntity } from './module';

export const personInput = z.object({
  nickname: z.string().trim().min(1, 'Informe o apelido').max(100),
  full_name: z.string().trim().min(1, 'Informe o nome completo').max(200),
});

const permissionList = z
  .array(z.string().refine(isKnownPermission, { message: 'Permissão desconhecida' }))
  .max(200)
  .transform((l) => [...new Set(l)]);

const username = z
  .string()
  .trim()
  .min(3, 'O usuário deve ter pelo menos 3 caracteres')
  .max(60, 'O usuário deve ter no máximo 60 caracteres')
  .regex(/^[a-zA-Z0-9._-]+$/, 'Use apenas letras, números, ponto, hífen e sublinhado');

/**
 * The permissions that may be scoped to units: those whose records belong to a unit (a stock, a
 * site, a project…). Catalogues (products, cities) and settings are organization-wide.
 */
export const SCOPABLE_PERMISSIONS: readonly string[] = ['STOCK', 'SECTION', 'PATRIMONY', 'PATRIMONY_OUT_REQUEST', 'ASSET_SHIPMENT', 'SITE', 'NETWORK_ASSET', 'PROJECT', 'SCHEDULE', 'USER', 'EXTERNAL_ACTIVITY', 'VIABILITY'];

export const permissionScopes = z
  .record(z.string().max(60), z.array(z.number().int().positive()).min(1, 'Escolha ao menos uma unidade ou deixe a permissão para toda a organização').max(100))
  .superRefine((scopes, ctx) => {
    const keys = Object.keys(scopes);
    if (keys.length > 100) ctx.addIssue({ code: 'custom', message: 'No máximo 100 permissões restritas a unidades' });
    for (const key of keys) {
      if (!isKnownPermission(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'Permissão desconhecida' });
      else if (!SCOPABLE_PERMISSIONS.includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'Esta permissão vale para toda a organização: não se restringe a unidades' });
    }
  });

export const userCreate = z.object({
  username,
  email: z.email('E-mail inválido').max(180),
  password,
  person: personInput,
  permissions: permissionList.default([]),
  super_admin: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean).default(false),
  unit_organizational_id: z.number().int().positive().nullable().optional(),
  /** Only super admins may place a user in another organization. */
  organization_id: z.number().int().positive().optional(),
  is_active: z.boolean().default(true),
  /**
   * Permissions reaching only some of the organization's units: permission → unit ids (`{"STOCK": [3]}`).
   * A permission not named here is organization-wide. Also narrows its `.INDEX`.
   */
  permission_scopes: permissionScopes.optional(),
});
export type UserCreate = z.input<typeof userCreate>;

export const userUpdate = updateOf(userCreate);
export type UserUpdate = z.input<typeof userUpdate>;

export const userRead = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  person: z.object({ id: z.number(), nickname: z.string(), full_name: z.string() }),
  organization: z.object({ id: z.number(), name: z.string(), fantasy_name: z.string() }),
  unit_organizational: z.object({ id: z.number(), name: z.string() }).nullable(),
  units: z.array(z.object({ id: z.number(), name: z.string() })),
  permissions: z.array(z.string()),
  permission_scopes: z.record(z.string(), z.array(z.number())),
  super_admin: z.union([z.literal(0), z.literal(1)]),
  is_active: z.boolean(),
  is_confirmed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserRead = z.infer<typeof userRead>;

/** SPEC §9: user list defaults page 1, pageSize 10, isActive false (= no filter). */
export const userListQuery = listQuery.extend({
  isActive: queryBoolean.optional(),
  /** Members of a unit (main unit or membership). */
  unitId: z.coerce.number().int().positive().optional(),
  /** Super admins: users of one organization. */
  organizationId: z.coerce.number().int().positive().optional(),
});

export const meUpdate = z.object({
  email: z.email('E-mail inválido').max(180).optional(),
  person: personInput.partial().optional(),
  settings: userSettings.partial().optional(),
});

export const changePasswordBody = z.object({
  current_password: z.string().min(1, 'Informe a senha atual'),
  new_password: password,
});

export const USER_LABELS: Record<string, string> = {
  username: 'Usuário',
  email: 'E-mail',
  password: 'Senha',
  'person.nickname': 'Apelido',
  'person.full_name': 'Nome completo',
  permissions: 'Permissões',
  permission_scopes: 'Unidades das permissões',
  super_admin: 'Super administrador',
  unit_organizational_id: 'Unidade principal',
  is_active: 'Ativo',
};

export const userResource = defineResource({
  ...userEntity,
  apiPath: '/user',
  permission: 'USER',
  tenancy: 'organization',
  schemas: { read: userRead, create: userCreate, update: userUpdate, query: userListQuery },
});
