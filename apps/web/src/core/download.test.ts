import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameOf('inline; filename="romaneio-envio-3.pdf"', 'x.pdf')).toBe('romaneio-envio-3.pdf');
    expect(fileNameOf('attachment; filename=relatorio.csv', 'x.csv')).toBe('relatorio.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''movimenta%C3%A7%C3%B5es.xlsx", 'x')).toBe('movimentações.xlsx');
    expect(fileNameOf(undefined, 'padrao.pdf')).toBe('padrao.pdf');
  });
});
