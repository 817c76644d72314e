/** A report's chart with @mui/x-charts: bars or lines over the report's labels. */
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReportChart as Chart } from '@operacoes/contract';

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

export function ReportChart({ chart }: { chart: Chart }) {
  if (!chart.labels.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        Sem dados para o gráfico com estes filtros.
      </Typography>
    );
  }
  const format = (v: number | null) => (v === null ? '—' : chart.unit === '%' ? `${number.format(v)}%` : chart.unit === 'R$' ? `R$ ${number.format(v)}` : chart.unit ? `${number.format(v)} ${chart.unit}` : number.format(v));
  const series = chart.series.map((s) => ({ label: s.label, data: s.data, valueFormatter: format }));
  const xAxis = [{ scaleType: 'band' as const, data: chart.labels, height: 28 }];
  const yAxis = [{ width: 52, valueFormatter: (v: number | null) => (v === null ? '' : number.format(v)) }];
  const common = { series, yAxis, height: 300, margin: { left: 8, right: 16 }, slotProps: { legend: { direction: 'horizontal' as const } } };
  return (
    <Box role="figure" aria-label={chart.title} sx={{ width: '100%', minWidth: 0 }}>
      {chart.kind === 'line' ? <LineChart {...common} xAxis={[{ scaleType: 'point', data: chart.labels, height: 28 }]} /> : <BarChart {...common} xAxis={xAxis} />}
    </Box>
  );
}
