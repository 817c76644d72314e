import { z } from 'zod';
import { password } from '../kit/common';

export const forgotPasswordRequest = z.object({ email: z.email('E-mail inválido') });
export const forgotPasswordReset = z.object({ password });

/** Self-service sign-up: a new organization and its first admin (pending e-mail confirmation). */
export const registerBody = z.object({
  organization: z.object({
    fantasy_name: z.string().trim().min(2, 'Informe o nome fantasia').max(200),
    legal_name: z.string().trim().max(200).optional(),
  }),
  username: z
    .string()
    .trim()
    .min(3, 'O usuário deve ter pelo menos 3 caracteres')
    .max(60)
    .regex(/^[a-zA-Z0-9._-]+$/, 'Use apenas letras, números, ponto, hífen e sublinhado'),
  email: z.email('E-mail inválido').max(180),
  password,
  person: z.object({
    nickname: z.string().trim().min(1, 'Informe o apelido').max(100),
    full_name: z.string().trim().min(1, 'Informe o nome completo').max(200),
  }),
});
export type RegisterBody = z.infer<typeof registerBody>;
