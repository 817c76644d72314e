import { eq } from 'drizzle-orm';
import type { DemoContext } from '../../core/demo-context';
import { faqCategories } from './schema';

type Row = { id: number };

/** The demo FAQ: what the staff of a telecom operator ask about the system, in three categories. */
const DEMO_FAQ: { name: string; description: string; questions: [string, string][] }[] = [
  {
    name: 'Almoxarifado e patrimônio',
    description: 'Solicitações, recebimento, devolução e baixa de itens.',
    questions: [
      [
        'Como solicito a saída de um patrimônio?',
        '<p>No menu <strong>Almoxarifado › Solicitações de patrimônio</strong>, clique em <em>Nova solicitação</em>, escolha os itens (ONU, roteador, rádio…) e informe o motivo. O gestor da sua unidade aprova ou recusa; depois de aprovada, o almoxarife entrega e o item passa a constar em <strong>Meu patrimônio</strong>.</p>',
      ],
      [
        'Como confirmo que recebi um equipamento?',
        '<p>Abra <strong>Meu patrimônio</strong> e clique em <em>Confirmar recebimento</em> no item entregue. Enquanto você não confirmar, o almoxarifado vê o item como pendente.</p>',
      ],
      [
        'O que faço com um equipamento com defeito?',
        '<ol><li>Não descarte o equipamento.</li><li>Devolva-o ao almoxarifado pela solicitação em que ele foi entregue, descrevendo o defeito.</li><li>O almoxarife coloca o item em <em>manutenção</em> ou registra a baixa.</li></ol>',
      ],
    ],
  },
  {
    name: 'Rede e circuitos',
    description: 'Circuitos de operadora, indisponibilidades, LMC e scripts MikroTik.',
    questions: [
      [
        'Como registro a indisponibilidade de um circuito?',
        '<p>Em <strong>Rede › Circuitos de operadora</strong>, abra o circuito e use <em>Registrar indisponibilidade</em>. Informe o início, a causa, a responsabilidade e o <strong>número de protocolo</strong> aberto com a operadora. Quando o circuito voltar, informe o fim: a disponibilidade do mês e o crédito de SLA são recalculados.</p>',
      ],
      [
        'Como é calculada a disponibilidade (SLA) de um circuito?',
        '<p>É o tempo do mês sem indisponibilidades que contam para o SLA, dividido pelo tempo total do mês. Abaixo do SLA contratado, a operadora nos deve um crédito, mostrado no circuito e no relatório de SLA.</p>',
      ],
      [
        'Como gero o script MikroTik de uma LMC?',
        '<p>Abra a LMC em <strong>Rede › LMC</strong> e clique em <em>Gerar script</em>. O sistema monta um arquivo <code>.rsc</code> por equipamento do caminho (VLANs, bridges, endereços e rotas), usando as configurações MikroTik da organização (DNS, NTP, SNMP, syslog).</p>',
      ],
    ],
  },
  {
    name: 'Campo e logística',
    description: 'Atividades externas, agenda e envios entre unidades.',
    questions: [
      [
        'Como encerro uma atividade externa pelo celular?',
        '<p>Abra a atividade em <strong>Campo › Atividades externas</strong>, preencha o checklist, registre os materiais usados e mude o status para <em>Concluída</em>. A tela funciona no celular; as fotos podem ser anexadas direto da câmera.</p>',
      ],
      [
        'Como acompanho um envio para outra unidade?',
        '<p>Em <strong>Logística › Envios</strong>, abra o envio para ver a transportadora, o código de rastreio e o status. O destinatário recebe um link por e-mail para confirmar cada item recebido, sem precisar de login.</p>',
      ],
    ],
  },
];

/** Demo FAQ of the demo organization, written by gestor (ORG) through the API; a few "Foi útil?" votes. */
export async function seedFaqDemo(ctx: DemoContext): Promise<boolean> {
  const [existing] = await ctx.app.db.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.organization_id, ctx.organizationId)).limit(1);
  if (existing) return false;
  const gestor = ctx.as('gestor');
  const questions: number[] = [];
  for (const c of DEMO_FAQ) {
    const category = await gestor<Row>('POST', '/faq/category', { name: c.name, description: c.description });
    for (const [question, answer] of c.questions) questions.push((await gestor<Row>('POST', '/faq/question', { category_id: category.id, question, answer })).id);
  }
  // Readers' votes, so that the counts show something: the first two answers helped, the script one did not help tecnico.
  const tecnico = ctx.as('tecnico');
  const estoque = ctx.as('estoque');
  await tecnico('POST', `/faq/question/${questions[0]}/feedback`, { useful: true });
  await estoque('POST', `/faq/question/${questions[0]}/feedback`, { useful: true });
  await estoque('POST', `/faq/question/${questions[1]}/feedback`, { useful: true });
  await tecnico('POST', `/faq/question/${questions[5]}/feedback`, { useful: false });
  return true;
}
