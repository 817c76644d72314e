/**
 * `POST /api/revision/:id/revert`: one-click revert of an `update` revision. The old
 * values of the changed fields go back through the resource's own kit update (the same code as
 * its `PUT`: validation, references, unique fields, tenancy, audit), so the revert is a NEW
 * update with its own revision row, and is refused with the rule's message when it breaks one.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { FIELD_LABELS, idParam, revisionRevertResult } from '@operacoes/contract';
import { allows, userOf } from '../../core/access';
import { diff } from '../../core/audit';
import type { DbOrTx } from '../../core/db';
import { HttpError, forbidden } from '../../core/errors';
import { kitUpdatesOf } from '../../core/resource';
import { revisions } from './schema';

/** The record changed after the revision (409): only the latest change of a record is reverted. */
class ChangedSince extends HttpError {
  constructor() {
    super(409, 'O registro foi alterado depois desta revisão; reverta a alteração mais recente primeiro.');
  }
}

const labelOf = (field: string) => FIELD_LABELS[field] ?? field;
const listOf = (items: string[]) => (items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`);

/**
 * The update body that puts `old` back, validated by the resource's update schema. The log
 * keeps values as the table stores them: a numeric column's "12.50" is offered as a number when
 * the schema wants one. A field the schema does not take (a secret, a derived column) cannot go back.
 */
function revertBody(schema: z.ZodType, old: Record<string, unknown>): Record<string, unknown> {
  let input = { ...old };
  let parsed = schema.safeParse(input);
  if (!parsed.success) {
    const retry = { ...input };
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const v = retry[field];
      if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) retry[field] = Number(v);
    }
    const again = schema.safeParse(retry);
    if (again.success) [input, parsed] = [retry, again];
  }
  if (!parsed.success) {
    const violations = parsed.error.issues.map((i) => ({ propertyPath: i.path.map(String).join('.'), message: i.message }));
    throw new HttpError(422, `Não é possível reverter: ${violations.map((v) => `${labelOf(v.propertyPath)}: ${v.message}`).join('; ')}.`, violations);
  }
  const out = parsed.data as Record<string, unknown>;
  const dropped = Object.keys(old).filter((f) => !(f in out));
  if (dropped.length) throw new HttpError(422, `Esta alteração não pode ser revertida pelo log: ${listOf(dropped.map(labelOf))} não ${dropped.length === 1 ? 'volta' : 'voltam'} por aqui.`);
  return Object.fromEntries(Object.keys(old).map((f) => [f, out[f]]));
}

/** A rule the old values now break (a code taken by another record…) is a 422 of the revert, with the rule's message. */
function asRuleBroken(err: unknown): unknown {
  if (err instanceof ChangedSince) return err;
  if (err instanceof HttpError && err.status === 409) return new HttpError(422, err.message, err.violations);
  const pg = (err as { cause?: { code?: string }; code?: string })?.cause ?? (err as { code?: string });
  if (pg?.code === '23505') return new HttpError(422, 'Não é possível reverter: o valor antigo já está em uso por outro registro.');
  if (pg?.code === '23503') return new HttpError(422, 'Não é possível reverter: o valor antigo aponta para um registro que não existe mais.');
  return err;
}

async function latestRevisionId(db: DbOrTx, entity: string, entityId: number, after = 0): Promise<number | null> {
  const [row] = await db
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entity_id, entityId), gt(revisions.id, after)))
    .orderBy(desc(revisions.id))
    .limit(1);
  return row?.id ?? null;
}

export async function revisionRevertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/revision/:id/revert',
    {
      // Reading the log is the route's rule; the resource's own write permission is checked below.
      config: { access: { read: 'LOG' } },
      schema: {
        tags: ['revision'],
        summary: 'Reverter uma alteração',
        description: 'Grava uma nova alteração que devolve os valores antigos dos campos alterados, pelas regras do próprio recurso; exige também a permissão de escrita do recurso.',
        params: idParam,
        response: { 200: revisionRevertResult },
      },
    },
    async (req) => {
      const user = userOf(req);
      const [rev] = await app.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.id, req.params.id), user.superAdmin ? undefined : eq(revisions.organization_id, user.organizationId)));
      if (!rev) throw new HttpError(404, 'Revisão não encontrada.');
      if (rev.action !== 'update') throw new HttpError(422, 'Só alterações podem ser revertidas; criações e exclusões, não.');
      const kit = kitUpdatesOf(app.db).get(rev.entity);
      if (!kit) throw new HttpError(422, 'Alterações deste tipo de registro não podem ser revertidas pelo log.');
      if (!allows(user, kit.def.access.write)) throw forbidden();
      const changes = rev.changes as Record<string, [unknown, unknown]>;
      const fields = Object.keys(changes);
      const old = Object.fromEntries(fields.map((f) => [f, changes[f][0]]));
      // Secrets are logged masked: their old value is not known.
      const masked = fields.filter((f) => changes[f][0] === '***' || changes[f][1] === '***');
      if (masked.length) throw new HttpError(422, `Esta alteração não pode ser revertida pelo log: ${listOf(masked.map(labelOf))} não ${masked.length === 1 ? 'volta' : 'voltam'} por aqui.`);
      const body = revertBody(kit.def.schemas.update, old);
      try {
        await kit.update(user, rev.entity_id, async (tx, existing) => {
          // Checked with the row locked: nothing may have changed the record since this revision.
          if ((await latestRevisionId(tx, rev.entity, rev.entity_id)) !== rev.id) throw new ChangedSince();
          for (const f of fields) {
            if (f in existing && Object.keys(diff({ [f]: existing[f] }, { [f]: changes[f][1] })).length) throw new ChangedSince();
          }
          return body;
        });
      } catch (err) {
        throw asRuleBroken(err);
      }
      return { entity: rev.entity, entity_id: rev.entity_id, fields, revision_id: await latestRevisionId(app.db, rev.entity, rev.entity_id, rev.id) };
    },
  );
}
