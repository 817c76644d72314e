import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { HttpError } from './errors';

/** zxcvbn score (0–4) a password must reach: 2 refuses dictionary words, keyboard runs and short digit strings. */
export const MIN_PASSWORD_SCORE = 2;

// Loaded at the first password check, not with the server: the dictionaries decompress into about
// 100,000 strings (14 MB of the heap a full collection leaves, 113 → 99 MB under load) that every full
// collection would mark, in a process that may never set a password.
let estimator: Promise<ZxcvbnFactory> | undefined;
const zxcvbn = () =>
  (estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-pt-br')]).then(
    ([{ ZxcvbnFactory }, common, ptBr]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...ptBr.dictionary },
        graphs: common.adjacencyGraphs,
        translations: ptBr.translations,
      }),
  ));

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
export async function passwordWeakness(password: string, inputs: (string | null | undefined)[] = []): Promise<string | undefined> {
  const result = (await zxcvbn()).check(password.slice(0, 100), userWords(inputs));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const reason = result.feedback.warning || result.feedback.suggestions[0] || 'é fácil de adivinhar.';
  return `Senha muito fraca: ${reason.replace(/\.?$/, '.')}`.replace(/: (\p{Lu})/u, (_, c: string) => `: ${c.toLowerCase()}`);
}

/** Throws 422 with a violation on `field` when the password is too weak. */
export async function assertStrongPassword(password: string, inputs: (string | null | undefined)[], field = 'password') {
  const weakness = await passwordWeakness(password, inputs);
  if (weakness) throw new HttpError(422, weakness, [{ propertyPath: field, message: weakness }]);
}
