import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/** 2.5 → "2,5", 10000 → "10.000": numbers as a Brazilian reads them. */
const num = (n: unknown) => (typeof n === 'number' ? n.toLocaleString('pt-BR', { maximumFractionDigits: 20 }) : String(n));
const plural = (n: unknown, one: string, many: string) => `${num(n)} ${Number(n) === 1 ? one : many}`;

const FORMATS: Record<string, string> = {
  email: 'E-mail inválido',
  url: 'Endereço (URL) inválido',
  date: 'Data inválida',
  datetime: 'Data e hora inválidas',
  time: 'Hora inválida',
  duration: 'Duração inválida',
  uuid: 'Identificador inválido',
  guid: 'Identificador inválido',
  ipv4: 'Endereço IPv4 inválido',
  ipv6: 'Endereço IPv6 inválido',
  cidrv4: 'Faixa de endereços IPv4 inválida',
  cidrv6: 'Faixa de endereços IPv6 inválida',
  mac: 'Endereço MAC inválido',
  e164: 'Telefone inválido',
  json_string: 'JSON inválido',
};

const TYPES: Record<string, string> = {
  string: 'Deve ser um texto',
  number: 'Deve ser um número',
  int: 'Deve ser um número inteiro',
  bigint: 'Deve ser um número inteiro',
  boolean: 'Deve ser sim ou não',
  array: 'Deve ser uma lista',
  date: 'Data inválida',
};

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

/**
 * The product's texts for zod's generic issues, for every schema on the API and in the web
 * forms (a message written in a schema wins). zod's own pt-BR locale speaks of types and
 * operators ('Grande demais: esperava que o texto tivesse <= 40 caracteres', 'esperava um
 * texto, recebeu um valor "undefined"'): these say what to type, as a person would.
 */
export function productMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (isBlank(issue.input)) return 'Campo obrigatório';
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input)) return 'Número inválido';
      return TYPES[issue.expected] ?? 'Valor inválido';
    case 'invalid_value':
      if (isBlank(issue.input)) return 'Campo obrigatório';
      return issue.values.length > 1 ? 'Opção inválida' : 'Valor inválido';
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `Máximo de ${plural(max, 'caractere', 'caracteres')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `No máximo ${plural(max, 'item', 'itens')}`;
      if (issue.origin === 'file') return `Máximo de ${plural(max, 'byte', 'bytes')}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return issue.inclusive ? `Deve ser no máximo ${num(max)}` : `Deve ser menor que ${num(max)}`;
      return 'Valor grande demais';
    }
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string') return Number(min) <= 1 ? 'Campo obrigatório' : `Mínimo de ${plural(min, 'caractere', 'caracteres')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `No mínimo ${plural(min, 'item', 'itens')}`;
      if (issue.origin === 'file') return 'Arquivo vazio';
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return issue.inclusive ? `Deve ser no mínimo ${num(min)}` : `Deve ser maior que ${num(min)}`;
      return 'Valor pequeno demais';
    }
    case 'invalid_format':
      if (issue.format === 'starts_with') return `Deve começar com "${(issue as { prefix?: string }).prefix}"`;
      if (issue.format === 'ends_with') return `Deve terminar com "${(issue as { suffix?: string }).suffix}"`;
      if (issue.format === 'includes') return `Deve conter "${(issue as { includes?: string }).includes}"`;
      return FORMATS[issue.format] ?? 'Formato inválido';
    case 'not_multiple_of':
      return `Deve ser múltiplo de ${num(issue.divisor)}`;
    case 'unrecognized_keys':
      return issue.keys.length > 1 ? `Campos não permitidos: ${issue.keys.join(', ')}` : `Campo não permitido: ${issue.keys[0]}`;
    case 'invalid_element':
      return 'Item inválido';
    case 'invalid_union':
      return isBlank(issue.input) ? 'Campo obrigatório' : 'Valor inválido';
    default:
      return 'Valor inválido';
  }
}

z.config({ localeError: productMessage });
