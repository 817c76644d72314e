/**
 * /report: the reports the user may read. Today the carriers' SLA (circuit availability, issue 11);
 * the inventory, patrimony, movements, shipments and activities reports join it as they are built.
 */
import { Alert, Box, Typography } from '@mui/material';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';
import { Section } from '../../core/Section';
import { CircuitSlaPanel } from '../network';

export default function ReportPage() {
  const { can } = useCan();
  const circuits = can(['OPERATOR_CIRCUIT', 'OPERATOR_CIRCUIT.INDEX']);
  return (
    <Box>
      <PageTitle title="Relatórios" subtitle="Filtros, prévia e exportação em CSV e XLSX" />
      {circuits ? (
        <Section title="Disponibilidade de circuitos (SLA das operadoras)">
          <CircuitSlaPanel />
        </Section>
      ) : (
        <Alert severity="info">Nenhum relatório disponível para as suas permissões.</Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        O histórico de movimentações também é exportado em CSV e XLSX na sua própria página.
      </Typography>
    </Box>
  );
}
