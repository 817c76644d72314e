import { z } from 'zod';

export const TOKEN_VALIDITY_MINUTES = 750;

export const userSettings = z.object({
  sandwichMenuOpen: z.boolean(),
  email_notification: z.boolean(),
  app_notification: z.boolean(),
  /** 1 = dark (default), 0 = light. */
  theme: z.union([z.literal(0), z.literal(1)]),
  layout: z.enum(['standart', 'compact', 'comfortable']),
  pageSize: z.number().int().min(5).max(100),
});
export type UserSettings = z.infer<typeof userSettings>;

export const DEFAULT_SETTINGS: UserSettings = {
  sandwichMenuOpen: true,
  email_notification: true,
  app_notification: true,
  theme: 1,
  layout: 'standart',
  pageSize: 10,
};

export const loginBody = z.object({
  username: z.string().trim().min(1, 'Informe o usuário').max(180),
  password: z.string().min(1, 'Informe a senha').max(128),
});

export const sessionUser = z.object({
  id: z.number(),
  username: z.string(),
  picture: z.string().nullable(),
  person: z.object({ id: z.number(), nickname: z.string(), full_name: z.string() }),
  /** `time_zone`: the zone every date on screen is shown and typed in (the unit's when it overrides). */
  organization: z.object({ id: z.number(), fantasy_name: z.string(), time_zone: z.string() }),
  unit_organizational: z.object({ id: z.number(), name: z.string(), time_zone: z.string().nullable() }).nullable(),
  super_admin: z.union([z.literal(0), z.literal(1)]),
  permissions: z.array(z.string()),
  settings: userSettings,
});
export type SessionUser = z.infer<typeof sessionUser>;

/** SPEC §3: the login response. */
export const loginResponse = z.object({
  token: z.string(),
  mercure_token: z.string(),
  mercure_topics: z.array(z.string()),
  tinymce_key: z.string(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;
