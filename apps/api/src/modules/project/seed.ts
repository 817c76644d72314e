import { eq } from 'drizzle-orm';
import { addDays, localToday } from '../../core/dates';
import type { DemoContext } from '../../core/demo-context';
import { projects } from './schema';

type Row = { id: number; code?: string; name?: string };
type List<T = Row> = { items: T[] };

/** `AAAA-MM-DD`: the local day `days` from today (the default zone's: the demo organization's). */
const day = (days: number) => addDays(localToday(), days);

/**
 * Projects of the demo organization, through the API: "Expansão FTTH Ponta Grossa"
 * under way (tasks with dependencies and a milestone, two linked work orders, an out-request and a
 * write-off naming it) and "Migração backbone Curitiba" being planned. Manager: gestor (Marina).
 */
export async function seedProjectDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: projects.id }).from(projects).where(eq(projects.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const gestor = ctx.as('gestor');
  const tecnico = ctx.as('tecnico');
  const almoxarife = ctx.as('almoxarife');

  const ftth = await gestor<Row>('POST', '/project', {
    code: 'PRJ-FTTH-PG',
    name: 'Expansão FTTH Ponta Grossa',
    client: 'Demo Telecom — varejo',
    manager_id: ctx.userId.gestor,
    unit_organizational_id: ctx.unitId.CWB,
    starts_on: day(-30),
    ends_on: day(120),
    budget: '185000.00',
    status: 'em_andamento',
    description: 'Rede FTTH GPON para 2.400 domicílios nos bairros Uvaranas e Oficinas: backbone, rede de distribuição, CTOs e ativação.',
  });
  const task = (body: Record<string, unknown>) => gestor<Row>('POST', '/project/task', { project_id: ftth.id, ...body });
  const survey = await task({ title: 'Levantamento de campo e projeto executivo', assignee_id: ctx.userId.gestor, starts_on: day(-30), due_on: day(-16), progress: 100, status: 'concluida' });
  const licence = await task({ title: 'Licenciamento de postes junto à concessionária', assignee_id: ctx.userId.gestor, starts_on: day(-15), due_on: day(-3), progress: 80, status: 'em_andamento', depends_on: [survey.id] });
  const backbone = await task({ title: 'Lançamento do cabo backbone 48F', assignee_id: ctx.userId.tecnico, starts_on: day(-2), due_on: day(20), progress: 25, status: 'em_andamento', depends_on: [licence.id] });
  const cto = await task({ title: 'Instalação das CTOs e splitters', assignee_id: ctx.userId.tecnico, starts_on: day(15), due_on: day(45), depends_on: [backbone.id] });
  const fusion = await task({ title: 'Fusões e certificação OTDR', assignee_id: ctx.userId.tecnico, starts_on: day(40), due_on: day(60), depends_on: [cto.id] });
  await task({ title: 'Rede pronta para ativação', starts_on: day(62), due_on: day(62), milestone: true, depends_on: [fusion.id] });

  await gestor<Row>('POST', '/project', {
    code: 'PRJ-BB-CWB',
    name: 'Migração backbone Curitiba',
    client: 'Operação de rede',
    manager_id: ctx.userId.gestor,
    unit_organizational_id: ctx.unitId.CWB,
    starts_on: day(30),
    ends_on: day(180),
    budget: '420000.00',
    status: 'planejamento',
    description: 'Troca do anel backbone de 10G para 100G entre os POPs de Curitiba, com janela de manutenção noturna.',
  });

  // Its cost: a visit cost on the installation type, two work orders, material out-requested and written off.
  const types = await gestor<List>('GET', '/external-activity/assistance-type?pageSize=10');
  const install = types.items.find((t) => t.name === 'Instalação de internet dedicada');
  if (install) await gestor('PUT', `/external-activity/assistance-type/${install.id}`, { visit_cost: '180.00' });
  const activities = await gestor<List<Row & { status: string; assistance_type: Row }>>('GET', '/external-activity?pageSize=20');
  // Installations first (their visits cost), never a cancelled one.
  const linkable = activities.items.filter((x) => x.status !== 'cancelada').sort((a, b) => Number(b.assistance_type.id === install?.id) - Number(a.assistance_type.id === install?.id));
  for (const a of linkable.slice(0, 2)) await gestor('POST', `/project/${ftth.id}/activity`, { activity_id: a.id });

  const [splitter] = (await gestor<List>('GET', '/product?search=SPL-1X8')).items;
  const [drop] = (await gestor<List>('GET', '/product?search=DROP-1F')).items;
  const [central] = (await gestor<List>('GET', '/stock?search=ALM-CWB')).items;
  if (splitter && central) {
    const request = await tecnico<Row>('POST', '/patrimony-solicitation', {
      reason: 'Splitters para as CTOs da Expansão FTTH Ponta Grossa',
      stock_id: central.id,
      destination_type: 'projeto',
      destination_project_id: ftth.id,
      items: [{ product_id: splitter.id, quantity: 6 }],
    });
    await gestor('POST', `/patrimony-solicitation/${request.id}/approve`, { reason: 'Material previsto no projeto' });
    await almoxarife('POST', `/patrimony-solicitation/${request.id}/deliver`, { note: 'Retirado para a obra' });
  }
  if (drop) {
    const balances = await almoxarife<List<{ section: Row; quantity: number }>>('GET', `/consumable/balances?product=${drop.id}`);
    const from = balances.items.find((b) => b.quantity >= 300);
    if (from) await almoxarife('POST', '/consumable/write-off', { product_id: drop.id, section_id: from.section.id, quantity: 300, reason: 'Cabo drop consumido no lançamento da rede', project_id: ftth.id });
  }
  return true;
}
