import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as ptBr from '@zxcvbn-ts/language-pt-br';
import { HttpError } from './errors';

/** zxcvbn score (0–4) a password must reach: 2 refuses dictionary words, keyboard runs and short digit strings. */
export const MIN_PASSWORD_SCORE = 2;

// Built lazily: the ranked dictionaries take a moment to build and most processes never need them.
let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
    graphs: common.adjacencyGraphs,
    translations: ptBr.translations,
  }));

/** Words of the account (username, e-mail and its parts, names) that a password must not lean on. */
function userWords(inputs: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const raw of inputs) {
    if (!raw) continue;
    const value = raw.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    for (const part of value.split(/[@.\s_-]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** The pt-BR reason a password is too weak, or undefined when it is strong enough. */
export function passwordWeakness(password: string, inputs: (string | null | undefined)[] = []): string | undefined {
  const result = zxcvbn().check(password.slice(0, 100), userWords(inputs));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const reason = result.feedback.warning || result.feedback.suggestions[0] || 'é fácil de adivinhar.';
  return `Senha muito fraca: ${reason.replace(/\.?$/, '.')}`.replace(/: (\p{Lu})/u, (_, c: string) => `: ${c.toLowerCase()}`);
}

/** Throws 422 with a violation on `field` when the password is too weak. */
export function assertStrongPassword(password: string, inputs: (string | null | undefined)[], field = 'password') {
  const weakness = passwordWeakness(password, inputs);
  if (weakness) throw new HttpError(422, weakness, [{ propertyPath: field, message: weakness }]);
}
