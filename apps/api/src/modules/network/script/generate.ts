/**
 * MikroTik RouterOS scripts of an LMC's path (plan.ts decides what each device needs): one per
 * MikroTik device, in the dialect of its RouterOS major version, plus its "Remover configuração"
 * script. Pure: the same model gives the same scripts (no clock, fixed order).
 *
 * Re-runnable: every object the script creates carries a comment tag `operacoes:<owner>:<key>`
 * (the owner is the LMC, its union, or `equipamento` for what every LMC of the device shares); a
 * line creates it when no object has its tag and sets it otherwise (an address: when the interface
 * has no such address, tagged or not — the router may already have it), and what an earlier version
 * tagged and this one no longer creates is removed first. So version N+1 applied on a router with
 * version N converges, and applying a script twice changes nothing. Every value goes through
 * `quote()`, so no text from the database can end its argument and start a command.
 */
import type { RouterOsVersion } from '@operacoes/contract';
import { type DevicePlan, type ScriptModel, planScripts } from './plan';
import { CREATE_ORDER, DEVICE_OWNER, MENUS, REMOVE_ORDER, comment, ensureByName, ensureFound, ensureLine, inDialect, quote, removeTagged, renderProps } from './routeros';

export { quote } from './routeros';
export { ScriptRefusal, type ScriptAsset, type ScriptModel, type ScriptNeighbour, type ScriptPath, type ScriptSegment, type ScriptSvc, type ScriptUnion, type ScriptUnionCircuit } from './plan';
export type GeneratedScript = { asset_id: number; hostname: string; routeros_version: RouterOsVersion; script: string; removal_script: string };

const isIp = (v: string) => /^[0-9.]+$/.test(v) || v.includes(':');
/** The name of the remote logging action the scripts create. */
const SYSLOG_ACTION = 'operacoes';
/** The services limited to the management blocks (when not disabled). */
const MANAGED_SERVICES = ['api', 'ssh', 'winbox'] as const;

function header(plan: DevicePlan, model: ScriptModel, what: string): string[] {
  const u = model.union;
  return [
    comment(`Operações — ${what} — LMC ${model.lmc.code} (${model.lmc.name})${u ? ` · união ${u.code} (${u.name}), configurada inteira` : ''}`),
    comment(`Equipamento ${plan.asset.hostname} · RouterOS ${plan.asset.routeros_version}`),
  ];
}

function deviceScript(plan: DevicePlan, model: ScriptModel): string {
  const v7 = plan.asset.routeros_version === '7.x';
  const s = model.settings;
  const owners = [...plan.owners, DEVICE_OWNER];
  const lines = [
    ...header(plan, model, 'configuração'),
    comment('Gerado automaticamente: revise antes de aplicar. Pode ser aplicado de novo: cada objeto criado leva a etiqueta (comment) operacoes:<dono>:<chave> — sem ela, add; com ela, set. Um endereço que a interface já tem (com etiqueta ou não) não é criado de novo.'),
    comment('Manual: Scripting (:if, :len, find) — help.mikrotik.com/docs/display/ROS/Scripting'),
    ...plan.notes.map(comment),
    '',
    comment('Identidade — manual: Identity'),
    '/system identity',
    `set name=${quote(plan.asset.hostname)}`,
    '',
    comment(`Limpeza: remove o que versões anteriores deste script etiquetaram (${owners.join(', ')}) e esta não cria mais — manual: Scripting (find where, comment~)`),
    ...REMOVE_ORDER.filter((m) => inDialect(m, v7)).map((menu) => removeTagged(menu, owners, plan.objects.filter((o) => o.menu === menu && !o.byName).map((o) => o.tag))),
  ];
  for (const menu of CREATE_ORDER) {
    if (menu === '/user' || menu === '/system ntp client servers') continue;
    const objects = plan.objects.filter((o) => o.menu === menu);
    if (objects.length) {
      lines.push('', comment(`${MENUS[menu].title} — manual: ${MENUS[menu].manual}`));
      for (const o of objects) {
        if (o.note) lines.push(comment(o.note));
        lines.push(o.findBy ? ensureFound(menu, o.findBy, o.props, o.tag) : ensureLine(menu, o.tag, o.props, o.addOnly));
      }
    }
    if (menu === '/interface bridge vlan' && plan.enableFiltering.length) {
      lines.push('', comment('VLAN filtering ligado com as portas e a tabela de VLANs no lugar — manual: Bridging and Switching › Bridge VLAN Filtering'));
      for (const tag of plan.enableFiltering) lines.push(`/interface bridge set [find comment=${quote(tag)}] vlan-filtering=yes`);
    }
  }

  lines.push('', comment('Configurações da organização'));
  if (s.dns_servers.length) lines.push(comment('DNS — manual: DNS'), '/ip dns', `set servers=${quote(s.dns_servers.join(','))}`);
  if (s.ntp_servers.length) {
    lines.push(comment(`NTP — manual: NTP${v7 ? ' (RouterOS 7: servidores como itens)' : ''}`));
    if (v7) {
      lines.push('/system ntp client', 'set enabled=yes');
      for (const o of plan.objects.filter((x) => x.menu === '/system ntp client servers')) lines.push(ensureLine(o.menu, o.tag, o.props));
    } else {
      const ips = s.ntp_servers.filter(isIp);
      const names = s.ntp_servers.filter((n) => !isIp(n));
      const args = [ips[0] ? `primary-ntp=${quote(ips[0])}` : '', ips[1] ? `secondary-ntp=${quote(ips[1])}` : '', names.length ? `server-dns-names=${quote(names.join(','))}` : ''].filter(Boolean);
      lines.push('/system ntp client', `set enabled=yes ${args.join(' ')}`);
    }
  }
  if (s.snmp_community) lines.push(comment('SNMP — manual: SNMP'), '/snmp community', `set [ find default=yes ] name=${quote(s.snmp_community)}`, '/snmp', 'set enabled=yes');
  if (s.syslog_server) {
    const action = quote(SYSLOG_ACTION);
    lines.push(
      comment('Syslog remoto — manual: Log'),
      `:if ([:len [/system logging action find name=${action}]] = 0) do={ /system logging action add name=${action} target=remote remote=${quote(s.syslog_server)} } else={ /system logging action set [find name=${action}] target=remote remote=${quote(s.syslog_server)} }`,
      ...['info', 'warning', 'error'].map((topic) => `:if ([:len [/system logging find action=${action} topics=${quote(topic)}]] = 0) do={ /system logging add action=${action} topics=${quote(topic)} }`),
    );
  }
  const users = plan.objects.filter((o) => o.menu === '/user');
  if (users.length) {
    lines.push(comment(`${MENUS['/user'].title} — manual: ${MENUS['/user'].manual}`));
    for (const o of users) {
      const name = o.byName!;
      lines.push(
        comment(`${name}: criado desativado e sem senha. No equipamento: /user set [find name=${quote(name)}] password=<senha forte> disabled=no`),
        ensureByName('/user', name, o.props, o.tag),
      );
    }
  }
  const disabled = [...s.services_to_disable].sort();
  const limited = MANAGED_SERVICES.filter((x) => !disabled.includes(x));
  if (disabled.length || limited.length) lines.push(comment('Serviços — manual: Services'), '/ip service');
  for (const service of disabled) lines.push(`set ${quote(service)} disabled=yes`);
  if (plan.managementBlocks.length) {
    lines.push(comment(`${limited.join(', ')} só a partir dos blocos de gerência (aplique estando num deles)`));
    for (const service of limited) lines.push(`set ${quote(service)} ${renderProps([['address', plan.managementBlocks.join(',')]])}`);
  } else if (limited.length) lines.push(comment(`Sem blocos de gerência nas configurações: ${limited.join(', ')} ficam abertos a qualquer endereço.`));
  return lines.join('\n') + '\n';
}

/** The "Remover configuração" script: what the configuration script created, by its tags; the device's own items stay. */
function removalScript(plan: DevicePlan, model: ScriptModel): string {
  const v7 = plan.asset.routeros_version === '7.x';
  const alone = plan.shared.length === 0;
  const owners = alone ? [...plan.owners, DEVICE_OWNER] : plan.owners;
  const lines = [
    ...header(plan, model, 'remover configuração'),
    comment('Remove, pelas etiquetas (comment), o que o script de configuração criou; o que o equipamento já tinha fica.'),
    comment('Manual: Scripting (find where, comment~) — help.mikrotik.com/docs/display/ROS/Scripting'),
    '',
    ...REMOVE_ORDER.filter((m) => inDialect(m, v7)).map((menu) => removeTagged(menu, owners)),
  ];
  if (alone) {
    lines.push(removeTagged('/user', [DEVICE_OWNER]));
    if (model.settings.syslog_server) lines.push(`/system logging remove [find action=${quote(SYSLOG_ACTION)}]`, `/system logging action remove [find name=${quote(SYSLOG_ACTION)}]`);
  } else {
    lines.push(comment(`Gerência, usuários, NTP e syslog ficam: ${plan.asset.hostname} também leva ${plan.shared.join(', ')}.`));
  }
  lines.push(comment('Identidade, DNS, SNMP e serviços não são alterados.'));
  return lines.join('\n') + '\n';
}

/** One script (and its removal) per MikroTik device of the path; a MikroTik without a RouterOS version is skipped with a warning. */
export function generateScripts(model: ScriptModel): { devices: GeneratedScript[]; warnings: string[] } {
  const own = model.paths.find((p) => p.code === model.lmc.code) ?? model.paths[0];
  if (!own || own.segments.length === 0) return { devices: [], warnings: ['Esta LMC ainda não tem segmentos: não há equipamentos para configurar.'] };
  const { devices, warnings } = planScripts(model);
  if (devices.length === 0 && !model.assets.some((a) => a.vendor === 'mikrotik')) warnings.push('Nenhum equipamento MikroTik no caminho desta LMC.');
  return {
    devices: devices.map((plan) => ({
      asset_id: plan.asset.id,
      hostname: plan.asset.hostname,
      routeros_version: plan.asset.routeros_version,
      script: deviceScript(plan, model),
      removal_script: removalScript(plan, model),
    })),
    warnings,
  };
}
