/**
 * Baseline of the circuits benchmark: `GET /api/circuit/sla?month=…` with the same two statements
 * the API sends (the organization's circuits; their counted periods touching the month) and the
 * same report math (`slaReportOf`), on the shared baseline server (node:http + pg + the JWT check).
 */
import { monthBounds, slaReportOf } from '../src/modules/network/circuit/sla';
import { type BaselineUser, allowed, forbiddenAnswer, query, serveBaseline } from './baseline-kit';

const CIRCUITS =
  'select "id", "carrier", "designation", "sla_percent", "monthly_cost", "credit_factor" from "circuit" where "circuit"."organization_id" = $1 order by "circuit"."carrier" asc, "circuit"."designation" asc, "circuit"."id" asc';
const PERIODS =
  'select "circuit_unavailability"."circuit_id", "circuit_unavailability"."started_at", "circuit_unavailability"."ended_at", "circuit_unavailability"."counts_for_sla", "circuit_unavailability"."cause", "circuit_unavailability"."protocol" ' +
  'from "circuit_unavailability" inner join "circuit" on "circuit"."id" = "circuit_unavailability"."circuit_id" ' +
  'where ("circuit"."organization_id" = $1 and "circuit_unavailability"."counts_for_sla" = $2 and "circuit_unavailability"."started_at" < $3 and ("circuit_unavailability"."ended_at" is null or "circuit_unavailability"."ended_at" > $4)) ' +
  'order by "circuit_unavailability"."started_at" asc';

async function sla(u: BaselineUser, url: URL) {
  if (!allowed(u, 'OPERATOR_CIRCUIT')) return forbiddenAnswer;
  const month = url.searchParams.get('month') ?? '';
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return [422, { code: 422, message: 'month: Mês inválido (use AAAA-MM)', violations: [{ propertyPath: 'month', message: 'Mês inválido (use AAAA-MM)' }] }] as const;
  const bounds = monthBounds(month);
  const [circuits, periods] = await Promise.all([query(CIRCUITS, [u.organization_id]), query(PERIODS, [u.organization_id, true, new Date(bounds.end), new Date(bounds.start)])]);
  return [200, slaReportOf(circuits as never, periods as never, bounds, Date.now()).report] as const;
}

serveBaseline({ '/api/circuit/sla': sla });
