/** /warehouse: the hub — a card per area the user may see, with live counts from /api/warehouse/summary. */
import { Alert, Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { PATRIMONY_STATUS_LABELS } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatInt } from '../../core/format';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { getSummary, whKeys } from './api';

type CardDef = { to: string; title: string; value: number | null | undefined; lines: (string | null)[]; highlight?: boolean };

function HubCard({ c, loading }: { c: CardDef; loading: boolean }) {
  return (
    <Card variant="outlined" sx={{ borderColor: c.highlight ? 'warning.main' : undefined }}>
      <CardActionArea component={RouterLink} to={c.to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {c.title}
          </Typography>
          <Typography variant="h4" component="p" sx={{ my: 0.5 }} aria-label={`${c.title}: ${c.value ?? 0}`}>
            {loading ? <Skeleton width={60} /> : formatInt(c.value ?? 0)}
          </Typography>
          {c.lines.filter(Boolean).map((l) => (
            <Typography key={l} variant="body2" color="text.secondary">
              {l}
            </Typography>
          ))}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function WarehouseHubPage() {
  const { canSeeRoute } = useCan();
  const q = useQuery({ queryKey: whKeys.summary, queryFn: getSummary, refetchInterval: 60_000, refetchOnWindowFocus: true });
  const s = q.data;
  const p = s?.patrimony;
  const plural = (n: number | undefined, one: string, many: string) => `${formatInt(n ?? 0)} ${n === 1 ? one : many}`;
  const cards: (CardDef & { show: boolean })[] = [
    {
      to: '/patrimony',
      title: 'Patrimônio',
      value: s?.patrimony_total,
      lines: p
        ? [
            `${formatInt(p.disponivel)} ${PATRIMONY_STATUS_LABELS.disponivel.toLowerCase()}(s)`,
            `${formatInt(p.reservado)} reservado(s) · ${formatInt(p.em_uso)} com pessoas`,
            `${formatInt(p.manutencao)} em manutenção · ${formatInt(p.em_transito)} em trânsito`,
          ]
        : [],
      show: canSeeRoute('/patrimony') && s?.patrimony !== null,
    },
    {
      to: '/patrimony-solicitation?waiting=true',
      title: 'Solicitações',
      value: s?.requests_waiting_for_me,
      lines: ['aguardando minha ação', plural(s?.my_open_requests, 'minha em aberto', 'minhas em aberto')],
      highlight: (s?.requests_waiting_for_me ?? 0) > 0,
      show: canSeeRoute('/patrimony-solicitation'),
    },
    {
      to: '/my-patrimony',
      title: 'Meu patrimônio',
      value: s?.my_patrimony,
      lines: [s?.my_patrimony_unconfirmed ? plural(s.my_patrimony_unconfirmed, 'item a confirmar', 'itens a confirmar') : 'itens comigo'],
      highlight: (s?.my_patrimony_unconfirmed ?? 0) > 0,
      show: true,
    },
    {
      to: '/product',
      title: 'Produtos',
      value: s?.products,
      lines: [s?.products_below_minimum ? plural(s.products_below_minimum, 'abaixo do mínimo', 'abaixo do mínimo') : 'nenhum abaixo do mínimo'],
      highlight: (s?.products_below_minimum ?? 0) > 0,
      show: canSeeRoute('/product') && s?.products !== null,
    },
    { to: '/stock', title: 'Estoques', value: s?.stocks, lines: ['ativos'], show: canSeeRoute('/stock') && s?.stocks !== null },
    { to: '/section', title: 'Seções', value: s?.sections, lines: ['ativas'], show: canSeeRoute('/section') && s?.sections !== null },
    { to: '/movements', title: 'Movimentações', value: s?.movements_last_30_days, lines: ['nos últimos 30 dias'], show: canSeeRoute('/movements') && s?.movements_last_30_days !== null },
  ];
  const shown = cards.filter((c) => c.show);
  let body: ReactNode;
  if (q.isError)
    body = (
      <>
        <Alert severity="info" sx={{ mb: 2 }}>
          Você não tem acesso às áreas do almoxarifado; veja os itens sob a sua responsabilidade.
        </Alert>
        <Box sx={{ maxWidth: 360 }}>
          <HubCard c={{ to: '/my-patrimony', title: 'Meu patrimônio', value: null, lines: ['itens comigo'] }} loading={false} />
        </Box>
      </>
    );
  else
    body = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        {shown.map((c) => (
          <HubCard key={c.to} c={c} loading={q.isLoading} />
        ))}
      </Box>
    );
  return (
    <>
      <PageTitle title="Almoxarifado" subtitle="Estoques, patrimônio, solicitações e movimentações" />
      {body}
    </>
  );
}
