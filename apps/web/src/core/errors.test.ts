import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./toast', () => ({
  toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn(), permanentError: vi.fn() },
  confirmAction: vi.fn(),
}));

const { toast } = await import('./toast');
const { errorToastMessage, loginErrorMessage, violationsOf } = await import('./errors');
const { handleApiError } = await import('./api');
const { resetSessionExpiry } = await import('./session-expiry');
const { registerFieldLabel, registerItemLabel, labelOfPath } = await import('./form/fieldLabels');

function axiosError(status?: number, data?: unknown, silent = false): AxiosError {
  const config = { headers: new AxiosHeaders(), silent } as never;
  const response = status
    ? ({ status, data, statusText: '', headers: {}, config } as never)
    : undefined;
  return new AxiosError('x', status ? 'ERR_BAD_RESPONSE' : 'ERR_NETWORK', config, null, response);
}

describe('error → toast text (SPEC §8)', () => {
  it('maps statuses', () => {
    expect(errorToastMessage(500, { message: 'boom' })).toBe('500: Internal Server Error!');
    expect(errorToastMessage(404, { code: 404, message: 'Usuário não encontrado' })).toBe('404: Usuário não encontrado');
    expect(errorToastMessage(422, { message: 'Dados inválidos' })).toBe('422: Dados inválidos');
    expect(errorToastMessage(undefined, undefined)).toBe('444: Erro ao executar ação!');
    expect(errorToastMessage(401, {})).toBe('Sua sessão expirou!');
  });
  it('login answers: a 401 or a 200 with code 401 is an error', () => {
    expect(loginErrorMessage(401, { code: 401, message: 'Invalid credentials.' })).toBe('Usuário ou senha inválidos!');
    expect(loginErrorMessage(200, { code: 401, message: 'Invalid credentials.' })).toBe('Usuário ou senha inválidos!');
    expect(loginErrorMessage(200, { code: 401, message: 'Conta bloqueada' })).toBe('Conta bloqueada');
    expect(loginErrorMessage(403, { code: 403, message: 'Usuário inativo.' })).toBe('Usuário inativo.');
    expect(loginErrorMessage(429, { code: 429, message: 'Muitas tentativas' })).toBe('Muitas tentativas');
    expect(loginErrorMessage(200, { token: 't', user: {} })).toBeNull();
    expect(loginErrorMessage(undefined, undefined)).toBe('444: Erro ao executar ação!');
  });
  it('reads 422 violations', () => {
    expect(violationsOf({ violations: [{ propertyPath: 'person.nickname', message: 'Informe o apelido' }] })).toEqual([
      { propertyPath: 'person.nickname', message: 'Informe o apelido' },
    ]);
    expect(violationsOf({})).toEqual([]);
  });
});

describe('a 422 toast names fields by their labels, never by their keys', () => {
  /** The API's 422 body: its message joins "key: message" (apps/api core/errors). */
  const refusal = (...violations: [string, string][]) => ({
    code: 422,
    message: violations.map(([p, m]) => `${p}: ${m}`).join('; '),
    violations: violations.map(([propertyPath, message]) => ({ propertyPath, message })),
  });
  it('labels from the form on screen: a field, an item of a list (index + 1), a one-field list', () => {
    const off = [
      registerFieldLabel('ended_at', 'Fim'),
      registerFieldLabel('members.1.lmc_id', 'Membro 2 (LMC)'),
      registerItemLabel('members', 'Membro'),
      registerFieldLabel('depends_on', 'Dependências'),
    ];
    const body = refusal(['members.1', 'Cada membro é uma LMC ou um circuito de operadora'], ['ended_at', 'O fim deve ser depois do início'], ['depends_on.0', 'Tarefa não encontrada']);
    expect(errorToastMessage(422, body)).toBe('422: Membro 2: Cada membro é uma LMC ou um circuito de operadora; Fim: O fim deve ser depois do início; Dependências: Tarefa não encontrada');
    expect(labelOfPath('members[1].lmc_id')).toBe('Membro 2 (LMC)');
    off.forEach((f) => f());
    // Once the form is gone nothing names them: the messages alone, never the keys.
    expect(errorToastMessage(422, body)).toBe('422: Cada membro é uma LMC ou um circuito de operadora; O fim deve ser depois do início; Tarefa não encontrada');
  });
  it("a message written for people is kept as sent (SPEC §8's status: message)", () => {
    const conflict = { code: 409, message: 'Já existe um projeto com o código "P-1".', violations: [{ propertyPath: 'code', message: 'Já está em uso' }] };
    expect(errorToastMessage(409, conflict)).toBe('409: Já existe um projeto com o código "P-1".');
  });
  it('the interceptor toasts the labelled text', () => {
    vi.mocked(toast.error).mockClear();
    const off = registerFieldLabel('ends_on', 'Término');
    handleApiError(axiosError(422, refusal(['ends_on', 'O término deve ser igual ou posterior ao início'])));
    off();
    expect(vi.mocked(toast.error).mock.calls.map((c) => c[0])).toEqual(['422: Término: O término deve ser igual ou posterior ao início']);
  });
});

describe('the axios interceptor shows one toast per failure', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
    window.history.pushState({}, '', '/user');
  });
  afterEach(() => resetSessionExpiry());

  it('500, other statuses and no status', () => {
    handleApiError(axiosError(500, { message: 'x' }));
    handleApiError(axiosError(409, { code: 409, message: 'Código já existe' }));
    handleApiError(axiosError(undefined));
    expect(vi.mocked(toast.error).mock.calls.map((c) => c[0])).toEqual([
      '500: Internal Server Error!',
      '409: Código já existe',
      '444: Erro ao executar ação!',
    ]);
  });
  it('a missing record (GET …/:id → 404) is left to its page; other 404s are toasted', () => {
    const get = (url: string, method = 'get') => {
      const e = axiosError(404, { code: 404, message: 'Envio não encontrado' });
      Object.assign(e.config!, { url, method });
      return e;
    };
    handleApiError(get('/shipment/999999'));
    handleApiError(get('/shipment/999999', 'put'));
    handleApiError(get('/shipment/reports'));
    expect(vi.mocked(toast.error).mock.calls.map((c) => c[0])).toEqual(['404: Envio não encontrado', '404: Envio não encontrado']);
  });
  it('a silent call shows nothing (the caller handles it)', () => {
    handleApiError(axiosError(401, {}, true));
    expect(toast.error).not.toHaveBeenCalled();
  });
  it('401 outside the login pages: session expired, once', () => {
    handleApiError(axiosError(401, {}));
    handleApiError(axiosError(401, {}));
    expect(vi.mocked(toast.error).mock.calls.map((c) => c[0])).toEqual(['Sua sessão expirou!']);
  });
});
