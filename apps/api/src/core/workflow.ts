/**
 * Workflow steps. A module declares the steps of a record's life once; the kit
 * answers `POST /api{apiPath}/{id}/{verb}` for each and tells the web which steps each user may
 * take now (`steps` in the read shape: `[{verb, label, needs_reason, color?}]`). Example (the
 * shipment request, modules/logistics/routes.ts):
 *
 *   const requestWorkflow = workflow({                   // row and status types come from these
 *     resource: shipmentSolicitationResource,            // contract descriptor (or a ResourceDef)
 *     table: shipmentSolicitations,                      // its `status` column is the state
 *     statusLabels: SHIPMENT_SOLICITATION_STATUS_LABELS, // for the 409 ("ela está "aprovada"")
 *     present: presentSolicitations,                     // the read shape without `steps`
 *     steps: {
 *       approve: { from: ['pendente'], to: 'aprovada', label: 'Aprovar', color: 'success',
 *         run: async (row, _input: unknown, { user, tx }) => ({ decided_by: user.id, decided_at: new Date() }),
 *         notify: (row) => [{ to: row.requester_id, title: `Envio aprovado: solicitação #${row.id}`, message: '…' }] },
 *       refuse: { from: ['pendente'], to: 'recusada', label: 'Recusar', reason: 'required',
 *         run: (row, input: { reason: string }) => ({ refusal_reason: input.reason }) },
 *     },
 *   });
 *   // the resource's read shape, and in the module's plugin the routes:
 *   registerResource(app, { ...def, present: requestWorkflow.present });
 *   registerWorkflow(app, requestWorkflow);             // or defineWorkflow(app, {...}) for both at once
 *
 * A kit v2 resource: `const def = defineApiResource(app, descriptor, { ...slots, workflow: wf });
 * registerWorkflow(app, wf, def)` (its refs and counts stay in the read shape, `steps` join them).
 *
 * A step: `from` (the statuses it may start from, or a function of the row), `to`, `label` (the
 * button), `access` (default: the resource's write permission), `allowed(row, user)` (a rule of
 * the row: 403 with `denied`), `reason` ('required': 422 without one; 'optional'), `body` (its own
 * zod body), `run(row, input, ctx)` (side effects in the transaction; returns more column values;
 * `ctx.after(work)` after commit, `ctx.notify(notice)`), `notify(row, ctx)` (notifications, written
 * in the transaction and pushed after commit), `summary`/`description` (OpenAPI).
 *
 * Each step route, in one transaction: the row locked (`SELECT … FOR UPDATE`; another
 * organization's row is 404) → legal from its status? (409 naming the status: of two racing
 * calls exactly one wins) → `allowed` (403) → `run` → the status change (conditional on the
 * `from` statuses) → an audit row → the notifications; after commit the pushes, e-mails and
 * `ctx.after` work; the answer is the resource's read shape, `steps` included.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AnyColumn, type SQL, and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type StepColor, type WorkflowStep, idParam } from '@operacoes/contract';
import { type Access, type CurrentUser, allows, userOf } from './access';
import { audit } from './audit';
import type { DbOrTx, Tx } from './db';
import { HttpError, type Noun, conflict, notFound } from './errors';
import { notify } from './notify';
import { plainPresent, visibleRows } from './resource';

type Row = Record<string, unknown> & { id: number };
/** A row of a workflow's table. */
type Base = { id: number };
type Work = () => Promise<void>;

export type StepContext = {
  user: CurrentUser;
  tx: DbOrTx;
  app: FastifyInstance;
  /** Work to run once the transaction has committed (an e-mail, a low-stock alert's push). */
  after: (work: Work) => void;
  /** Queues a notification found while running (written with the step's own `notify`). */
  notify: (notice: Notice) => void;
};

/** A notification of a step; `link` defaults to the workflow's `link`. Empty or null recipients are skipped. */
export type Notice = { to: number | null | (number | null)[]; title: string; message: string; link?: string };

export type Step<R extends Base, S extends string> = {
  from: readonly S[] | ((row: R) => readonly S[]);
  to: S;
  /** pt-BR button label ("Aprovar"). */
  label: string;
  /** The infinitive of the 409 ("Não é possível aprovar a solicitação #3: …"); default the label in lower case. */
  infinitive?: string;
  color?: StepColor;
  /** Default: the resource's write access. */
  access?: Access;
  /**
   * Whether the presented record offers the step at all (the web shows no button for it): for what
   * the row alone does not tell, like a request whose delivered lines cannot come back. The step's
   * own `run` still refuses it (409) when called anyway.
   */
  offered?: (presented: unknown) => boolean;
  /** A rule of the row and user beyond the permission (nobody approves their own request): 403 with `denied`. */
  allowed?: (row: R, user: CurrentUser) => boolean;
  denied?: string;
  /** `{reason}` in the body: 'required' answers 422 without one; 'optional' accepts it. */
  reason?: 'optional' | 'required';
  /** The step's body (default: from `reason`); its parsed value is `run`'s input. */
  body?: z.ZodType;
  /** OpenAPI summary (default "<label> (<resource>)") and description. */
  summary?: string;
  description?: string;
  /** Side effects inside the transaction (movements, reservations…); returns more column values to set. Annotate `input`. */
  run?: (row: R, input: never, ctx: StepContext) => Promise<Partial<R> | void> | Partial<R> | void;
  /** Notifications; `row` is the row before the step, `ctx.updated` after it. */
  notify?: (row: R, ctx: StepContext & { updated: R }) => Promise<Notice[]> | Notice[];
};

/** What a workflow needs of its resource: the kit's ResourceDef or the contract's descriptor. */
export type WorkflowResource = Noun & {
  entity: string;
  tenancy: 'organization' | 'global';
  tenancyColumn?: AnyColumn;
  access: { write: Access };
  schemas: { read: z.ZodType };
  /** Where a record belongs among units (core/resource `unitScope`): a scoped user's steps reach only those. */
  unitScope?: (unitIds: number[]) => SQL;
} & ({ apiPath: string } | { path: string });

export type WorkflowDef<R extends Base, S extends string, P extends object = object, V extends string = string> = {
  resource: WorkflowResource;
  /** The table (its row type is the workflow's row type). */
  table: PgTable & { id: AnyColumn; $inferSelect: R };
  /** The state column (default the table's `status`). */
  status?: AnyColumn;
  statusLabels: Record<S, string>;
  /** Rows → read shapes without `steps` (default: the plain row). */
  present?: (rows: R[], db: DbOrTx) => Promise<P[]>;
  /** How the 409 names a row (default the resource's label): "o pedido de devolução #4". */
  noun?: (row: R) => Noun;
  /** Where a notification points (default: nowhere). */
  link?: (id: number) => string;
  /** Columns kept out of the audit log (secrets such as a receiving hash). */
  hidden?: string[];
  /** The steps, in the order the web shows them. */
  steps: Record<V, Step<R, S>>;
};

export type Workflow<R extends Base, S extends string, P extends object = object, V extends string = string> = {
  def: WorkflowDef<R, S, P, V>;
  /** The verbs legal from the row's status, in declaration order (whoever asks). */
  legal: (row: R) => V[];
  /** The legal verbs the presented record also offers (`offered`): what a button may show, whoever asks. */
  offeredNow: (row: R, presented: unknown) => V[];
  /** The steps this user may take now. */
  stepsFor: (row: R, user: CurrentUser) => WorkflowStep[];
  /** The resource's `present`: the read shapes with `steps` for the user who asked. */
  present: (rows: Row[], db: DbOrTx, user?: CurrentUser) => Promise<(P & { steps: WorkflowStep[] })[]>;
  /** Another base read shape with `steps` added (e.g. the kit's `present` with its refs). */
  withSteps: <Q extends object>(base: (rows: Row[], db: DbOrTx) => Promise<Q[]>) => (rows: Row[], db: DbOrTx, user?: CurrentUser) => Promise<(Q & { steps: WorkflowStep[] })[]>;
  /** The row, visible to the user (404 otherwise), locked for update. */
  lock: (tx: DbOrTx, user: CurrentUser, id: number) => Promise<R>;
  /** 409 unless the row's status is one of `statuses` ("Não é possível alterar o envio #3: ele está …"). */
  assertStatus: (row: R, statuses: readonly S[], infinitive: string) => void;
  /** Takes a step on a row locked in `ctx.tx`; answers the updated row and the work to run after commit. */
  take: (verb: V, row: R, input: unknown, ctx: Pick<StepContext, 'user' | 'tx' | 'app'>) => Promise<{ row: R; after: Work }>;
};

const article = (n: Noun) => (n.gender === 'f' ? 'a' : 'o');
const pronoun = (n: Noun) => (n.gender === 'f' ? 'ela' : 'ele');
const reasonRequired = z.object({ reason: z.string().trim().min(3, 'Informe o motivo').max(1000) });
const reasonOptional = z.object({ reason: z.string().trim().max(1000).nullish() }).nullish();

/** Declares a workflow (no routes yet: `registerWorkflow` adds them, so read shapes can use it first). */
export function workflow<R extends Base, S extends string, P extends object = object, V extends string = string>(def: WorkflowDef<R, S, P, V>): Workflow<R, S, P, V> {
  const { resource, table, steps } = def;
  const statusColumn = def.status ?? (getTableColumns(table) as Record<string, AnyColumn>).status;
  if (!statusColumn) throw new Error(`Workflow ${resource.entity}: the table has no status column`);
  const statusKey = statusColumn.name;
  const hasUpdatedAt = 'updated_at' in getTableColumns(table);
  const verbs = Object.keys(steps) as V[];
  const fromOf = (step: Step<R, S>, row: R) => (typeof step.from === 'function' ? step.from(row) : step.from);
  const statusOf = (row: R) => (row as unknown as Row)[statusKey] as S;
  const isLegal = (step: Step<R, S>, row: R) => fromOf(step, row).includes(statusOf(row));
  const accessOf = (step: Step<R, S>) => step.access ?? resource.access.write;
  const may = (step: Step<R, S>, row: R, user: CurrentUser) => allows(user, accessOf(step)) && (!step.allowed || step.allowed(row, user));
  const orgOf = (row: R) => (resource.tenancy === 'organization' ? (((row as unknown as Row)[resource.tenancyColumn?.name ?? 'organization_id'] as number | null) ?? null) : null);
  const visible = { table: table as never, entity: resource.entity, tenancy: resource.tenancy, tenancyColumn: resource.tenancyColumn, access: resource.access as never, unitScope: resource.unitScope };
  const hide = (row: R): Row => {
    if (!def.hidden) return row as unknown as Row;
    const copy: Record<string, unknown> = { ...row };
    for (const k of def.hidden) delete copy[k];
    return copy as Row;
  };

  const assertStatus = (row: R, statuses: readonly S[], infinitive: string) => {
    if (statuses.includes(statusOf(row))) return;
    const noun = def.noun?.(row) ?? { label: resource.label.toLowerCase(), gender: resource.gender };
    throw conflict(`Não é possível ${infinitive} ${article(noun)} ${noun.label} #${row.id}: ${pronoun(noun)} está "${def.statusLabels[statusOf(row)].toLowerCase()}".`);
  };

  const stepsFor = (row: R, user: CurrentUser): WorkflowStep[] =>
    verbs
      .filter((verb) => isLegal(steps[verb], row) && may(steps[verb], row, user))
      .map((verb) => {
        const s = steps[verb];
        return { verb, label: s.label, needs_reason: s.reason === 'required', ...(s.color ? { color: s.color } : {}) };
      });

  async function lock(tx: DbOrTx, user: CurrentUser, id: number): Promise<R> {
    const [row] = (await visibleRows(visible, tx, user, id, true)) as R[];
    if (!row) throw notFound(resource);
    return row;
  }

  async function take(verb: V, row: R, input: unknown, base: Pick<StepContext, 'user' | 'tx' | 'app'>) {
    const step = steps[verb];
    const { user, tx, app } = base;
    const from = fromOf(step, row);
    assertStatus(row, from, step.infinitive ?? step.label.toLowerCase());
    if (step.allowed && !step.allowed(row, user)) throw new HttpError(403, step.denied ?? 'Você não tem permissão para esta ação.');
    const later: Work[] = [];
    const notices: Notice[] = [];
    const ctx: StepContext = { ...base, after: (work) => void later.push(work), notify: (n) => void notices.push(n) };
    const extra = (await step.run?.(row, (input ?? {}) as never, ctx)) ?? {};
    const values = { ...extra, [statusKey]: step.to, ...(hasUpdatedAt ? { updated_at: new Date() } : {}) };
    // The lock makes this the only writer; the condition keeps the rule even for a caller that did not lock.
    const [updated] = (await tx
      .update(table)
      .set(values as never)
      .where(and(eq(table.id, row.id), inArray(statusColumn, [...from])))
      .returning()) as R[];
    if (!updated) throw conflict(`${resource.label} #${row.id} mudou de situação neste instante. Recarregue e tente de novo.`);
    await audit(tx, user, { entity: resource.entity, entityId: row.id, organizationId: orgOf(row), action: 'update', before: hide(row), after: hide(updated) });
    const pushes: Work[] = [];
    for (const n of [...notices, ...((await step.notify?.(row, { ...ctx, updated })) ?? [])]) {
      const to = [n.to].flat().filter((id): id is number => typeof id === 'number');
      const link = n.link ?? def.link?.(row.id);
      if (to.length) pushes.push(await notify(app, tx, to, n.title, n.message, link ?? '', user));
    }
    const after = async () => {
      for (const work of [...pushes, ...later]) await work();
    };
    return { row: updated, after };
  }

  const offered = (v: V, presented: unknown) => steps[v].offered?.(presented) ?? true;
  const withSteps =
    <Q extends object>(base: (rows: Row[], db: DbOrTx) => Promise<Q[]>) =>
    async (rows: Row[], db: DbOrTx, user?: CurrentUser) =>
      (await base(rows, db)).map((shape, i) => ({ ...shape, steps: user ? stepsFor(rows[i] as unknown as R, user).filter((st) => offered(st.verb as V, shape)) : [] }));
  const present = withSteps(async (rows, db) => (def.present ? def.present(rows as unknown as R[], db) : (plainPresent(rows) as P[])));

  return {
    def,
    legal: (row) => verbs.filter((v) => isLegal(steps[v], row)),
    offeredNow: (row, presented) => verbs.filter((v) => isLegal(steps[v], row) && offered(v, presented)),
    stepsFor,
    present,
    withSteps,
    lock,
    assertStatus,
    take,
  };
}

/**
 * `POST /api{path}/{id}/{verb}` for each step of the workflow. The answer is `wf.present`, or the
 * resource's own `present` when given (a kit resource whose read shape has refs: `wf.withSteps`).
 */
export function registerWorkflow<R extends Base, S extends string, P extends object, V extends string>(
  fastify: FastifyInstance,
  wf: Workflow<R, S, P, V>,
  answer: { present?: (rows: Row[], db: DbOrTx, user?: CurrentUser) => Promise<unknown[]> } = {},
) {
  const present = answer.present ?? wf.present;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { resource, steps } = wf.def;
  const path = 'apiPath' in resource ? resource.apiPath : resource.path;
  const noun = resource.label.toLowerCase();
  for (const verb of Object.keys(steps) as V[]) {
    const step: Step<R, S> = steps[verb];
    const body = step.body ?? (step.reason === 'required' ? reasonRequired : step.reason === 'optional' ? reasonOptional : undefined);
    const from = typeof step.from === 'function' ? 'conforme o tipo do registro' : step.from.map((s) => wf.def.statusLabels[s].toLowerCase()).join(', ');
    const description = [
      step.description,
      `Passo do fluxo: de (${from}) para "${wf.def.statusLabels[step.to].toLowerCase()}". Fora desses estados, 409; de duas chamadas simultâneas, uma vence e a outra recebe 409.`,
      step.reason === 'required' ? 'Exige um motivo (422 sem ele).' : undefined,
    ]
      .filter(Boolean)
      .join(' ');
    app.post(
      `${path}/:id/${verb}`,
      {
        config: { access: step.access ?? resource.access.write },
        schema: {
          tags: [resource.entity],
          summary: step.summary ?? `${step.label} (${noun})`,
          description,
          params: idParam,
          ...(body ? { body } : {}),
          response: { 200: resource.schemas.read },
        },
      },
      async (req) => {
        const user = userOf(req);
        let after: Work | undefined;
        const row = await app.db.transaction(async (tx: Tx) => {
          const locked = await wf.lock(tx, user, (req.params as { id: number }).id);
          const out = await wf.take(verb, locked, req.body, { user, tx, app: fastify });
          after = out.after;
          return out.row;
        });
        // The step's notices (the requester's, the next actors') reach their streams in one statement.
        if (after) await fastify.realtime.batch(after);
        return (await present([row as unknown as Row], app.db, user))[0];
      },
    );
  }
}

/** Declares a workflow and registers its routes. */
export function defineWorkflow<R extends Base, S extends string, P extends object = object, V extends string = string>(app: FastifyInstance, def: WorkflowDef<R, S, P, V>): Workflow<R, S, P, V> {
  const wf = workflow(def);
  registerWorkflow(app, wf);
  return wf;
}
