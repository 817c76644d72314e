/**
 * MikroTik RouterOS scripts of an LMC's path: one per MikroTik device, in the dialect of
 * its RouterOS major version. Pure: the same model gives the same script (no clock, fixed order).
 * Every value written goes through `quote()` — double quotes with `\`, `"`, `$`, `?` and control
 * characters escaped — so no text from the database can end its argument and start a command.
 */
import { pointToPointEnds, type RouterOsVersion, type SectionSettings, type UnionMode } from '@operacoes/contract';

export type ScriptAsset = { id: number; hostname: string; vendor: string; routeros_version: RouterOsVersion | null; management_ip: string | null };
export type ScriptSegment = {
  position: number;
  from_asset_id: number;
  from_interface: string;
  to_asset_id: number;
  to_interface: string;
  medium: string;
  vlan_id: number | null;
  capacity_mbps: number;
  subnet: string | null;
  circuit: string | null;
};
export type ScriptUnion = { code: string; name: string; mode: UnionMode; interfaces: Record<number, string[]> };
export type ScriptModel = {
  lmc: { code: string; name: string };
  assets: ScriptAsset[];
  segments: ScriptSegment[];
  svcs: { code: string; client_name: string; ip_block: string | null }[];
  unions: ScriptUnion[];
  settings: SectionSettings<'mikrotik'>;
};
export type GeneratedScript = { asset_id: number; hostname: string; routeros_version: RouterOsVersion; script: string };

/** A RouterOS string literal: every value written into a script goes through here. */
export function quote(value: string | number): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  const escaped = String(value).replace(/[\\"$?\u0000-\u001f\u007f]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    if (c === '\\' || c === '"' || c === '$' || c === '?') return `\\${c}`;
    return `\\${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  });
  return `"${escaped}"`;
}

/** A comment line: line breaks of the text cannot start a command. */
const comment = (text: string) => `# ${text.replace(/[\r\n]+/g, ' ')}`;
const isIp = (v: string) => /^[0-9.]+$/.test(v) || v.includes(':');

type Port = { itf: string; vlan: number | null; name: string; address: string | null; prefix: number | null; segment: ScriptSegment; side: 'from' | 'to' };

function deviceScript(asset: ScriptAsset & { routeros_version: RouterOsVersion }, model: ScriptModel): string {
  const v7 = asset.routeros_version === '7.x';
  const s = model.settings;
  const lines: string[] = [
    comment(`Operações — LMC ${model.lmc.code} (${model.lmc.name})`),
    comment(`Equipamento ${asset.hostname} · RouterOS ${asset.routeros_version}`),
    comment('Gerado automaticamente: revise antes de aplicar.'),
    '',
    '/system identity',
    `set name=${quote(asset.hostname)}`,
  ];
  // The device's ends of the path's segments.
  const ports: Port[] = model.segments.flatMap((seg) =>
    (['from', 'to'] as const)
      .filter((side) => seg[`${side}_asset_id`] === asset.id)
      .map((side) => {
        const itf = seg[`${side}_interface`];
        const ends = seg.subnet ? pointToPointEnds(seg.subnet) : null;
        return { itf, vlan: seg.vlan_id, name: seg.vlan_id ? `vlan${seg.vlan_id}-${itf}` : itf, address: ends ? ends[side] : null, prefix: ends?.prefix ?? null, segment: seg, side };
      }),
  );
  const tagged = ports.filter((p) => p.vlan !== null);
  // A VLAN on two of the device's ports passes through it: it is bridged.
  const passing = [...new Set(tagged.map((p) => p.vlan!))].filter((vlan) => tagged.filter((p) => p.vlan === vlan).length > 1).sort((a, b) => a - b);
  const bridged = (p: Port) => p.vlan !== null && passing.includes(p.vlan);

  const vlanPorts = tagged.filter((p) => !(v7 && bridged(p)));
  if (vlanPorts.length) {
    lines.push('', comment('VLANs dos segmentos'), '/interface vlan');
    for (const p of vlanPorts) lines.push(`add name=${quote(p.name)} interface=${quote(p.itf)} vlan-id=${p.vlan} comment=${quote(`LMC ${model.lmc.code} segmento ${p.segment.position}`)}`);
  }
  if (passing.length) {
    lines.push('', comment('VLANs que atravessam o equipamento'), '/interface bridge');
    // 7.x: one bridge with VLAN filtering carries them all; 6.x: a bridge per VLAN joining its VLAN interfaces.
    if (v7) lines.push(`add name="br-lmc" vlan-filtering=yes comment=${quote(`LMC ${model.lmc.code}`)}`);
    else for (const vlan of passing) lines.push(`add name="br-vlan${vlan}" comment=${quote(`LMC ${model.lmc.code}`)}`);
    lines.push('/interface bridge port');
    const members = v7 ? [...new Set(tagged.filter(bridged).map((p) => p.itf))].map((itf) => ({ bridge: 'br-lmc', itf })) : tagged.filter(bridged).map((p) => ({ bridge: `br-vlan${p.vlan}`, itf: p.name }));
    for (const m of members) lines.push(`add bridge=${quote(m.bridge)} interface=${quote(m.itf)}`);
    if (v7) {
      lines.push('/interface bridge vlan');
      for (const vlan of passing) lines.push(`add bridge="br-lmc" tagged=${quote(tagged.filter((p) => p.vlan === vlan).map((p) => p.itf).join(','))} vlan-ids=${vlan}`);
    }
  }
  const addressed = ports.filter((p) => p.address);
  if (addressed.length) {
    lines.push('', comment('Endereços dos segmentos ponto a ponto'), '/ip address');
    for (const p of addressed) {
      const on = bridged(p) ? (v7 ? 'br-lmc' : `br-vlan${p.vlan}`) : p.name;
      lines.push(`add address=${quote(`${p.address}/${p.prefix}`)} interface=${quote(on)} comment=${quote(`LMC ${model.lmc.code} segmento ${p.segment.position}`)}`);
    }
  }
  // Routes toward site B: the device at the from side of a segment with a subnet sends the SVCs' blocks to the next hop.
  const downstream = ports.filter((p) => p.side === 'from' && p.segment.subnet);
  const blocks = model.svcs.filter((x) => x.ip_block);
  if (downstream.length && blocks.length) {
    lines.push('', comment('Rotas para os blocos dos SVCs'), '/ip route');
    for (const p of downstream) {
      const gateway = pointToPointEnds(p.segment.subnet!)!.to;
      for (const svc of blocks) lines.push(`add dst-address=${quote(svc.ip_block!)} gateway=${quote(gateway)} comment=${quote(`SVC ${svc.code} — ${svc.client_name}`)}`);
    }
  }
  for (const union of model.unions) {
    const slaves = [...new Set(union.interfaces[asset.id] ?? [])].sort();
    lines.push('', comment(`União ${union.code} (${union.name})`));
    if (slaves.length < 2) lines.push(comment('Menos de duas interfaces da união neste equipamento: sem bonding aqui.'));
    else lines.push('/interface bonding', `add name=${quote(`bond-${union.code}`)} mode=${union.mode} slaves=${quote(slaves.join(','))}`);
  }
  // The organization's MikroTik settings.
  lines.push('', comment('Configurações da organização'));
  if (s.management_vlan) {
    const upstream = ports.find((p) => p.side === 'to') ?? ports[0];
    if (upstream) {
      lines.push('/interface vlan', `add name=${quote(`vlan${s.management_vlan}-gerencia`)} interface=${quote(upstream.itf)} vlan-id=${s.management_vlan} comment="Gerência"`);
      if (asset.management_ip) lines.push('/ip address', `add address=${quote(`${asset.management_ip}/${asset.management_ip.includes(':') ? 128 : 32}`)} interface=${quote(`vlan${s.management_vlan}-gerencia`)} comment="Gerência"`);
    }
  }
  if (s.dns_servers.length) lines.push('/ip dns', `set servers=${quote(s.dns_servers.join(','))}`);
  if (s.ntp_servers.length) {
    if (v7) {
      lines.push('/system ntp client', 'set enabled=yes', '/system ntp client servers');
      for (const server of s.ntp_servers) lines.push(`add address=${quote(server)}`);
    } else {
      const ips = s.ntp_servers.filter(isIp);
      const names = s.ntp_servers.filter((n) => !isIp(n));
      const args = [ips[0] ? `primary-ntp=${quote(ips[0])}` : '', ips[1] ? `secondary-ntp=${quote(ips[1])}` : '', names.length ? `server-dns-names=${quote(names.join(','))}` : ''].filter(Boolean);
      lines.push('/system ntp client', `set enabled=yes ${args.join(' ')}`);
    }
  }
  if (s.snmp_community) lines.push('/snmp community', `set [ find default=yes ] name=${quote(s.snmp_community)}`, '/snmp', 'set enabled=yes');
  if (s.syslog_server) lines.push('/system logging action', `add name="remoto" target=remote remote=${quote(s.syslog_server)}`, '/system logging', 'add action="remoto" topics="info"', 'add action="remoto" topics="warning"', 'add action="remoto" topics="error"');
  if (s.admin_users.length) {
    lines.push('/user');
    for (const user of s.admin_users) lines.push(comment(`Defina a senha de ${user} no equipamento: /user set ${user} password=...`), `add name=${quote(user)} group=full`);
  }
  if (s.services_to_disable.length) {
    lines.push('/ip service');
    for (const service of [...s.services_to_disable].sort()) lines.push(`set ${quote(service)} disabled=yes`);
  }
  return lines.join('\n') + '\n';
}

/** One script per MikroTik device of the path; a MikroTik without a RouterOS version is skipped with a warning. */
export function generateScripts(model: ScriptModel): { devices: GeneratedScript[]; warnings: string[] } {
  const onPath = [...new Set(model.segments.flatMap((s) => [s.from_asset_id, s.to_asset_id]))];
  const assets = onPath.map((id) => model.assets.find((a) => a.id === id)!).filter((a) => a && a.vendor === 'mikrotik');
  const warnings: string[] = [];
  if (model.segments.length === 0) warnings.push('Esta LMC ainda não tem segmentos: não há equipamentos para configurar.');
  else if (assets.length === 0) warnings.push('Nenhum equipamento MikroTik no caminho desta LMC.');
  const devices: GeneratedScript[] = [];
  for (const a of assets) {
    if (!a.routeros_version) {
      warnings.push(`${a.hostname}: informe a versão do RouterOS no cadastro do ativo para gerar o script.`);
      continue;
    }
    devices.push({ asset_id: a.id, hostname: a.hostname, routeros_version: a.routeros_version, script: deviceScript(a as ScriptAsset & { routeros_version: RouterOsVersion }, model) });
  }
  return { devices, warnings };
}
