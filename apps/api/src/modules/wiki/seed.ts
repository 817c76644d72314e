import { eq } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { wikiPages } from './schema';

type View = { page: { id: number; version: number } };

/**
 * The demo organization's wiki, through the API as gestor (ORG): networks > MikroTik >
 * VLANs, field procedures > FTTH installation, and the warehouse. The VLAN page links to the
 * FTTH procedure and back with `[[…]]`; the FTTH procedure has two versions (a later edit by
 * gestor added the signal check), so the history and its diff show something.
 */
export async function seedWikiDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: wikiPages.id }).from(wikiPages).where(eq(wikiPages.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const gestor = ctx.as('gestor');
  const page = (path: string, title: string, body: string) => gestor<View>('POST', '/wiki/page', { path, title, body });

  await page(
    'redes',
    'Redes',
    '<p>Padrões da rede de acesso e do backbone da operadora: endereçamento, VLANs, equipamentos e roteiros de configuração.</p>' +
      '<ul><li>[[redes/mikrotik]]: roteadores de borda e concentradores</li><li>Endereçamento IP: blocos por POP na planilha do NOC</li></ul>',
  );
  await page(
    'redes/mikrotik',
    'MikroTik',
    '<p>Os roteadores MikroTik (RouterOS 7) atendem clientes corporativos e a borda dos POPs.</p>' +
      '<h2>Antes de configurar</h2><ol><li>Atualize o RouterOS e o firmware (<code>/system routerboard upgrade</code>).</li>' +
      '<li>Troque a senha do usuário <strong>admin</strong> e desative telnet, ftp e www.</li><li>Configure NTP e SNMP conforme as configurações da organização.</li></ol>' +
      '<p>O script inicial de cada LMC é gerado em <a href="/lmc">LMC</a> → Gerar script.</p>',
  );
  await page('procedimentos', 'Procedimentos de campo', '<p>Roteiros que as equipes de campo seguem em instalações, manutenções e vistorias.</p>');
  const ftth = await page(
    'procedimentos/instalacao-ftth',
    'Instalação FTTH',
    '<h2>Material</h2><ul><li>Drop óptico de 1 fibra</li><li>2 conectores SC/APC</li><li>ONU em comodato</li></ul>' +
      '<h2>Passos</h2><ol><li>Confirme o endereço e a CTO na ordem de serviço.</li><li>Lance o drop da CTO até o cliente e faça as conectorizações.</li>' +
      '<li>Instale a ONU e configure a VLAN do cliente ([[redes/mikrotik/vlan]]).</li><li>Teste a navegação com o cliente e colete a assinatura.</li></ol>',
  );
  await page(
    'redes/mikrotik/vlan',
    'VLANs',
    '<p>Cada cliente corporativo recebe uma VLAN própria (faixa 100–3999); a gerência usa a VLAN 10.</p>' +
      '<table><tbody><tr><th>VLAN</th><th>Uso</th></tr><tr><td>10</td><td>Gerência dos equipamentos</td></tr><tr><td>20</td><td>Voz (SIP)</td></tr><tr><td>100–3999</td><td>Clientes corporativos</td></tr></tbody></table>' +
      '<p>Na bridge, habilite <code>vlan-filtering=yes</code> só depois de cadastrar todas as VLANs, senão o acesso à gerência cai.</p>' +
      '<p>Na ativação de cliente FTTH, a VLAN é configurada na ONU: veja [[procedimentos/instalacao-ftth|o procedimento de instalação FTTH]].</p>',
  );
  await page(
    'almoxarifado',
    'Almoxarifado',
    '<p>Retirada de material: abra uma <a href="/patrimony-solicitation">solicitação de patrimônio</a>; o almoxarife separa os itens e a entrega é registrada no sistema.</p>' +
      '<ul><li>Horário de retirada: de segunda a sexta, das 8h às 17h.</li><li>Bobinas de cabo e roteadores são patrimônio: confirme o recebimento em <a href="/my-patrimony">Meu patrimônio</a>.</li>' +
      '<li>Devoluções de equipamentos com defeito vão para a seção de manutenção.</li></ul>',
  );
  await gestor('PUT', `/wiki/page/${ftth.page.id}`, {
    title: 'Instalação FTTH',
    body:
      '<h2>Material</h2><ul><li>Drop óptico de 1 fibra</li><li>2 conectores SC/APC</li><li>ONU em comodato</li><li>Power meter calibrado</li></ul>' +
      '<h2>Passos</h2><ol><li>Confirme o endereço e a CTO na ordem de serviço.</li><li>Lance o drop da CTO até o cliente e faça as conectorizações.</li>' +
      '<li>Meça a potência na ONU: aceite entre -8 dBm e -27 dBm; fora disso, refaça as conexões.</li>' +
      '<li>Instale a ONU e configure a VLAN do cliente ([[redes/mikrotik/vlan]]).</li><li>Teste a navegação com o cliente e colete a assinatura.</li></ol>' +
      '<p>Materiais usados saem do estoque do técnico: veja [[almoxarifado]].</p>',
    base_version: ftth.page.version,
  });
  return true;
}
