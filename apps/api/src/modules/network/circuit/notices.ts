import type { FastifyInstance } from 'fastify';
import { and, between, eq, ne, notExists, sql } from 'drizzle-orm';
import { periodicJob } from '../../../core/jobs';
import { usersWithPermission } from '../../../core/notify';
import { localDay } from '../../../core/dates';
import { organizationTimeZone } from '../../../core/time-zone';
import { getOrganizationSettings } from '../../organization-settings';
import { circuitContractNotices, circuits } from './schema';

const DAY = 86_400_000;
const brDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * Notifies the OPERATOR_CIRCUIT holders of each circuit whose contract ends within the
 * organization's notice (settings › circuit › contract_end_notice_days, default 30): once per
 * circuit and contract date (a row in `circuit_contract_notice` records it; a new date notifies
 * again). Cancelled circuits and contracts already ended are left alone. Answers how many circuits it announced.
 */
export async function runContractNotices(app: FastifyInstance, now = Date.now()): Promise<number> {
  // Each organization's "today" is its own zone's: candidates are read from the day before UTC's
  // (every Brazilian zone is behind UTC) and each is checked against its organization's day below.
  const earliest = new Date(now - DAY).toISOString().slice(0, 10);
  const horizon = new Date(now + 366 * DAY).toISOString().slice(0, 10);
  const candidates = await app.db
    .select({ id: circuits.id, organization_id: circuits.organization_id, carrier: circuits.carrier, designation: circuits.designation, contract_ends_on: circuits.contract_ends_on })
    .from(circuits)
    .where(
      and(
        ne(circuits.status, 'cancelado'),
        between(circuits.contract_ends_on, earliest, horizon),
        notExists(app.db.select({ one: sql`1` }).from(circuitContractNotices).where(and(eq(circuitContractNotices.circuit_id, circuits.id), eq(circuitContractNotices.contract_ends_on, circuits.contract_ends_on)))),
      ),
    );
  const noticeDays = new Map<number, number>();
  let sent = 0;
  for (const c of candidates) {
    if (!noticeDays.has(c.organization_id)) noticeDays.set(c.organization_id, (await getOrganizationSettings(app.db, c.organization_id, 'circuit')).contract_end_notice_days);
    const days = noticeDays.get(c.organization_id)!;
    const zone = await organizationTimeZone(app.db, c.organization_id);
    const today = localDay(now, zone);
    if (c.contract_ends_on! < today || c.contract_ends_on! > localDay(now + days * DAY, zone)) continue;
    const deliver = await app.db.transaction(async (tx) => {
      // The notice row is the "once": a second run (or a second process) inserts nothing and sends nothing.
      const inserted = await tx.insert(circuitContractNotices).values({ circuit_id: c.id, contract_ends_on: c.contract_ends_on! }).onConflictDoNothing().returning();
      if (inserted.length === 0) return undefined;
      const left = Math.round((Date.parse(`${c.contract_ends_on}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
      const holders = await usersWithPermission(tx, c.organization_id, 'OPERATOR_CIRCUIT');
      const { deliver } = await app.notifier.create(tx, holders, {
        title: `Contrato do circuito ${c.carrier} ${c.designation} termina em ${brDate(c.contract_ends_on!)}`,
        message: left === 0 ? 'O contrato termina hoje. Renove ou cancele o circuito.' : `Faltam ${left} dia${left === 1 ? '' : 's'} para o fim do contrato com a ${c.carrier}. Renove, renegocie ou cancele o circuito.`,
        link: `/circuit/edit/${c.id}`,
      });
      return deliver;
    });
    if (deliver) {
      sent++;
      await deliver();
    }
  }
  return sent;
}

/** Runs the contract-end notices at start and every hour (one process at a time). */
export function contractNoticeJob(fastify: FastifyInstance) {
  periodicJob(fastify, { name: 'circuit contract-end notices', lockKey: 4243, everyMs: 3600_000, firstAfterMs: 5_000, run: () => runContractNotices(fastify) });
}
