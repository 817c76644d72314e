/**
 * Baseline of the field-service benchmark: `GET /api/external-activity?technician=…&status=…`
 * answered with the statements the API sends (the filtered page with its total in one statement,
 * then the page's types and technicians, then the technicians' names), the same workflow steps and
 * SLA flag, the same JSON, on the shared baseline server (baseline-kit): node:http + pg, no framework.
 *
 * Env: PORT, JWT_SECRET, DATABASE_URL.
 */
import { type BaselineRoute, allowed, forbiddenAnswer, inList, iso, query, serveBaseline, uniq } from './baseline-kit';

const COLS = [
  'id', 'created_at', 'updated_at', 'organization_id', 'code', 'assistance_type_id', 'priority', 'status', 'client_name', 'client_document', 'client_phone', 'client_email', 'address', 'city_id',
  'latitude', 'longitude', 'site_id', 'svc_id', 'circuit_id', 'scheduled_start', 'scheduled_end', 'description', 'due_at', 'finished_at', 'cancel_reason', 'checklist', 'sla_warned_at', 'sla_breach_notified_at',
];
const T = '"external_activity"';
const SELECT = COLS.map((c) => `${T}."${c}"`).join(', ');

/** The steps of a status (the API's workflow, for a holder of EXTERNAL_ACTIVITY), in its order. */
const STEP = {
  schedule: { verb: 'schedule', label: 'Agendar', needs_reason: false, color: 'primary' },
  depart: { verb: 'depart', label: 'Sair para o local', needs_reason: false, color: 'info' },
  start: { verb: 'start', label: 'Iniciar atendimento', needs_reason: false, color: 'primary' },
  finish: { verb: 'finish', label: 'Concluir', needs_reason: false, color: 'success' },
  cancel: { verb: 'cancel', label: 'Cancelar', needs_reason: true, color: 'error' },
  reschedule: { verb: 'reschedule', label: 'Reagendar', needs_reason: true, color: 'warning' },
};
const STEPS: Record<string, unknown[]> = {
  aberta: [STEP.schedule, STEP.cancel],
  agendada: [STEP.depart, STEP.cancel],
  em_deslocamento: [STEP.start, STEP.cancel],
  em_execucao: [STEP.finish, STEP.cancel, STEP.reschedule],
  concluida: [],
  cancelada: [],
};

const list: BaselineRoute = async (u, url) => {
  if (!allowed(u, 'EXTERNAL_ACTIVITY')) return forbiddenAnswer;
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const pageSize = Math.min(100, Math.max(1, Number(url.searchParams.get('pageSize') ?? 10)));
  const status = url.searchParams.get('status');
  const technician = Number(url.searchParams.get('technician'));
  const found = await query(
    `select ${SELECT}, (count(*) over ())::int as "__total" from ${T} where (${T}."organization_id" = $1 and ${T}."status" = $2 and ${T}."id" = any(array(select "external_activity_technician"."activity_id" from "external_activity_technician" where "external_activity_technician"."user_id" = $3 and "external_activity_technician"."status" = $4))) order by ${T}."due_at" asc, ${T}."id" asc limit $5 offset $6`,
    [u.organization_id, status, technician, status, pageSize, (page - 1) * pageSize],
  );
  const total = found.length ? (found[0].__total as number) : 0;
  const ids = found.map((r) => r.id as number);
  const [types, techs] = await Promise.all([
    query('select "id", "created_at", "updated_at", "organization_id", "search_text", "name", "color", "default_duration_minutes", "sla_hours", "active", "checklist" from "assistance_type" where "assistance_type"."id" = any($1)', [uniq(found.map((r) => r.assistance_type_id))], 'by_ids_assistance_type'),
    ids.length ? query(`select "activity_id", "user_id" from "external_activity_technician" where "external_activity_technician"."activity_id" in (${inList(ids.length, 1)}) order by "external_activity_technician"."activity_id" asc, "external_activity_technician"."user_id" asc`, ids) : [],
  ]);
  const people = uniq(techs.map((t) => t.user_id));
  const names = people.length
    ? await query(`select "user"."id", "user"."username", "person"."nickname", "person"."full_name" from "user" inner join "person" on "person"."id" = "user"."person_id" where "user"."id" in (${inList(people.length, 1)})`, people)
    : [];
  const typeOf = new Map(types.map((t) => [t.id as number, t]));
  const nameOf = new Map(names.map((n) => [n.id as number, (n.nickname as string) || (n.full_name as string)]));
  const now = Date.now();
  const items = found.map(({ __total: _t, sla_warned_at: _w, sla_breach_notified_at: _b, ...r }) => {
    const type = typeOf.get(r.assistance_type_id as number);
    const mine = techs.filter((t) => t.activity_id === r.id).map((t) => t.user_id as number);
    const due = (r.due_at as Date).getTime();
    const breached = r.status === 'cancelada' ? false : r.status === 'concluida' ? !!r.finished_at && (r.finished_at as Date).getTime() > due : due < now;
    return {
      ...r,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
      scheduled_start: iso(r.scheduled_start),
      scheduled_end: iso(r.scheduled_end),
      due_at: iso(r.due_at),
      finished_at: iso(r.finished_at),
      assistance_type: { id: r.assistance_type_id, name: type?.name ?? '', color: type?.color ?? '#1976d2' },
      technician_ids: mine,
      technicians: mine.map((id) => ({ id, name: nameOf.get(id) ?? `#${id}` })),
      city: null,
      site: null,
      svc: null,
      circuit: null,
      breached,
      steps: STEPS[r.status as string],
    };
  });
  return [200, { items, total_items: total, total_pages: Math.ceil(total / pageSize), current_page: page, page_size: pageSize }] as const;
};

serveBaseline({ '/api/external-activity': list });
