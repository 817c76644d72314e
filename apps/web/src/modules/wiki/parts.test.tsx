import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Headline, WikiBody } from './parts';
import { buildTree } from './WikiTree';

describe('wiki search excerpt', () => {
  it('renders only the server\'s <mark>; escaped markup stays text', () => {
    const { container } = render(<Headline html={'O &lt;b&gt;novo&lt;/b&gt; <mark>roteador</mark> &amp; a <mark>VLAN</mark>'} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['roteador', 'VLAN']);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('O <b>novo</b> roteador & a VLAN');
  });

  it('never turns other tags into elements', () => {
    const { container } = render(<Headline html={'<img src=x onerror="alert(1)"><script>alert(2)</script><mark>ok</mark>'} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.querySelectorAll('mark')).toHaveLength(1);
  });
});

describe('wiki body', () => {
  it('links [[caminho]] left as text, not inside code', () => {
    const { container } = render(
      <MemoryRouter>
        <WikiBody html={'<p>Veja [[redes/mikrotik]] e [[redes|as redes]].</p><pre><code>[[nao/liga]]</code></pre>'} />
      </MemoryRouter>,
    );
    const links = [...container.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links).toEqual([
      ['/wiki/redes/mikrotik', 'redes/mikrotik'],
      ['/wiki/redes', 'as redes'],
    ]);
    expect(container.querySelector('code')!.textContent).toBe('[[nao/liga]]');
  });
});

describe('wiki tree', () => {
  it('nests pages under their parents, each level by title', () => {
    const roots = buildTree([
      { id: 1, path: 'redes', title: 'Redes', parent_id: null },
      { id: 2, path: 'redes/vlan', title: 'VLANs', parent_id: 1 },
      { id: 3, path: 'redes/acesso', title: 'Acesso', parent_id: 1 },
      { id: 4, path: 'almoxarifado', title: 'Almoxarifado', parent_id: null },
    ]);
    expect(roots.map((r) => r.title)).toEqual(['Almoxarifado', 'Redes']);
    expect(roots[1].children.map((c) => c.title)).toEqual(['Acesso', 'VLANs']);
  });
});
