/**
 * The document, CEP and phone masks of the kit, as react-imask options. The form
 * keeps the masked text: the contract reduces CNPJ/CPF and CEP to digits and accepts the
 * masked phone as typed (validators.ts, organization.ts).
 */
import type { IMask } from 'react-imask';

type FactoryArg = Parameters<typeof IMask.createMask>[0];

export type MaskKind = 'cpf' | 'cnpj' | 'cpfCnpj' | 'cep' | 'phone';

const CPF = '000.000.000-00';
const CNPJ = '00.000.000/0000-00';

export const MASKS: Record<MaskKind, FactoryArg> = {
  cpf: { mask: CPF },
  cnpj: { mask: CNPJ },
  // A CPF until the 12th digit, then a CNPJ (imask picks the first mask that holds the digits).
  cpfCnpj: { mask: [{ mask: CPF }, { mask: CNPJ }] },
  cep: { mask: '00000-000' },
  // Landline (10 digits) until the 11th digit makes it a mobile number.
  phone: { mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }] },
};

export const MASK_PLACEHOLDERS: Record<MaskKind, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  cpfCnpj: 'CPF ou CNPJ',
  cep: '00000-000',
  phone: '(00) 00000-0000',
};
