import type { ModulePermission, ReportChart, ReportColumn, ReportFilterName, ReportQuery } from '@operacoes/contract';
import { type CurrentUser, unitScopeOf } from '../../core/access';
import type { DbOrTx } from '../../core/db';
import type { Cell } from '../../core/spreadsheet';

/**
 * What a report is. The routes (`routes.ts`) do the rest the same way for every report:
 * the catalogue, the permission check, the preview, the streamed CSV/XLSX/PDF exports and the
 * background jobs of big exports. A report only knows how to count and read its rows.
 */
export type ReportScope = {
  db: DbOrTx;
  user: CurrentUser;
  /** Whose rows: the user's organization; null for a super admin (every organization). */
  organizationId: number | null;
  /**
   * The moment the report is taken at ("late", "hours late"): one for the whole export, so that its
   * batches agree with each other however long it runs. Default: the database's now().
   */
  asOf?: Date;
  /** The organization's zone: day filters, weeks and months of charts, dates in cells. */
  timeZone: string;
  /** The units the user's permission reaches when it is scoped (core/access `unitScopeOf`); absent: the whole organization. */
  units?: number[];
};

/**
 * The units a report reaches for this user: absent when one of the report's permissions they hold
 * is organization-wide; else every unit their scoped ones reach.
 */
export function reportUnits(user: CurrentUser, def: Pick<ReportDefinition, 'read'>): number[] | undefined {
  if (user.superAdmin) return undefined;
  const held = def.read.filter((p) => user.permissions.includes(p) || user.permissions.includes(`${p}.INDEX`));
  const scopes = held.map((p) => unitScopeOf(user, p));
  if (scopes.length === 0 || scopes.some((s) => s === undefined)) return undefined;
  return [...new Set(scopes.flat() as number[])];
}

/** A report's scope for a user: their organization (all for a super admin), their units when scoped. */
export const scopeFor = (db: DbOrTx, user: CurrentUser, def: Pick<ReportDefinition, 'read'>, timeZone: string): ReportScope => ({
  db,
  user,
  organizationId: user.superAdmin ? null : user.organizationId,
  asOf: new Date(),
  timeZone,
  units: reportUnits(user, def),
});

/**
 * Columns printed together on paper: their texts in one cell, joined by `join` (" / " by default),
 * under a header of their own, where the first of them would be.
 */
export type PrintMerge = { label: string; keys: string[]; join?: string };

export type ReportDefinition = {
  /** The URL segment: `/api/report/{name}`. */
  name: string;
  title: string;
  description: string;
  /** The module it reads (the page groups by it). */
  module: string;
  /** The user needs one of these modules' permissions, or its `.INDEX` (core/access `{read: […]}`). */
  read: ModulePermission[];
  /**
   * It narrows its rows to `scope.units` for a user whose permission is scoped to units. A report
   * without it is not offered to such a user (its figures would be the whole organization's).
   */
  unitScoped?: boolean;
  /** Which common filters it honours, in the order the page shows them; `options` for closed lists; `label` replaces the common label ("Tipo" for `status`). */
  filters: { name: ReportFilterName; label?: string; options?: { value: string; label: string }[] }[];
  /**
   * Cells by column type: `number`/`money` numbers; `percent` the percentage itself (99.5 is 99,5 %);
   * `date` a Date (its São Paulo day) or 'AAAA-MM-DD'; `datetime` a Date; `text` strings.
   */
  columns: ReportColumn[];
  /** Columns the PDF prints together, where paper is better with fewer; every other column is printed as it is. */
  printMerges?: PrintMerge[];
  count(scope: ReportScope, q: ReportQuery): Promise<number>;
  /**
   * Every row, in the report's order, in batches of about `batchSize` (keyset paging, never OFFSET):
   * an export of a million rows must not hold them in memory. Cells in column order.
   */
  batches(scope: ReportScope, q: ReportQuery, batchSize: number): AsyncIterable<Cell[][]>;
  /** A chart for the page, when people would rather look than read. */
  chart?(scope: ReportScope, q: ReportQuery): Promise<ReportChart>;
};
