/**
 * `POST /api/lmc/{id}/script`: the MikroTik scripts of an LMC's path (generate.ts), each
 * with a unified diff against the last version generated for that device. A version is stored only
 * when the script changed, with who and when; generating twice with nothing changed answers the
 * same script and an empty diff. It writes (the versions), so it needs LMC, not LMC.INDEX.
 * `GET` answers the last versions to anyone who may read the LMC.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, inArray, ne, notInArray, or } from 'drizzle-orm';
import { createTwoFilesPatch } from 'diff';
import { type RouterOsVersion, formatCidr, formatIp, idParam, lmcResource, parseCidr, parseIp, scriptLast, scriptResult, type ScriptDevice, type ScriptLastDevice } from '@operacoes/contract';
import { userOf } from '../../../core/access';
import type { DbOrTx } from '../../../core/db';
import { HttpError } from '../../../core/errors';
import { findVisible } from '../../../core/resource';
import { users } from '../../../core/schema';
import { getOrganizationSettings } from '../../organization-settings';
import { networkAssets, networkInterfaces } from '../asset/schema';
import { circuits } from '../circuit/schema';
import { lmcs, lmxSegments } from '../lmc/schema';
import { svcs } from '../svc/schema';
import { networkUnions, unionMembers } from '../union/schema';
import { ScriptRefusal, generateScripts, type ScriptModel } from './generate';
import { mikrotikScriptVersions } from './schema';

type LmcRow = typeof lmcs.$inferSelect;
const LMC_VISIBLE = { table: lmcs, tenancy: 'organization' as const, label: 'LMC', gender: 'f' as const };

/**
 * Everything the generator needs about an LMC: its path — with a union, every LMC member's path —,
 * the devices on them (with their inventory interfaces), the SVCs they carry, the settings, and the
 * other LMCs each device also carries.
 */
export async function loadModel(db: DbOrTx, lmc: LmcRow): Promise<ScriptModel> {
  const [membership] = await db
    .select({ id: networkUnions.id, code: networkUnions.code, name: networkUnions.name, mode: networkUnions.mode })
    .from(unionMembers)
    .innerJoin(networkUnions, eq(networkUnions.id, unionMembers.union_id))
    .where(eq(unionMembers.lmc_id, lmc.id))
    .limit(1);
  const members = membership ? await db.select().from(unionMembers).where(eq(unionMembers.union_id, membership.id)).orderBy(asc(unionMembers.position), asc(unionMembers.id)) : [];
  const lmcIds = membership ? members.map((m) => m.lmc_id).filter((v): v is number => v !== null) : [lmc.id];
  const lmcRows = await db.select({ id: lmcs.id, code: lmcs.code, name: lmcs.name }).from(lmcs).where(inArray(lmcs.id, lmcIds));
  const circuitRows = members.some((m) => m.circuit_id)
    ? await db.select({ id: circuits.id, carrier: circuits.carrier, designation: circuits.designation }).from(circuits).where(inArray(circuits.id, members.map((m) => m.circuit_id).filter((v): v is number => v !== null)))
    : [];
  const segments = await db.select().from(lmxSegments).where(inArray(lmxSegments.lmc_id, lmcIds)).orderBy(asc(lmxSegments.position), asc(lmxSegments.id));
  const svcRows = await db
    .select({ code: svcs.code, client_name: svcs.client_name, ip_block: svcs.ip_block, gateway: svcs.gateway, vlan_id: svcs.vlan_id, lmc_id: svcs.lmc_id, delivery_interface_id: svcs.delivery_interface_id })
    .from(svcs)
    .where(and(inArray(svcs.lmc_id, lmcIds), ne(svcs.status, 'cancelado')))
    .orderBy(asc(svcs.code));
  const deliveries = svcRows.some((s) => s.delivery_interface_id)
    ? await db.select({ id: networkInterfaces.id, asset_id: networkInterfaces.asset_id, name: networkInterfaces.name }).from(networkInterfaces).where(inArray(networkInterfaces.id, svcRows.map((s) => s.delivery_interface_id).filter((v): v is number => v !== null)))
    : [];
  const assetIds = [...new Set([...segments.flatMap((s) => [s.from_asset_id, s.to_asset_id]), ...deliveries.map((d) => d.asset_id)])];
  const [assets, itfs, circuitNames, others, settings] = await Promise.all([
    assetIds.length ? db.select().from(networkAssets).where(inArray(networkAssets.id, assetIds)) : [],
    assetIds.length
      ? db.select({ id: networkInterfaces.id, asset_id: networkInterfaces.asset_id, name: networkInterfaces.name, type: networkInterfaces.type }).from(networkInterfaces).where(inArray(networkInterfaces.asset_id, assetIds)).orderBy(asc(networkInterfaces.position), asc(networkInterfaces.id))
      : [],
    db.select({ id: circuits.id, carrier: circuits.carrier, designation: circuits.designation }).from(circuits).where(inArray(circuits.id, [0, ...segments.map((s) => s.circuit_id).filter((v): v is number => v !== null)])),
    // The other LMCs on these devices: their shared items stay when this one is removed.
    assetIds.length
      ? db
          .selectDistinct({ code: lmcs.code, from: lmxSegments.from_asset_id, to: lmxSegments.to_asset_id })
          .from(lmxSegments)
          .innerJoin(lmcs, eq(lmcs.id, lmxSegments.lmc_id))
          .where(and(notInArray(lmxSegments.lmc_id, lmcIds), or(inArray(lmxSegments.from_asset_id, assetIds), inArray(lmxSegments.to_asset_id, assetIds))))
          .orderBy(asc(lmcs.code))
      : [],
    getOrganizationSettings(db, lmc.organization_id, 'mikrotik'),
  ]);
  const itfName = new Map(itfs.map((i) => [i.id, i.name]));
  const code = new Map(lmcRows.map((l) => [l.id, l]));
  const shared: Record<number, string[]> = {};
  for (const o of others) for (const a of [o.from, o.to]) if (assetIds.includes(a) && !(shared[a] ??= []).includes(o.code)) shared[a].push(o.code);
  const canonical = (v: string | null) => (v ? (parseCidr(v) ? formatCidr(parseCidr(v)!) : v) : null);
  return {
    lmc: { code: lmc.code, name: lmc.name },
    paths: lmcIds.map((id) => ({
      code: code.get(id)!.code,
      name: code.get(id)!.name,
      segments: segments
        .filter((s) => s.lmc_id === id)
        .map((s) => {
          const c = circuitNames.find((x) => x.id === s.circuit_id);
          return { position: s.position, from_asset_id: s.from_asset_id, from_interface: itfName.get(s.from_interface_id) ?? '', to_asset_id: s.to_asset_id, to_interface: itfName.get(s.to_interface_id) ?? '', medium: s.medium, vlan_id: s.vlan_id, capacity_mbps: s.capacity_mbps, subnet: canonical(s.subnet), circuit: c ? `${c.carrier} ${c.designation}` : null };
        }),
    })),
    union: membership
      ? {
          code: membership.code,
          name: membership.name,
          mode: membership.mode,
          members: members.flatMap((m) => (m.lmc_id && code.has(m.lmc_id) ? [code.get(m.lmc_id)!.code] : [])),
          circuits: members.flatMap((m) => {
            const c = circuitRows.find((x) => x.id === m.circuit_id);
            return c ? [`${c.carrier} ${c.designation}`] : [];
          }),
        }
      : null,
    assets: assets.map((a) => ({
      id: a.id,
      hostname: a.hostname,
      vendor: a.vendor,
      role: a.role,
      routeros_version: a.routeros_version as RouterOsVersion | null,
      management_ip: a.management_ip,
      management_interface: a.management_interface,
      interfaces: itfs.filter((i) => i.asset_id === a.id).map((i) => ({ name: i.name, type: i.type })),
    })),
    svcs: svcRows.map((s) => {
      const d = deliveries.find((x) => x.id === s.delivery_interface_id);
      return {
        code: s.code,
        client_name: s.client_name,
        ip_block: canonical(s.ip_block),
        gateway: s.gateway ? formatIp(parseIp(s.gateway.split('/')[0])!) : null,
        vlan_id: s.vlan_id,
        lmc_code: code.get(s.lmc_id!)!.code,
        delivery: d ? { asset_id: d.asset_id, interface: d.name } : null,
      };
    }),
    settings,
    shared,
  };
}

/** The last two versions of each device's script for this LMC, newest first per device, devices by hostname. */
async function lastScripts(db: DbOrTx, lmcId: number): Promise<ScriptLastDevice[]> {
  const rows = await db
    .select({ asset_id: mikrotikScriptVersions.asset_id, script: mikrotikScriptVersions.script, removal_script: mikrotikScriptVersions.removal_script, at: mikrotikScriptVersions.generated_at, by: users.username, hostname: networkAssets.hostname, version: networkAssets.routeros_version })
    .from(mikrotikScriptVersions)
    .innerJoin(networkAssets, eq(networkAssets.id, mikrotikScriptVersions.asset_id))
    .leftJoin(users, eq(users.id, mikrotikScriptVersions.generated_by))
    .where(eq(mikrotikScriptVersions.lmc_id, lmcId))
    .orderBy(asc(networkAssets.hostname), asc(mikrotikScriptVersions.asset_id), desc(mikrotikScriptVersions.id));
  const out: ScriptLastDevice[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (i > 0 && rows[i - 1].asset_id === r.asset_id) continue;
    const previous = rows[i + 1]?.asset_id === r.asset_id ? rows[i + 1] : undefined;
    out.push({
      asset_id: r.asset_id,
      hostname: r.hostname,
      routeros_version: (r.version as ScriptLastDevice['routeros_version']) ?? null,
      script: r.script,
      removal_script: r.removal_script,
      generated_at: r.at.toISOString(),
      generated_by: r.by ?? null,
      previous_script: previous?.script ?? null,
      diff: previous ? createTwoFilesPatch(`${r.hostname}.rsc`, `${r.hostname}.rsc`, previous.script, r.script, 'anterior', 'nova') : '',
      previous_generated_at: previous?.at.toISOString() ?? null,
      previous_generated_by: previous?.by ?? null,
    });
  }
  return out;
}

export async function scriptRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/lmc/:id/script',
    {
      config: { access: lmcResource.access.read },
      schema: {
        tags: ['lmc'],
        summary: 'Últimos scripts MikroTik gerados',
        description: 'O último script gerado de cada equipamento da LMC, com a diferença para a versão anterior. Só lê: basta LMC.INDEX. 404 quando nenhum script foi gerado.',
        params: idParam,
        response: { 200: scriptLast },
      },
    },
    async (req) => {
      const lmc = await findVisible<LmcRow>(LMC_VISIBLE, app.db, userOf(req), req.params.id);
      const devices = await lastScripts(app.db, lmc.id);
      if (devices.length === 0) throw new HttpError(404, 'Nenhum script foi gerado para esta LMC ainda.');
      return { devices };
    },
  );
  app.post(
    '/lmc/:id/script',
    {
      config: { access: lmcResource.access.write },
      schema: {
        tags: ['lmc'],
        summary: 'Gerar os scripts MikroTik',
        description:
          'Um script RouterOS por equipamento MikroTik do caminho da LMC (com uma união, a união inteira), reaplicável, com o script "Remover configuração" e a diferença para a última versão gerada de cada um. 422 quando o caminho não permite um script correto (por exemplo, um bloco IPv6 sem próximo salto IPv6), com a frase que diz o trecho.',
        params: idParam,
        response: { 200: scriptResult },
      },
    },
    async (req) => {
      const user = userOf(req);
      const lmc = await findVisible<LmcRow>(LMC_VISIBLE, app.db, user, req.params.id);
      let generated: ReturnType<typeof generateScripts>;
      try {
        generated = generateScripts(await loadModel(app.db, lmc));
      } catch (e) {
        if (e instanceof ScriptRefusal) throw new HttpError(422, e.message);
        throw e;
      }
      const { devices, warnings } = generated;
      const answered: ScriptDevice[] = await app.db.transaction(async (tx) => {
        const out: ScriptDevice[] = [];
        for (const d of devices) {
          const [previous] = await tx
            .select({ script: mikrotikScriptVersions.script, removal_script: mikrotikScriptVersions.removal_script, at: mikrotikScriptVersions.generated_at, by: users.username })
            .from(mikrotikScriptVersions)
            .leftJoin(users, eq(users.id, mikrotikScriptVersions.generated_by))
            .where(and(eq(mikrotikScriptVersions.lmc_id, lmc.id), eq(mikrotikScriptVersions.asset_id, d.asset_id)))
            .orderBy(desc(mikrotikScriptVersions.id))
            .limit(1);
          const changed = !previous || previous.script !== d.script || previous.removal_script !== d.removal_script;
          if (changed) await tx.insert(mikrotikScriptVersions).values({ organization_id: lmc.organization_id, lmc_id: lmc.id, asset_id: d.asset_id, script: d.script, removal_script: d.removal_script, generated_by: user.id });
          out.push({
            ...d,
            previous_script: previous?.script ?? null,
            diff: previous && previous.script !== d.script ? createTwoFilesPatch(`${d.hostname}.rsc`, `${d.hostname}.rsc`, previous.script, d.script, 'anterior', 'nova') : '',
            previous_generated_at: previous?.at.toISOString() ?? null,
            previous_generated_by: previous?.by ?? null,
          });
        }
        return out;
      });
      return { devices: answered, warnings };
    },
  );
}
