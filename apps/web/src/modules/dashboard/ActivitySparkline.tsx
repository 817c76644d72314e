/** The 14-day sparkline of the key figures: its own chunk, as the charts library is most of the dashboard's weight. */
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import type { DashboardFigures } from '@operacoes/contract';

export default function ActivitySparkline({ days }: { days: NonNullable<DashboardFigures['activities_per_day']> }) {
  return <SparkLineChart data={days.map((d) => d.count)} height={40} area curve="linear" showTooltip xAxis={{ data: days.map((d) => d.date.split('-').reverse().slice(0, 2).join('/')), scaleType: 'band' }} />;
}
