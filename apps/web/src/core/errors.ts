/** The error catalogue of SPEC §8, as pure functions (unit-tested). */
import { labelOfPath } from './form/fieldLabels';

export const SESSION_EXPIRED = 'Sua sessão expirou!';
export const INTERNAL_ERROR = '500: Internal Server Error!';
export const NO_STATUS = '444: Erro ao executar ação!';
export const WELCOME_BACK = 'Bem-vindo de volta!';
export const INVALID_CREDENTIALS = 'Usuário ou senha inválidos!';
/** SPEC §9: redirect delay after a 401. */
export const SESSION_EXPIRED_DELAY_MS = 3200;

export type Violation = { propertyPath: string; message: string };

function messageOf(data: unknown): string {
  if (data && typeof data === 'object' && 'message' in data) {
    const m = (data as { message: unknown }).message;
    if (typeof m === 'string') return m;
  }
  if (typeof data === 'string' && data.trim() && !data.trimStart().startsWith('<')) return data;
  return 'Erro ao executar ação!';
}

export type LabelOf = (propertyPath: string) => string | undefined;

/** A violation as a user reads it: its field's label, never its key ("Fim: …", not "ended_at: …"). */
export function violationText(v: Violation, labelOf: LabelOf = labelOfPath): string {
  const label = v.propertyPath ? labelOf(v.propertyPath) : undefined;
  return label ? `${label}: ${v.message}` : v.message;
}

/**
 * The message of an error body. The API's 422 says "key: message; key: message" with the raw
 * keys of its violations: that one is said again with the labels of the fields on screen (a
 * message written for people, a 409's "Já existe…", is kept as sent).
 */
function readableMessage(data: unknown, labelOf: LabelOf): string {
  const message = messageOf(data);
  const violations = violationsOf(data);
  if (violations.length && message === violations.map((v) => `${v.propertyPath}: ${v.message}`).join('; ')) {
    return [...new Set(violations.map((v) => violationText(v, labelOf)))].join('; ');
  }
  return message;
}

/** The toast text for a failed call (status undefined = no response at all): SPEC §8's "status: message". */
export function errorToastMessage(status: number | undefined, data: unknown, labelOf: LabelOf = labelOfPath): string {
  if (!status) return NO_STATUS;
  if (status === 401) return SESSION_EXPIRED;
  if (status === 500) return INTERNAL_ERROR;
  return `${status}: ${readableMessage(data, labelOf)}`;
}

/**
 * SPEC §5, §8: the outcome of a login answer. A 401, or a 200 whose body carries code 401, is
 * an error; a message containing 'Invalid credentials.' shows 'Usuário ou senha inválidos!',
 * any other the server's message.
 */
export function loginErrorMessage(status: number | undefined, data: unknown): string | null {
  const bodyCode =
    data && typeof data === 'object' && 'code' in data ? Number((data as { code: unknown }).code) : undefined;
  const failed = !status || status >= 400 || bodyCode === 401 || (bodyCode !== undefined && bodyCode >= 400);
  if (!failed) return null;
  if (!status) return NO_STATUS;
  const msg = messageOf(data);
  if (msg.includes('Invalid credentials.')) return INVALID_CREDENTIALS;
  if (status === 500) return INTERNAL_ERROR;
  return msg;
}

/** 422 violations of an error body, if any. */
export function violationsOf(data: unknown): Violation[] {
  if (data && typeof data === 'object' && 'violations' in data) {
    const v = (data as { violations: unknown }).violations;
    if (Array.isArray(v)) return v.filter((x): x is Violation => !!x && typeof x.propertyPath === 'string');
  }
  return [];
}
