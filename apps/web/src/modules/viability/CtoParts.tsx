/**
 * Fibre boxes (CTOs) on a site's page: the box's splitter and port count in the site form, and its
 * ports with what holds each (a client's service, or an accepted proposal's reservation with the
 * viability's code).
 */
import { Link, TableCell, TableRow, Typography } from '@mui/material';
import { CTO_PORT_STATE_LABELS, SPLITTER_RATIOS } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormGrid, FormNumber, FormSelect } from '../../core/form';
import { Section } from '../../core/Section';
import { SmallTable } from '../../core/SmallTable';
import { ToneChip } from '../../core/ToneChip';
import { fetchCtoPorts, viabilityKeys } from './api';

/** The splitter and the ports, shown while the site's type is CTO. */
export function CtoFields() {
  const { control } = useFormContext();
  const type = useWatch({ control, name: 'type' }) as string;
  if (type !== 'cto') return null;
  return (
    <Section title="Caixa de atendimento (CTO)" hint="A viabilidade de fibra procura a CTO mais próxima com porta livre dentro do alcance do drop.">
      <FormGrid>
        <FormSelect name="splitter_ratio" label="Divisor (splitter)" emptyLabel="Não informado" options={SPLITTER_RATIOS.map((r) => ({ value: r, label: r }))} />
        <FormNumber name="port_count" label="Portas" required helperText="Portas para drops de clientes (1 a 256)" />
      </FormGrid>
    </Section>
  );
}

const TONE = { livre: 'success', servico: 'default', reservada: 'warning' } as const;

/** Every port of the box: free, a service's, or reserved by an accepted proposal (with its viability). */
export function CtoPorts({ siteId }: { siteId: number }) {
  const q = useQuery({ queryKey: viabilityKeys.ctoPorts(siteId), queryFn: () => fetchCtoPorts(siteId) });
  const data = q.data;
  return (
    <Section title={data ? `Portas da CTO (${data.free} de ${data.port_count} livres)` : 'Portas da CTO'}>
      {!data ? (
        <Typography variant="body2" color="text.secondary">
          {q.isError ? 'Não foi possível carregar as portas.' : 'Carregando…'}
        </Typography>
      ) : (
        <SmallTable label="Portas da CTO" maxHeight={420} head={[<TableCell key="p">Porta</TableCell>, <TableCell key="s">Situação</TableCell>, <TableCell key="h">Ocupada por</TableCell>]}>
          {data.ports.map((p) => (
            <TableRow key={p.port} data-testid={`cto-port-${p.port}`}>
              <TableCell>{p.port}</TableCell>
              <TableCell>
                <ToneChip color={TONE[p.state]} status={p.state} label={CTO_PORT_STATE_LABELS[p.state]} />
              </TableCell>
              <TableCell>
                {p.svc && `${p.svc.code} · ${p.svc.client_name}`}
                {p.unit && (
                  <Link component={RouterLink} to={`/viability/${p.unit.viability_id}/unit/info/${p.unit.id}`}>
                    {p.unit.viability_code} · {p.unit.name}
                  </Link>
                )}
                {!p.svc && !p.unit && '—'}
              </TableCell>
            </TableRow>
          ))}
        </SmallTable>
      )}
    </Section>
  );
}
