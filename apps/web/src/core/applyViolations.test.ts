import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { applyViolations } from './ResourceForm';

const refusal = (status: number, data: unknown, silent = true) =>
  new AxiosError('refused', String(status), { headers: new AxiosHeaders(), silent } as never, undefined, { status, statusText: '', data, headers: {}, config: { headers: new AxiosHeaders() } });

describe('a refused save is always said', () => {
  it('puts violations on their fields, returns the ones without a field, and the message of a silent refusal that names none', () => {
    const setError = vi.fn();
    const form = { setError, getValues: () => ({ title: '', patrimony_ids: [] }) } as never;
    const onField = applyViolations(refusal(409, { code: 409, message: 'Item já reservado', violations: [{ propertyPath: 'patrimony_ids', message: 'Item já reservado neste horário' }] }), form);
    expect(onField).toEqual([]);
    expect(setError).toHaveBeenCalledWith('patrimony_ids', { type: 'server', message: 'Item já reservado neste horário' }, { shouldFocus: true });
    expect(applyViolations(refusal(409, { code: 409, message: 'Não é possível excluir: em uso.' }), form)).toEqual(['Não é possível excluir: em uso.']);
    // A call that was not silent was toasted already: not said twice.
    expect(applyViolations(refusal(409, { code: 409, message: 'Não é possível excluir: em uso.' }, false), form)).toEqual([]);
    expect(applyViolations(refusal(422, { code: 422, message: 'Dados inválidos.', violations: [{ propertyPath: 'outro', message: 'Campo desconhecido' }] }), form)).toEqual(['Campo desconhecido']);
    expect(applyViolations(refusal(500, { code: 500, message: 'Erro' }), form)).toEqual([]);
  });
});
