import { z } from 'zod';

const ptBR = z.locales.ptBR().localeError;

/**
 * Brazilian Portuguese default messages for every schema, on the API and in the web forms.
 * zod's pt-BR locale names JavaScript's types for a missing field or a non-finite number
 * ('esperava um texto, recebeu um valor "undefined"', '… recebeu um valor "NaN"'): those read
 * as a person would say them.
 */
z.config({
  localeError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Campo obrigatório';
    if (issue.code === 'invalid_type' && typeof issue.input === 'number' && !Number.isFinite(issue.input)) return 'Número inválido';
    return ptBR(issue);
  },
});
