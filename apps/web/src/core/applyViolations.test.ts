import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { registerFieldLabel, registerItemLabel } from './form/fieldLabels';
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

  it('a violation on a group or a list item lands on the field that shows it; one without a field is named by its label', () => {
    const off = [registerFieldLabel('members.1.lmc_id', 'Membro 2 (LMC)'), registerItemLabel('members', 'Membro'), registerFieldLabel('depends_on', 'Dependências'), registerFieldLabel('ends_on', 'Término')];
    const setError = vi.fn();
    const form = { setError, getValues: () => ({ members: [{}, {}], depends_on: [3], ends_on: '2025-01-01' }) } as never;
    const body = {
      code: 422,
      message: 'x',
      violations: [
        { propertyPath: 'members.1', message: 'Cada membro é uma LMC ou um circuito de operadora' },
        { propertyPath: 'depends_on.0', message: 'Tarefa não encontrada' },
        { propertyPath: 'ends_on', message: 'O término deve ser igual ou posterior ao início' },
        { propertyPath: 'budget_limit', message: 'Acima do limite' },
      ],
    };
    expect(applyViolations(refusal(422, body), form)).toEqual(['Acima do limite']);
    expect(setError.mock.calls.map((c) => [c[0], c[1].message])).toEqual([
      ['members.1.lmc_id', 'Cada membro é uma LMC ou um circuito de operadora'],
      ['depends_on', 'Tarefa não encontrada'],
      ['ends_on', 'O término deve ser igual ou posterior ao início'],
    ]);
    off.forEach((f) => f());
  });
});
