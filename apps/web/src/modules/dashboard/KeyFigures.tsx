/** The organization's key figures for managers: activities this week (with a 14-day sparkline), SLA compliance, circuit availability, stock value. */
import { Box, Paper, Typography } from '@mui/material';
import type { DashboardFigures } from '@operacoes/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { figureGrid } from './DashboardCards';
import { Hint } from '../../core/Section';
import { appTimeZone } from '../../core/time-zone';

// The figures show at once; the sparkline's box keeps its place until the chart arrives.
const ActivitySparkline = lazy(() => import('./ActivitySparkline'));

const percent = (n: number, digits: number) => `${n.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;

/** "1234567.5" → "R$ 1.234.567,50" from the decimal string's digits (money never goes through a float). */
export function brl(value: string): string {
  const negative = value.startsWith('-');
  const [int, frac = ''] = value.replace('-', '').split('.');
  return `${negative ? '-' : ''}R$ ${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac.padEnd(2, '0').slice(0, 2)}`;
}

function Figure({ label, value, detail, children }: { label: string; value: string; detail?: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Hint>{detail}</Hint>
      {children}
    </Paper>
  );
}

export function KeyFigures({ figures: f }: { figures: DashboardFigures }) {
  const at = new Date(f.computed_at).toLocaleTimeString('pt-BR', { timeZone: appTimeZone(), hour: '2-digit', minute: '2-digit' });
  return (
    <Box component="section" aria-labelledby="dashboard-figures" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h6" component="h2" id="dashboard-figures">
          Números da organização
        </Typography>
        <Typography variant="body2" color="text.secondary">
          atualizados às {at}
        </Typography>
      </Box>
      <Box sx={figureGrid}>
        {f.activities_week !== null && (
          <Figure label="Atividades na semana" value={f.activities_week.toLocaleString('pt-BR')} detail="abertas desde segunda-feira">
            {f.activities_per_day && (
              <Box role="img" aria-label={`Atividades abertas por dia nos últimos 14 dias: ${f.activities_per_day.map((d) => d.count).join(', ')}`} sx={{ height: 40, mt: 1 }}>
                <Suspense fallback={null}>
                  <ActivitySparkline days={f.activities_per_day} />
                </Suspense>
              </Box>
            )}
          </Figure>
        )}
        {f.activities_concluded_month !== null && (
          <Figure
            label="Cumprimento do SLA no mês"
            value={f.sla_compliance_percent === null ? '—' : percent(f.sla_compliance_percent, 1)}
            detail={f.activities_concluded_month ? `das ${f.activities_concluded_month.toLocaleString('pt-BR')} atividades concluídas no prazo` : 'nenhuma atividade concluída no mês'}
          />
        )}
        {f.circuits !== null && (
          <Figure
            label="Disponibilidade dos circuitos no mês"
            value={f.circuit_availability_percent === null ? '—' : percent(f.circuit_availability_percent, 4)}
            detail={f.circuits ? `${f.circuits_breached} de ${f.circuits} circuitos abaixo do SLA` : 'nenhum circuito cadastrado'}
          />
        )}
        {f.stock_value !== null && <Figure label="Valor em estoque" value={brl(f.stock_value)} detail="preço × quantidade disponível ou reservada" />}
      </Box>
    </Box>
  );
}
