/**
 * Plugging a client's service (SVC) into a CTO port, and unplugging it: from the box's ports list
 * (the port is known, the service is chosen) or from the service's page (the box and the port are
 * chosen). The dialog says what will happen before "Ligar"; unplugging asks first. The server's
 * refusals (a port in use or reserved, a port beyond the box's count, a service on another port)
 * are shown where they belong, in pt-BR. Only users who may edit sites get the buttons.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { siteResource, svcResource } from '@operacoes/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isAxiosError } from '../../core/api';
import { violationsOf } from '../../core/errors';
import { AsyncPicker } from '../../core/form';
import { useCan } from '../../core/permissions';
import { apiMessageOf } from '../../core/publicLink';
import { passes } from '../../core/resource';
import { confirmAction, toast } from '../../core/toast';
import { assignCtoPort, fetchCtoPorts, searchCtos, searchSvcs, viabilityKeys, type CtoOption, type CtoPortList, type SvcOption } from './api';

type SvcRef = Pick<SvcOption, 'id' | 'code' | 'client_name'>;

/** Who may plug and unplug: site editors; choosing a service also needs reading services. */
export function usePlugRights() {
  const { user } = useCan();
  const write = passes(user, siteResource.access.write);
  return { unplug: write, plug: write && passes(user, svcResource.access.read) };
}

/** After a change: the box's ports, the service's port and the boxes around addresses are read again. */
function useRefresh() {
  const qc = useQueryClient();
  return (list: CtoPortList, svcIds: number[]) => {
    qc.setQueryData(viabilityKeys.ctoPorts(list.site_id), list);
    for (const id of svcIds) void qc.invalidateQueries({ queryKey: viabilityKeys.svcPort(id) });
    void qc.invalidateQueries({ queryKey: ['viability', 'cto-around'] });
  };
}

/** What keeps a port from taking a service, from the box's list (the server checks it again). */
function portProblem(list: CtoPortList | undefined, code: string, port: number | null): string | null {
  if (port === null || !Number.isInteger(port) || port < 1) return 'Informe o número da porta (a partir de 1).';
  if (!list) return null;
  if (port > list.port_count) return `A ${code} tem ${list.port_count} portas.`;
  const p = list.ports[port - 1];
  if (p?.svc) return `A porta ${port} da ${code} está em uso pelo ${p.svc.code} (${p.svc.client_name}).`;
  if (p?.unit) return `A porta ${port} da ${code} está reservada pela proposta aceita da ${p.unit.viability_code}.`;
  return null;
}

/**
 * "Ligar serviço": with `box`, the port is fixed and the service is chosen; with `svc`, the box and
 * the port are chosen (the box's lowest free port is proposed).
 */
export function PlugDialog({ box, svc, onClose }: { box?: { id: number; code: string; port: number }; svc?: SvcRef; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const refresh = useRefresh();
  const [pickedSvc, setPickedSvc] = useState<SvcOption | null>(null);
  const [pickedBox, setPickedBox] = useState<CtoOption | null>(null);
  const [portText, setPortText] = useState(box ? String(box.port) : '');
  const [errors, setErrors] = useState<{ svc?: string; box?: string; port?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const target = box ?? (pickedBox ? { id: pickedBox.id, code: pickedBox.code } : null);
  const ports = useQuery({ queryKey: viabilityKeys.ctoPorts(target?.id ?? 0), queryFn: () => fetchCtoPorts(target!.id), enabled: !!target });
  const service: SvcRef | null = svc ?? pickedSvc;
  const port = portText.trim() === '' ? null : Number(portText.trim());
  const free = ports.data?.ports.filter((p) => p.state === 'livre').map((p) => p.port) ?? [];

  const submit = async () => {
    if (busy) return;
    const next: typeof errors = {};
    if (!service) next.svc = 'Escolha o serviço (SVC).';
    if (!target) next.box = 'Escolha a CTO.';
    else if (!box) next.port = portProblem(ports.data, target.code, port) ?? undefined;
    setErrors(next);
    if (!service || !target || port === null || next.port) return;
    setBusy(true);
    try {
      const list = await assignCtoPort(target.id, port, service.id, true);
      refresh(list, [service.id]);
      toast.success(`${service.code} ligado à porta ${port} da ${target.code}.`);
      onClose();
    } catch (e) {
      const vs = isAxiosError(e) ? violationsOf(e.response?.data) : [];
      const at = (path: string) => vs.find((v) => v.propertyPath === path)?.message;
      setErrors({ port: at('port'), svc: at('svc_id'), form: vs.length ? undefined : (apiMessageOf(e) ?? 'Não foi possível ligar o serviço. Tente de novo.') });
      if (target) void ports.refetch();
    } finally {
      setBusy(false);
    }
  };

  const title = box ? `Ligar um serviço à porta ${box.port} da ${box.code}` : `Ligar o ${svc?.code} a uma CTO`;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ '&&': { pt: 1 } }}>
        <Box
          sx={{ display: 'grid', gap: 2 }}
          onKeyDown={(e) => {
            // Enter in the port field confirms (the dialog has no form of its own: it may sit over another page's form).
            if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && (e.target as HTMLInputElement).name === 'port') {
              e.preventDefault();
              void submit();
            }
          }}
        >
          {!svc && (
            <AsyncPicker<SvcOption>
              name="svc_id"
              label="Serviço (SVC)"
              required
              queryKey={['viability', 'plug', 'svc']}
              fetch={searchSvcs}
              value={pickedSvc}
              onChange={(v) => (setPickedSvc(v), setErrors((x) => ({ ...x, svc: undefined, form: undefined })))}
              getLabel={(v) => `${v.code} · ${v.client_name}`}
              exclude={(v) => v.status === 'cancelado'}
              error={!!errors.svc}
              helperText={errors.svc ?? 'Código ou cliente do serviço (os cancelados não aparecem)'}
            />
          )}
          {!box && (
            <>
              <AsyncPicker<CtoOption>
                name="cto_id"
                label="CTO"
                required
                queryKey={['viability', 'plug', 'cto']}
                fetch={searchCtos}
                value={pickedBox}
                onChange={(v) => {
                  setPickedBox(v);
                  setPortText('');
                  setErrors((x) => ({ ...x, box: undefined, port: undefined, form: undefined }));
                }}
                getLabel={(v) => `${v.code} · ${v.name}`}
                error={!!errors.box}
                helperText={errors.box ?? 'Código ou nome da caixa de atendimento'}
              />
              <TextField
                name="port"
                label="Porta"
                required
                value={portText}
                disabled={!target}
                onChange={(e) => (setPortText(e.target.value.replace(/\D/g, '').slice(0, 3)), setErrors((x) => ({ ...x, port: undefined, form: undefined })))}
                error={!!errors.port}
                helperText={
                  errors.port ??
                  (!target
                    ? 'Escolha a CTO primeiro'
                    : ports.data
                      ? free.length
                        ? `De 1 a ${ports.data.port_count}; livres: ${free.slice(0, 12).join(', ')}${free.length > 12 ? '…' : ''}`
                        : `A ${target.code} não tem porta livre.`
                      : 'Carregando as portas…')
                }
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
              />
              {target && ports.data && portText === '' && free.length > 0 && (
                <Button size="small" sx={{ justifySelf: 'start', mt: -1.5 }} onClick={() => setPortText(String(free[0]))}>
                  Usar a primeira porta livre ({free[0]})
                </Button>
              )}
            </>
          )}
          {service && target && port !== null && (box || !portProblem(ports.data, target.code, port)) && (
            <Typography variant="body2" data-testid="plug-summary">
              O {service.code} ({service.client_name}) passará a ocupar a porta {port} da {target.code}.
            </Typography>
          )}
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={busy}>
          Ligar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Unplugs a service from its port, after asking; the server's refusal is toasted. */
export function useUnplug() {
  const refresh = useRefresh();
  return async (cto: { id: number; code: string }, port: number, svc: Pick<SvcRef, 'id' | 'code' | 'client_name'>) => {
    const ok = await confirmAction({
      title: `Desligar o ${svc.code} da porta ${port}?`,
      text: `A porta ${port} da ${cto.code} fica livre para outro cliente (${svc.client_name} deixa de ocupá-la).`,
      confirmText: 'Desligar',
    });
    if (!ok) return;
    try {
      refresh(await assignCtoPort(cto.id, port, null), [svc.id]);
      toast.success(`Porta ${port} da ${cto.code} liberada.`);
    } catch {
      /* toasted by the API client */
    }
  };
}
