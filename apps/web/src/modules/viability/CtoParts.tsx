/**
 * Fibre boxes (CTOs) on a site's page: the box's splitter and port count in the site form, and its
 * ports with what holds each (a client's service, or an accepted proposal's reservation with the
 * viability's code), where site editors plug a service into a free port and unplug one.
 */
import PowerIcon from '@mui/icons-material/Power';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import { Button, Link, TableCell, TableRow, Typography } from '@mui/material';
import { CTO_PORT_STATE_LABELS, SPLITTER_RATIOS, svcResource } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormGrid, FormNumber, FormSelect } from '../../core/form';
import { useCan } from '../../core/permissions';
import { passes } from '../../core/resource';
import { Section } from '../../core/Section';
import { SmallTable } from '../../core/SmallTable';
import { ToneChip } from '../../core/ToneChip';
import { fetchCtoPorts, viabilityKeys } from './api';
import { PlugDialog, usePlugRights, useUnplug } from './CtoPlug';

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

/** Every port of the box: free, a service's, or reserved by an accepted proposal (with its viability); site editors plug and unplug services. */
export function CtoPorts({ siteId }: { siteId: number }) {
  const q = useQuery({ queryKey: viabilityKeys.ctoPorts(siteId), queryFn: () => fetchCtoPorts(siteId) });
  const rights = usePlugRights();
  const { user } = useCan();
  const svcLinks = passes(user, svcResource.access.read);
  const unplug = useUnplug();
  const [plugging, setPlugging] = useState<number | null>(null);
  const data = q.data;
  const actions = rights.plug || rights.unplug;
  return (
    <Section
      title={data ? `Portas da CTO (${data.free} de ${data.port_count} livres)` : 'Portas da CTO'}
      hint={actions ? 'Ligue o serviço do cliente à porta em que o drop foi conectado. Uma porta reservada por uma proposta aceita é liberada cancelando a viabilidade.' : undefined}
    >
      {!data ? (
        <Typography variant="body2" color="text.secondary">
          {q.isError ? 'Não foi possível carregar as portas.' : 'Carregando…'}
        </Typography>
      ) : (
        <SmallTable
          label="Portas da CTO"
          maxHeight={420}
          head={[
            <TableCell key="p">Porta</TableCell>,
            <TableCell key="s">Situação</TableCell>,
            <TableCell key="h">Ocupada por</TableCell>,
            ...(actions ? [<TableCell key="a" align="right">Ações</TableCell>] : []),
          ]}
        >
          {data.ports.map((p) => (
            <TableRow key={p.port} data-testid={`cto-port-${p.port}`}>
              <TableCell>{p.port}</TableCell>
              <TableCell>
                <ToneChip color={TONE[p.state]} status={p.state} label={CTO_PORT_STATE_LABELS[p.state]} />
              </TableCell>
              <TableCell>
                {p.svc &&
                  (svcLinks ? (
                    <Link component={RouterLink} to={`/svc/edit/${p.svc.id}`}>
                      {p.svc.code} · {p.svc.client_name}
                    </Link>
                  ) : (
                    `${p.svc.code} · ${p.svc.client_name}`
                  ))}
                {p.unit && (
                  <Link component={RouterLink} to={`/viability/${p.unit.viability_id}/unit/info/${p.unit.id}`}>
                    {p.unit.viability_code} · {p.unit.name}
                  </Link>
                )}
                {!p.svc && !p.unit && '—'}
              </TableCell>
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {p.state === 'livre' && rights.plug && (
                    <Button size="small" startIcon={<PowerIcon />} onClick={() => setPlugging(p.port)} aria-label={`Ligar um serviço à porta ${p.port}`}>
                      Ligar
                    </Button>
                  )}
                  {p.svc && rights.unplug && (
                    <Button size="small" color="error" startIcon={<PowerOffIcon />} onClick={() => void unplug({ id: data.site_id, code: data.code }, p.port, p.svc!)} aria-label={`Desligar o ${p.svc.code} da porta ${p.port}`}>
                      Desligar
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </SmallTable>
      )}
      {plugging !== null && data && <PlugDialog box={{ id: data.site_id, code: data.code, port: plugging }} onClose={() => setPlugging(null)} />}
    </Section>
  );
}
