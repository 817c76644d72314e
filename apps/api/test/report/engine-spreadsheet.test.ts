import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { type Cell, type SheetColumn, csv, csvChunks, xlsx, xlsxChunks } from '../../src/core/spreadsheet';

/** The streamed writers of core/spreadsheet: what Excel and exceljs read back, batch boundaries included. */

const columns: SheetColumn[] = [
  { header: 'Nome', type: 'text', width: 20 },
  { header: 'Valor', type: 'money' },
  { header: 'Disponibilidade', type: 'percent' },
  { header: 'Dia', type: 'date' },
  { header: 'Quando', type: 'datetime' },
  { header: 'Quantidade', type: 'number' },
];
const rows: Cell[][] = [
  ['Cabo <drop> & "conector"', 1234.5, 99.5, '2026-10-02', new Date('2026-10-02T12:30:15Z'), 2.5],
  ['  espaços  ', null, undefined, new Date('2026-10-02T02:00:00Z'), null, 0],
  ['=SOMA(A1)', 0.1, 100, '', new Date('2026-01-31T23:59:59Z'), -3],
];

async function* inBatches(all: Cell[][], size: number) {
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
}
async function collect(chunks: AsyncIterable<Buffer>) {
  const out: Buffer[] = [];
  for await (const c of chunks) out.push(c);
  return Buffer.concat(out);
}

describe('streamed spreadsheets', () => {
  it('XLSX: a ZIP with data descriptors that exceljs reads, with real types and formats', async () => {
    let seen = 0;
    const file = await collect(xlsxChunks('Relatório: teste/1', columns, inBatches(rows, 2), { onRows: (n) => (seen = n) }));
    expect(seen).toBe(3);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Relatório  teste 1');
    expect(ws.rowCount).toBe(4);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(columns.map((c) => c.header));
    const [a, b, c] = [ws.getRow(2), ws.getRow(3), ws.getRow(4)];
    expect(a.getCell(1).value).toBe('Cabo <drop> & "conector"');
    expect(a.getCell(2).value).toBe(1234.5);
    expect(a.getCell(2).numFmt).toBe('#,##0.00');
    expect(a.getCell(3).value).toBe(99.5);
    expect(a.getCell(3).numFmt).toBe('0.000" %"');
    // A date-only column: the day itself, from text or from an instant (its São Paulo day).
    expect((a.getCell(4).value as Date).toISOString()).toBe('2026-10-02T00:00:00.000Z');
    expect(a.getCell(4).numFmt).toBe('dd/mm/yyyy');
    expect((b.getCell(4).value as Date).toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect((a.getCell(5).value as Date).toISOString()).toBe('2026-10-02T09:30:15.000Z');
    expect(a.getCell(6).value).toBe(2.5);
    expect(b.getCell(1).value).toBe('  espaços  ');
    expect(b.getCell(2).value).toBeNull();
    expect(c.getCell(1).value).toBe('=SOMA(A1)');
    expect(c.getCell(4).value).toBeNull();
    expect((c.getCell(5).value as Date).toISOString()).toBe('2026-01-31T20:59:59.000Z');
    expect(c.getCell(6).value).toBe(-3);
  });

  it('XLSX: the same workbook whatever the batch size; an empty report is a header only', async () => {
    const one = await collect(xlsxChunks('x', columns, inBatches(rows, 1)));
    const all = await collect(xlsxChunks('x', columns, inBatches(rows, 10)));
    expect(one.equals(all)).toBe(true);
    const empty = new ExcelJS.Workbook();
    await empty.xlsx.load((await collect(xlsxChunks('x', columns, inBatches([], 10)))) as unknown as ArrayBuffer);
    expect(empty.worksheets[0].rowCount).toBe(1);
  });

  it('CSV: BOM, semicolons, decimal comma, dd/mm/aaaa in São Paulo, formulas defused; limit stops early', async () => {
    const text = (await collect(csvChunks(columns, inBatches(rows, 2)))).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Nome;Valor;Disponibilidade;Dia;Quando;Quantidade',
      '"Cabo <drop> & ""conector""";1234,50;99,500;02/10/2026;02/10/2026 09:30:15;2,5',
      '  espaços  ;;;01/10/2026;;0',
      "'=SOMA(A1);0,10;100,000;;31/01/2026 20:59:59;-3",
      '',
    ]);
    const limited = (await collect(csvChunks(columns, inBatches(rows, 2), { limit: 1 }))).toString('utf8');
    expect(limited.split('\r\n')).toHaveLength(3);
    // The in-memory writer other modules use writes the same text for plain cells.
    const plain: Cell[][] = [['a;b', 1.5, new Date('2026-10-02T12:30:15Z')]];
    expect(csv(['A', 'B', 'C'], plain).toString('utf8')).toBe('\ufeffA;B;C\r\n"a;b";1,5;02/10/2026 09:30:15\r\n');
    expect(xlsx('x', ['A'], [['b']]).subarray(0, 2).toString()).toBe('PK');
  });
});
