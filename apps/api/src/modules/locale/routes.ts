import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { cityImportBody, cityImportReport, cityResource, countryEntity, countryResource, stateEntity, foldText, stateResource, type CityImportReport } from '@operacoes/contract';
import { userOf } from '../../core/access';
import { audit } from '../../core/audit';
import type { DbOrTx } from '../../core/db';
import { searchText } from '../../core/list';
import { defineApiResource } from '../../core/resource-kit';
import { organizations, unitsOrganizational } from '../../core/schema';
import { cities, countries, states } from './schema';



async function presentCityRows(rows: (typeof cities.$inferSelect)[], db: DbOrTx) {
  const stateIds = [...new Set(rows.map((r) => r.state_id))];
  const ufs = stateIds.length ? await db.select({ id: states.id, uf: states.uf }).from(states).where(inArray(states.id, stateIds)) : [];
  const uf = new Map(ufs.map((s) => [s.id, s.uf]));
  return rows.map((r) => ({ id: r.id, state_id: r.state_id, name: r.name, uf: uf.get(r.state_id) ?? '', ibge_code: r.ibge_code, created_at: r.created_at.toISOString() }));
}

/** Parses an IBGE-format CSV (code, name, UF; comma or semicolon; header optional) and validates each row. */
export function parseCitiesCsv(csv: string, ufToState: Map<string, number>) {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', delimitersToGuess: [';', ',', '\t'] });
  const accepted: { line: number; ibge_code: number; name: string; uf: string; state_id: number }[] = [];
  const rejected: CityImportReport['rejected'] = [];
  const seen = new Map<number, number>();
  parsed.data.forEach((cols, i) => {
    const line = i + 1;
    const content = cols.join(';').slice(0, 200);
    const [rawCode, rawName, rawUf] = cols.map((c) => (c ?? '').trim());
    if (i === 0 && !/^\d+$/.test(rawCode ?? '')) return; // header
    if (cols.length < 3) return void rejected.push({ line, reason: 'Linha com menos de 3 colunas (código, nome, UF)', content });
    if (!/^\d{7}$/.test(rawCode)) return void rejected.push({ line, reason: 'Código IBGE deve ter 7 dígitos', content });
    if (rawName.length < 2 || rawName.length > 150) return void rejected.push({ line, reason: 'Nome da cidade inválido', content });
    const uf = rawUf.toUpperCase();
    const stateId = ufToState.get(uf);
    if (!stateId) return void rejected.push({ line, reason: `UF desconhecida: ${rawUf || '(vazia)'}`, content });
    const code = Number(rawCode);
    if (seen.has(code)) return void rejected.push({ line, reason: `Código IBGE repetido (já na linha ${seen.get(code)})`, content });
    seen.set(code, line);
    accepted.push({ line, ibge_code: code, name: rawName, uf, state_id: stateId });
  });
  return { accepted, rejected, total: parsed.data.length };
}

export async function localeRoutes(fastify: FastifyInstance) {
  defineApiResource(fastify, countryResource, {
    table: countries,
    defaultSort: [asc(countries.name)],
    sortable: { id: countries.id, name: countries.name, iso_code: countries.iso_code },
    searchOf: (r) => searchText(r.name as string, r.iso_code as string),
    unique: { iso_code: 'o código ISO' },
    guardDelete: [[states, states.country_id, 'estado', 'estados']],
  });

  defineApiResource(fastify, stateResource, {
    table: states,
    defaultSort: [asc(states.name)],
    sortable: { id: states.id, name: states.name, uf: states.uf },
    searchOf: (r) => searchText(r.name as string, r.uf as string),
    filters: (q) => [q.country_id ? eq(states.country_id, q.country_id) : undefined],
    refs: { country_id: { table: countries, noun: countryEntity } },
    unique: { uf: 'a UF' },
    guardDelete: [[cities, cities.state_id, 'cidade', 'cidades']],
  });

  defineApiResource(fastify, cityResource, {
    table: cities,
    defaultSort: [asc(cities.name)],
    sortable: { id: cities.id, name: cities.name, ibge_code: cities.ibge_code },
    filters: (q) => [
      q.state_id ? eq(cities.state_id, q.state_id) : undefined,
      q.uf ? sql`${cities.state_id} in (select ${states.id} from ${states} where ${states.uf} = ${q.uf.toUpperCase()})` : undefined,
    ],
    searchOf: (r) => searchText(r.name as string),
    present: (rows, db) => presentCityRows(rows as (typeof cities.$inferSelect)[], db),
    refs: { state_id: { table: states, noun: stateEntity } },
    unique: { ibge_code: 'o código IBGE' },
    guardDelete: [
      [organizations, organizations.city_id, 'organização', 'organizações'],
      [unitsOrganizational, unitsOrganizational.city_id, 'unidade organizacional', 'unidades organizacionais'],
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/city/import',
    { config: { access: cityResource.access.write }, schema: { tags: ['city'], body: cityImportBody, response: { 200: cityImportReport } }, bodyLimit: 6 * 1024 * 1024 },
    async (req) => {
      const user = userOf(req);
      const stateRows = await app.db.select({ id: states.id, uf: states.uf }).from(states).innerJoin(countries, eq(countries.id, states.country_id)).where(eq(countries.iso_code, 'BR'));
      const { accepted, rejected, total } = parseCitiesCsv(req.body.csv, new Map(stateRows.map((s) => [s.uf, s.id])));
      const existing = new Map<number, { name: string; state_id: number }>();
      const codes = accepted.map((a) => a.ibge_code);
      for (let i = 0; i < codes.length; i += 5000) {
        const rows = await app.db.select({ code: cities.ibge_code, name: cities.name, state_id: cities.state_id }).from(cities).where(inArray(cities.ibge_code, codes.slice(i, i + 5000)));
        rows.forEach((r) => existing.set(r.code!, r));
      }
      const changed = accepted.filter((a) => existing.has(a.ibge_code) && (existing.get(a.ibge_code)!.name !== a.name || existing.get(a.ibge_code)!.state_id !== a.state_id));
      const fresh = accepted.filter((a) => !existing.has(a.ibge_code));
      const report = {
        total,
        accepted: accepted.length,
        created: fresh.length,
        updated: changed.length,
        rejected,
        preview: accepted.slice(0, 20).map(({ ibge_code, name, uf }) => ({ ibge_code, name, uf })),
      };
      if (req.body.dry_run || fresh.length + changed.length === 0) return report;
      await app.db.transaction(async (tx) => {
        const upserts = [...fresh, ...changed];
        for (let i = 0; i < upserts.length; i += 1000) {
          await tx
            .insert(cities)
            .values(upserts.slice(i, i + 1000).map((a) => ({ ibge_code: a.ibge_code, name: a.name, state_id: a.state_id, search_text: foldText(a.name) })))
            .onConflictDoUpdate({ target: cities.ibge_code, set: { name: sql`excluded.name`, state_id: sql`excluded.state_id`, search_text: sql`excluded.search_text` } });
        }
        // One revision row for the whole import (a row per city would flood the log).
        await audit(tx, user, { entity: 'city', entityId: 0, organizationId: user.organizationId, action: 'create', changes: { importacao: [null, { criadas: fresh.length, atualizadas: changed.length, rejeitadas: rejected.length }] } });
      });
      return report;
    },
  );
}
