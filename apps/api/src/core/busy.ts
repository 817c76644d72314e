/**
 * "Who is busy when": the question both the schedule (its events) and field service (its work
 * orders) must ask before they put a person somewhere. The answer reads the schedule's events,
 * and the schedule module already imports field service (it shows and moves orders on its
 * calendar): field service importing the schedule back would make a cycle. So core holds the
 * question, the schedule module registers its answer when it loads (registerClashFinder), and
 * field service asks through here. The person lock and the 409 live here too, for the same reason.
 */
import { sql } from 'drizzle-orm';
import { SCHEDULE_CLASH_FIELD } from '@operacoes/contract';
import type { DbOrTx } from './db';
import { HttpError } from './errors';

export type BusyWindow = { start: Date; end: Date };
/** What keeps these people busy during the window: one pt-BR sentence per clash (who, what, when). */
export type ClashFinder = (tx: DbOrTx, organizationId: number, people: number[], w: BusyWindow, exclude?: { eventId?: number; activityId?: number }) => Promise<string[]>;

let finder: ClashFinder | null = null;

/** The schedule module's answer; registered once when it loads. */
export function registerClashFinder(f: ClashFinder) {
  finder = f;
}

/** The clashes of these people in the window (the registered finder's). */
export function findClashes(...args: Parameters<ClashFinder>): Promise<string[]> {
  // Not registered means the schedule module was left out of the app: a wiring bug, not "nobody is busy".
  if (!finder) throw new Error('Nenhum verificador de agenda registrado (o módulo de agenda não foi carregado).');
  return finder(...args);
}

/** The advisory-lock space of "one person's schedule": two writes that could clash on a person run one after the other. */
const PERSON_LOCK = 14_001;

/** Locks the schedules of these people (in id order, so two writers never wait on each other in a circle). */
export async function lockPeople(tx: DbOrTx, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  // One statement: PostgreSQL evaluates a volatile output after the ORDER BY, so the locks follow the array.
  await tx.execute(sql`select pg_advisory_xact_lock(${PERSON_LOCK}, x.id) from unnest(${sql.param(sorted)}::int[]) with ordinality as x(id, n) order by x.n`);
}

/** 409 naming the clashes unless the writer confirmed them; the kept clash text otherwise (null when free). */
export function clashOutcome(clashes: string[], force: boolean | undefined, details?: Record<string, unknown>): string | null {
  if (!clashes.length) return null;
  if (force) return clashes.join('; ');
  throw new HttpError(
    409,
    `Conflito de agenda: ${clashes.join('; ')}. Confirme para manter assim mesmo.`,
    clashes.map((message) => ({ propertyPath: SCHEDULE_CLASH_FIELD, message })),
    details,
  );
}
