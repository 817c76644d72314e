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
 * the devices on them (with their inventory interfaces), the SVCs they carry, the settings, the
 * other LMCs each device also carries and what those take on the shared devices (`neighbours`), and
 * for a union's circuit member, the LMC segment riding on it.
 */
export async function loadModel(db: DbOrTx, lmc: LmcRow): Promise<ScriptModel> {
  const unionOf = async (lmcId: number) =>
    (
      await db
        .select({ id: networkUnions.id, code: networkUnions.code, name: networkUnions.name, mode: networkUnions.mode })
        .from(unionMembers)
        .innerJoin(networkUnions, eq(networkUnions.id, unionMembers.union_id))
        .where(eq(unionMembers.lmc_id, lmcId))
        .limit(1)
    )[0];
  const membersOf = (unionId: number) => db.select().from(unionMembers).where(eq(unionMembers.union_id, unionId)).orderBy(asc(unionMembers.position), asc(unionMembers.id));
  const membership = await unionOf(lmc.id);
  const members = membership ? await membersOf(membership.id) : [];
  const lmcIds = membership ? members.map((m) => m.lmc_id).filter((v): v is number => v !== null) : [lmc.id];
  const circuitIds = members.map((m) => m.circuit_id).filter((v): v is number => v !== null);
  const circuitRows = circuitIds.length ? await db.select({ id: circuits.id, carrier: circuits.carrier, designation: circuits.designation }).from(circuits).where(inArray(circuits.id, circuitIds)) : [];
  // A circuit member's hand-off, where an LMC segment rides on it.
  const riding = circuitIds.length
    ? await db.select({ circuit_id: lmxSegments.circuit_id, code: lmcs.code, position: lmxSegments.position }).from(lmxSegments).innerJoin(lmcs, eq(lmcs.id, lmxSegments.lmc_id)).where(inArray(lmxSegments.circuit_id, circuitIds)).orderBy(asc(lmcs.code), asc(lmxSegments.position))
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

  // The other LMCs on these devices, each with its union's LMCs (its script configures the union whole).
  const others = assetIds.length
    ? await db
        .selectDistinct({ id: lmcs.id, code: lmcs.code, from: lmxSegments.from_asset_id, to: lmxSegments.to_asset_id })
        .from(lmxSegments)
        .innerJoin(lmcs, eq(lmcs.id, lmxSegments.lmc_id))
        .where(and(notInArray(lmxSegments.lmc_id, lmcIds), or(inArray(lmxSegments.from_asset_id, assetIds), inArray(lmxSegments.to_asset_id, assetIds))))
        .orderBy(asc(lmcs.code))
    : [];
  const groups: { code: string; union: Awaited<ReturnType<typeof unionOf>> | undefined; lmcIds: number[] }[] = [];
  for (const id of [...new Set(others.map((o) => o.id))]) {
    if (groups.some((g) => g.lmcIds.includes(id))) continue;
    const u = await unionOf(id);
    const ids = u ? (await membersOf(u.id)).map((m) => m.lmc_id).filter((v): v is number => v !== null) : [id];
    groups.push({ code: others.find((o) => o.id === id)!.code, union: u, lmcIds: ids });
  }
  const neighbourIds = groups.flatMap((g) => g.lmcIds);
  const [neighbourSegments, neighbourSvcs] = neighbourIds.length
    ? await Promise.all([
        db.select().from(lmxSegments).where(inArray(lmxSegments.lmc_id, neighbourIds)).orderBy(asc(lmxSegments.position), asc(lmxSegments.id)),
        db
          .select({ code: svcs.code, lmc_id: svcs.lmc_id, vlan_id: svcs.vlan_id, asset_id: networkInterfaces.asset_id, interface: networkInterfaces.name })
          .from(svcs)
          .innerJoin(networkInterfaces, eq(networkInterfaces.id, svcs.delivery_interface_id))
          .where(and(inArray(svcs.lmc_id, neighbourIds), ne(svcs.status, 'cancelado')))
          .orderBy(asc(svcs.code)),
      ])
    : [[], []];
  const allAssetIds = [...new Set([...assetIds, ...neighbourSegments.flatMap((s) => [s.from_asset_id, s.to_asset_id])])];
  const [assets, itfs, circuitNames, lmcRows, settings] = await Promise.all([
    allAssetIds.length ? db.select().from(networkAssets).where(inArray(networkAssets.id, allAssetIds)) : [],
    allAssetIds.length
      ? db.select({ id: networkInterfaces.id, asset_id: networkInterfaces.asset_id, name: networkInterfaces.name, type: networkInterfaces.type }).from(networkInterfaces).where(inArray(networkInterfaces.asset_id, allAssetIds)).orderBy(asc(networkInterfaces.position), asc(networkInterfaces.id))
      : [],
    db.select({ id: circuits.id, carrier: circuits.carrier, designation: circuits.designation }).from(circuits).where(inArray(circuits.id, [0, ...[...segments, ...neighbourSegments].map((s) => s.circuit_id).filter((v): v is number => v !== null)])),
    db.select({ id: lmcs.id, code: lmcs.code, name: lmcs.name }).from(lmcs).where(inArray(lmcs.id, [...lmcIds, ...neighbourIds])),
    getOrganizationSettings(db, lmc.organization_id, 'mikrotik'),
  ]);
  const itfName = new Map(itfs.map((i) => [i.id, i.name]));
  const code = new Map(lmcRows.map((l) => [l.id, l]));
  const shared: Record<number, string[]> = {};
  for (const o of others) for (const a of [o.from, o.to]) if (assetIds.includes(a) && !(shared[a] ??= []).includes(o.code)) shared[a].push(o.code);
  const canonical = (v: string | null) => (v ? (parseCidr(v) ? formatCidr(parseCidr(v)!) : v) : null);
  const pathsOf = (ids: number[], rows: (typeof lmxSegments.$inferSelect)[]) =>
    ids.map((id) => ({
      code: code.get(id)!.code,
      name: code.get(id)!.name,
      segments: rows
        .filter((s) => s.lmc_id === id)
        .map((s) => {
          const c = circuitNames.find((x) => x.id === s.circuit_id);
          return { position: s.position, from_asset_id: s.from_asset_id, from_interface: itfName.get(s.from_interface_id) ?? '', to_asset_id: s.to_asset_id, to_interface: itfName.get(s.to_interface_id) ?? '', medium: s.medium, vlan_id: s.vlan_id, capacity_mbps: s.capacity_mbps, subnet: canonical(s.subnet), circuit: c ? `${c.carrier} ${c.designation}` : null };
        }),
    }));
  const assetOf = (a: (typeof assets)[number]) => ({
    id: a.id,
    hostname: a.hostname,
    vendor: a.vendor,
    role: a.role,
    routeros_version: a.routeros_version as RouterOsVersion | null,
    management_ip: a.management_ip,
    management_interface: a.management_interface,
    interfaces: itfs.filter((i) => i.asset_id === a.id).map((i) => ({ name: i.name, type: i.type })),
  });
  const unionModel = (u: NonNullable<typeof membership>, ms: (typeof unionMembers.$inferSelect)[]) => ({
    code: u.code,
    name: u.name,
    mode: u.mode,
    members: ms.flatMap((m) => (m.lmc_id && code.has(m.lmc_id) ? [code.get(m.lmc_id)!.code] : [])),
    circuits: ms.flatMap((m) => {
      const c = circuitRows.find((x) => x.id === m.circuit_id);
      const r = riding.find((x) => x.circuit_id === m.circuit_id);
      return c ? [{ label: `${c.carrier} ${c.designation}`, segment: r ? { lmc: r.code, position: r.position } : null }] : [];
    }),
  });
  return {
    lmc: { code: lmc.code, name: lmc.name },
    paths: pathsOf(lmcIds, segments),
    union: membership ? unionModel(membership, members) : null,
    assets: assets.filter((a) => assetIds.includes(a.id)).map(assetOf),
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
    neighbours: await Promise.all(
      groups.map(async (g) => ({
        code: g.code,
        paths: pathsOf(g.lmcIds, neighbourSegments),
        union: g.union ? { ...unionModel(g.union, await membersOf(g.union.id)), circuits: [] } : null,
        svcs: neighbourSvcs
          .filter((s) => s.lmc_id !== null && g.lmcIds.includes(s.lmc_id))
          .map((s) => ({ code: s.code, client_name: '', ip_block: null, gateway: null, vlan_id: s.vlan_id, lmc_code: code.get(s.lmc_id!)!.code, delivery: { asset_id: s.asset_id, interface: s.interface } })),
        assets: assets.filter((a) => !assetIds.includes(a.id) && neighbourSegments.some((s) => g.lmcIds.includes(s.lmc_id) && (s.from_asset_id === a.id || s.to_asset_id === a.id))).map(assetOf),
      })),
    ),
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
          'Um script RouterOS por equipamento MikroTik do caminho da LMC (com uma união, a união inteira), reaplicável, com o script "Remover configuração" e a diferença para a última versão gerada de cada um. 422 quando o caminho não permite um script correto — um bloco IPv6 sem próximo salto IPv6, um circuito de operadora como membro da união, duas LMCs querendo a mesma porta de um roteador em bridges diferentes —, com a frase que diz o que corrigir.',
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
