/**
 * The SVC's page: the fibre box (CTO) and port its drop is plugged into, with "Ligar a uma CTO" and
 * "Desligar" for site editors (the same dialog and confirmation as the box's ports list).
 */
import PowerIcon from '@mui/icons-material/Power';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import { Button, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../../core/Section';
import { fetchSvcCtoPort, PlugDialog, usePlugRights, useUnplug, viabilityKeys } from '../../viability';
import type { SvcRead } from '../pathApi';

export function SvcCtoPort({ svc }: { svc: SvcRead }) {
  const q = useQuery({ queryKey: viabilityKeys.svcPort(svc.id), queryFn: () => fetchSvcCtoPort(svc.id) });
  const rights = usePlugRights();
  const unplug = useUnplug();
  const [plugging, setPlugging] = useState(false);
  const at = q.data?.port ?? null;
  const cancelled = svc.status === 'cancelado';
  return (
    <Section
      title="Porta na CTO"
      actions={
        q.data && at && rights.unplug ? (
          <Button size="small" color="error" startIcon={<PowerOffIcon />} onClick={() => void unplug({ id: at.site_id, code: at.code }, at.port, svc)}>
            Desligar
          </Button>
        ) : q.data && !at && !cancelled && rights.plug ? (
          <Button size="small" startIcon={<PowerIcon />} onClick={() => setPlugging(true)}>
            Ligar a uma CTO
          </Button>
        ) : undefined
      }
    >
      <Typography variant="body2" color={at ? undefined : 'text.secondary'} data-testid="svc-cto-port">
        {!q.data ? (
          q.isError ? 'Não foi possível carregar a porta.' : 'Carregando…'
        ) : at ? (
          <>
            Porta {at.port} de {at.port_count} da{' '}
            <Link component={RouterLink} to={`/site/edit/${at.site_id}`}>
              {at.code}
            </Link>{' '}
            ({at.name}){cancelled ? ' · o serviço está cancelado: a porta conta como livre' : ''}.
          </>
        ) : (
          'Não está ligado a uma CTO.'
        )}
      </Typography>
      {plugging && <PlugDialog svc={svc} onClose={() => setPlugging(false)} />}
    </Section>
  );
}
