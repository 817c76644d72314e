/** /lmc/create and /lmc/edit/:id: an LMC's ends, capacity and status; when editing, its path of LMX segments, SVCs and unions. */
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import TerminalIcon from '@mui/icons-material/Terminal';
import { Box, Button } from '@mui/material';
import { LMC_STATUSES, LMC_STATUS_LABELS, lmcCreate } from '@operacoes/contract';
import { Link as RouterLink } from 'react-router';
import { enumOptions, FormGrid, FormNotes, FormNumber, FormSelect } from '../../../core/form';
import { useCan } from '../../../core/permissions';
import { ResourcePage } from '../../../core/resource';
import { FormText } from '../../../core/ResourceForm';
import { Section } from '../../../core/Section';
import { AlarmChip } from '../../../core/ToneChip';
import { useLiveCircuits } from '../CircuitParts';
import { FormSitePicker } from '../parts';
import { lmcApi } from '../pathApi';
import { LmcStatusChip } from '../pathParts';
import { LmcPath } from './Segments';

const blank = { code: '', name: '', site_a_id: null as never, site_b_id: null as never, capacity_mbps: null as never, status: 'planejado' as const, notes: '' };

export default function LmcFormPage() {
  useLiveCircuits();
  const { user } = useCan();
  return (
    <ResourcePage resource={lmcApi} schema={lmcCreate} blank={blank} subtitle={(l) => `${l.code} · ${l.name}`}>
      {(lmc) => (
        <>
          {lmc && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
              {lmc.down ? <AlarmChip label="fora do ar" status="down" /> : <LmcStatusChip status={lmc.status} />}
              <Button component={RouterLink} to={`/lmc/topology/${lmc.id}`} startIcon={<AccountTreeIcon />} size="small">
                Topologia
              </Button>
              <Button component={RouterLink} to={`/lmc/generate-script/${lmc.id}`} startIcon={<TerminalIcon />} size="small">
                Gerar script MikroTik
              </Button>
            </Box>
          )}
          <Section title="LMC">
            <FormGrid>
              <FormText name="code" label="Código" required helperText="Único na organização (ex.: LMC-CWB-PGO-01)" />
              <FormText name="name" label="Nome" required />
              <FormSitePicker name="site_a_id" label="Ponta A" required initial={lmc?.site_a ?? null} />
              <FormSitePicker name="site_b_id" label="Ponta B" required initial={lmc?.site_b ?? null} />
              <FormNumber name="capacity_mbps" label="Capacidade (Mbps)" required />
              <FormSelect name="status" label="Situação" required options={enumOptions(LMC_STATUSES, LMC_STATUS_LABELS)} />
              <FormNotes />
            </FormGrid>
          </Section>
          {lmc && <LmcPath lmc={lmc} canWrite={lmcApi.canWrite(user)} />}
        </>
      )}
    </ResourcePage>
  );
}
