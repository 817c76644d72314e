import { describe, expect, it } from 'vitest';
import { buildChunks, decodeCsv, fileLine, guessDelimiter, mapRejected, prepareCsv } from './csv-import';

describe('city CSV import (client side)', () => {
  it('drops blank lines, keeps file line numbers and detects a header', () => {
    const p = prepareCsv('\uFEFFcodigo;nome;uf\r\n4106902;Curitiba;PR\r\n\r\n3550308;São Paulo;SP\r\n');
    expect(p.header).toBe('codigo;nome;uf');
    expect(p.delimiter).toBe(';');
    expect(p.rows).toEqual([
      { line: 2, text: '4106902;Curitiba;PR' },
      { line: 4, text: '3550308;São Paulo;SP' },
    ]);
  });

  it('has no header when the first column of the first line is a number (quoted or not)', () => {
    expect(prepareCsv('"4106902","Curitiba","PR"\n').header).toBeNull();
    expect(prepareCsv('4106902,Curitiba,PR').rows).toHaveLength(1);
    // a first data row with a bad code is a header to the API too: the client keeps that rule
    expect(prepareCsv('abc;Curitiba;PR\n4106902;Curitiba;PR').header).toBe('abc;Curitiba;PR');
  });

  it('guesses the delimiter', () => {
    expect(guessDelimiter(['1;a;PR'])).toBe(';');
    expect(guessDelimiter(['1,a,PR'])).toBe(',');
    expect(guessDelimiter(['1\ta\tPR'])).toBe('\t');
    expect(guessDelimiter(['1'])).toBe(',');
  });

  it('cuts chunks with a synthetic header and maps API lines back to file lines', () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({ line: i + 3, text: `${4100000 + i};Cidade ${i};PR` }));
    const chunks = buildChunks(rows, ';', 1000);
    expect(chunks.map((c) => c.lines.length)).toEqual([1000, 1000, 500]);
    for (const c of chunks) expect(c.csv.split('\n')[0]).toBe('codigo;nome;uf');
    // API line 2 is the first data row of the chunk
    expect(fileLine(chunks[1], 2)).toBe(1003);
    expect(fileLine(chunks[2], 501)).toBe(2502);
    expect(mapRejected(chunks[0], { line: 5, reason: 'Código IBGE repetido (já na linha 3)', content: '' })).toEqual({
      line: 6,
      reason: 'Código IBGE repetido (já na linha 4)',
      content: '',
    });
  });

  it('decodes UTF-8, and Windows-1252 files from spreadsheets', () => {
    expect(decodeCsv(new TextEncoder().encode('São Paulo').buffer as ArrayBuffer)).toBe('São Paulo');
    const latin1 = new Uint8Array([0x53, 0xe3, 0x6f]); // "São" in Windows-1252
    expect(decodeCsv(latin1.buffer)).toBe('São');
  });
});
