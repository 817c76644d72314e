import { describe, expect, it } from 'vitest';
import { diffHtml, diffWords, htmlToLines } from './diff';

describe('wiki diff', () => {
  it('reads HTML as one line per block, images named', () => {
    expect(htmlToLines('<h2>VLAN</h2><p>Uma <b>rede</b> virtual.</p><ul><li>10</li><li>20</li></ul><p><img src="/api/wiki/file/7/switch.png" alt=""></p>')).toEqual([
      'VLAN',
      'Uma rede virtual.',
      '10',
      '20',
      '[imagem: switch.png]',
    ]);
  });

  it('keeps the common lines and pairs an edited line word by word', () => {
    const rows = diffHtml('<p>Título</p><p>O roteador usa a VLAN 10.</p><p>Fim</p>', '<p>Título</p><p>O roteador usa a VLAN 20.</p><p>Fim</p><p>Novo</p>');
    expect(rows.map((r) => r.kind)).toEqual(['same', 'changed', 'same', 'added']);
    const changed = rows[1];
    expect(changed.left!.filter((p) => p.changed).map((p) => p.text)).toEqual(['10.']);
    expect(changed.right!.filter((p) => p.changed).map((p) => p.text)).toEqual(['20.']);
    expect(changed.left!.map((p) => p.text).join('')).toBe('O roteador usa a VLAN 10.');
    expect(rows[3]).toEqual({ left: null, right: [{ text: 'Novo', changed: true }], kind: 'added' });
  });

  it('shows a removed line alone on the left', () => {
    const rows = diffHtml('<p>a</p><p>b</p>', '<p>a</p>');
    expect(rows[1]).toEqual({ left: [{ text: 'b', changed: true }], right: null, kind: 'removed' });
  });

  it('marks nothing when the words are the same', () => {
    const w = diffWords('igual aqui', 'igual aqui');
    expect(w.left).toEqual([{ text: 'igual aqui', changed: false }]);
  });
});
