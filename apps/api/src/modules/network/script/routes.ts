/**
 * `POST /api/lmc/{id}/script`: the MikroTik scripts of an LMC's path (generate.ts), each
 * with a unified diff against the last version generated for that device. A version is stored only
 * when the script changed, with who and when; generating twice with nothing changed answers the
 * same script and an empty diff. It writes (the versions), so it needs LMC, not LMC.INDEX.
 * `GET` answers the last versions to anyone who may read the LMC.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { createTwoFilesPatch } from 'diff';
import { idParam, lmcResource, scriptLast, scriptResult, type ScriptDevice, type ScriptLastDevice } from '@operacoes/contract';
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
import { generateScripts, type ScriptModel } from './generate';
import { mikrotikScriptVersions } from './schema';

type LmcRow = typeof lmcs.$inferSelect;
const LMC_VISIBLE = { table: lmcs, tenancy: 'organization' as const, label: 'LMC', gender: 'f' as const };

/** Everything the generator needs about an LMC: its path, devices, SVCs, unions (with their interfaces per device) and settings. */
async function loadModel(db: DbOrTx, lmc: LmcRow): Promise<ScriptModel> {
  const path = await db.select().from(lmxSegments).where(eq(lmxSegments.lmc_id, lmc.id)).orderBy(asc(lmxSegments.position), asc(lmxSegments.id));
  const unionRows = await db.select({ id: networkUnions.id, code: networkUnions.code, name: networkUnions.name, mode: networkUnions.mode }).from(unionMembers).innerJoin(networkUnions, eq(networkUnions.id, unionMembers.union_id)).where(eq(unionMembers.lmc_id, lmc.id)).orderBy(asc(networkUnions.code));
  const members = unionRows.length ? await db.select().from(unionMembers).where(inArray(unionMembers.union_id, unionRows.map((u) => u.id))) : [];
  // The union members' segments (LMCs, and the segments that run over member circuits) give the bonding's interfaces.
  const memberSegments = members.length
    ? await db
        .select()
        .from(lmxSegments)
        .where(inArray(lmxSegments.lmc_id, [0, ...members.map((m) => m.lmc_id).filter((v): v is number => v !== null)]))
        .union(db.select().from(lmxSegments).where(inArray(lmxSegments.circuit_id, [0, ...members.map((m) => m.circuit_id).filter((v): v is number => v !== null)])))
    : [];
  const all = [...path, ...memberSegments];
  const assetIds = [...new Set(all.flatMap((s) => [s.from_asset_id, s.to_asset_id]))];
  const itfIds = [...new Set(all.flatMap((s) => [s.from_interface_id, s.to_interface_id]))];
  const [assets, itfs, circuitRows, svcRows, settings] = await Promise.all([
    assetIds.length ? db.select().from(networkAssets).where(inArray(networkAssets.id, assetIds)) : [],
    itfIds.length ? db.select({ id: networkInterfaces.id, name: networkInterfaces.name }).from(networkInterfaces).where(inArray(networkInterfaces.id, itfIds)) : [],
    db.select({ id: circuits.id, carrier: circuits.carrier, designation: circuits.designation }).from(circuits).where(inArray(circuits.id, [0, ...path.map((s) => s.circuit_id).filter((v): v is number => v !== null)])),
    db.select({ code: svcs.code, client_name: svcs.client_name, ip_block: svcs.ip_block }).from(svcs).where(and(eq(svcs.lmc_id, lmc.id))).orderBy(asc(svcs.code)),
    getOrganizationSettings(db, lmc.organization_id, 'mikrotik'),
  ]);
  const itfName = new Map(itfs.map((i) => [i.id, i.name]));
  const unions = unionRows.map((u) => {
    const mine = members.filter((m) => m.union_id === u.id);
    const segs = memberSegments.filter((s) => mine.some((m) => (m.lmc_id && m.lmc_id === s.lmc_id) || (m.circuit_id && m.circuit_id === s.circuit_id)));
    const interfaces: Record<number, string[]> = {};
    for (const s of segs)
      for (const side of ['from', 'to'] as const) (interfaces[s[`${side}_asset_id`]] ??= []).push(itfName.get(s[`${side}_interface_id`]) ?? '');
    return { code: u.code, name: u.name, mode: u.mode, interfaces };
  });
  return {
    lmc: { code: lmc.code, name: lmc.name },
    assets: assets.map((a) => ({ id: a.id, hostname: a.hostname, vendor: a.vendor, routeros_version: a.routeros_version as ScriptModel["assets"][number]["routeros_version"], management_ip: a.management_ip })),
    segments: path.map((s) => {
      const c = circuitRows.find((x) => x.id === s.circuit_id);
      return { position: s.position, from_asset_id: s.from_asset_id, from_interface: itfName.get(s.from_interface_id) ?? '', to_asset_id: s.to_asset_id, to_interface: itfName.get(s.to_interface_id) ?? '', medium: s.medium, vlan_id: s.vlan_id, capacity_mbps: s.capacity_mbps, subnet: s.subnet, circuit: c ? `${c.carrier} ${c.designation}` : null };
    }),
    svcs: svcRows,
    unions,
    settings,
  };
}

/** The last two versions of each device's script for this LMC, newest first per device, devices by hostname. */
async function lastScripts(db: DbOrTx, lmcId: number): Promise<ScriptLastDevice[]> {
  const rows = await db
    .select({ asset_id: mikrotikScriptVersions.asset_id, script: mikrotikScriptVersions.script, at: mikrotikScriptVersions.generated_at, by: users.username, hostname: networkAssets.hostname, version: networkAssets.routeros_version })
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
        description: 'Um script RouterOS por equipamento MikroTik do caminho da LMC, com a diferença para a última versão gerada de cada um.',
        params: idParam,
        response: { 200: scriptResult },
      },
    },
    async (req) => {
      const user = userOf(req);
      const lmc = await findVisible<LmcRow>(LMC_VISIBLE, app.db, user, req.params.id);
      const { devices, warnings } = generateScripts(await loadModel(app.db, lmc));
      const answered: ScriptDevice[] = await app.db.transaction(async (tx) => {
        const out: ScriptDevice[] = [];
        for (const d of devices) {
          const [previous] = await tx
            .select({ script: mikrotikScriptVersions.script, at: mikrotikScriptVersions.generated_at, by: users.username })
            .from(mikrotikScriptVersions)
            .leftJoin(users, eq(users.id, mikrotikScriptVersions.generated_by))
            .where(and(eq(mikrotikScriptVersions.lmc_id, lmc.id), eq(mikrotikScriptVersions.asset_id, d.asset_id)))
            .orderBy(desc(mikrotikScriptVersions.id))
            .limit(1);
          const changed = !previous || previous.script !== d.script;
          if (changed) await tx.insert(mikrotikScriptVersions).values({ organization_id: lmc.organization_id, lmc_id: lmc.id, asset_id: d.asset_id, script: d.script, generated_by: user.id });
          out.push({
            ...d,
            previous_script: previous?.script ?? null,
            diff: previous && changed ? createTwoFilesPatch(`${d.hostname}.rsc`, `${d.hostname}.rsc`, previous.script, d.script, 'anterior', 'nova') : '',
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
