/** /viability/unit/viewer/cannot/:hash (public): a polite "we cannot serve this address yet", with the organization's name and no prices. */
import LocationOffIcon from '@mui/icons-material/LocationOffOutlined';
import { Box, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { type ProposalView } from './api';
import { OrganizationHeader, ProposalFrame } from './ProposalParts';
import { usePageTitle } from '../../core/publicLink';

function Cannot({ v, hash }: { v: ProposalView; hash: string }) {
  usePageTitle('Atendimento não disponível', v.organization.name);
  return (
    <Box data-testid="proposal-cannot">
      <OrganizationHeader v={v} hash={hash} />
      <Box sx={{ textAlign: 'center' }}>
        <LocationOffIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
          Atendimento não disponível
        </Typography>
        <Typography sx={{ mt: 1 }}>
          Olá, {v.client_name}. Infelizmente ainda não conseguimos atender este endereço com a nossa rede.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {v.address}
          {v.city ? ` · ${v.city}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Nossa rede está em expansão. {v.seller ? `${v.seller.name}${v.seller.email ? ` (${v.seller.email})` : ''} pode avisar você` : 'Entre em contato com o seu consultor para saber'} quando o endereço passar a ser atendido.
        </Typography>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Agradecemos o seu interesse na {v.organization.name}.
        </Typography>
      </Box>
    </Box>
  );
}

export default function CannotPage() {
  const { hash = '' } = useParams();
  return (
    <ProposalFrame hash={hash} page="cannot">
      {(v) => <Cannot v={v} hash={hash} />}
    </ProposalFrame>
  );
}
