/** /organization-settings: the hub, one card per settings section and one for data sources. */
import BuildIcon from '@mui/icons-material/Build';
import CableIcon from '@mui/icons-material/Cable';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import WebhookIcon from '@mui/icons-material/Webhook';
import HistoryIcon from '@mui/icons-material/History';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import RouterIcon from '@mui/icons-material/Router';
import SettingsInputAntennaIcon from '@mui/icons-material/SettingsInputAntenna';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import { Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { SETTINGS_SECTION_LABELS, canReadSettingsSection, type SettingsSection } from '@operacoes/contract';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { useCan } from '../../core/permissions';

const SECTIONS: { section: SettingsSection; icon: ReactElement; text: string }[] = [
  { section: 'external-activity', icon: <BuildIcon />, text: 'Duração padrão, SLA e numeração das ordens de serviço.' },
  { section: 'viability', icon: <SettingsInputAntennaIcon />, text: 'Distância máxima, preço por metro, margem e validade das propostas.' },
  { section: 'warehouse', icon: <WarehouseIcon />, text: 'Numeração do patrimônio, aprovação de saídas e alertas de estoque.' },
  { section: 'logistic', icon: <LocalShippingIcon />, text: 'Transportadoras, remetente padrão e validade do link de recebimento.' },
  { section: 'mikrotik', icon: <RouterIcon />, text: 'DNS, NTP, SNMP, syslog, usuários e serviços dos scripts RouterOS.' },
  { section: 'circuit', icon: <CableIcon />, text: 'Aviso de fim de contrato dos circuitos de operadora.' },
];

function HubCard({ to, icon, title, text }: { to: string; icon: ReactElement; title: string; text: string }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ color: 'primary.main', display: 'flex', mt: 0.25, '& svg': { fontSize: 32 } }} aria-hidden>
            {icon}
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function SettingsHubPage() {
  const { can, user, isSuperAdmin } = useCan();
  return (
    <>
      <PageTitle
        title="Configurações da organização"
        subtitle={user?.organization?.fantasy_name}
        actions={
          can(['LOG', 'LOG.READ', 'LOG.INDEX']) ? (
            <Button component={RouterLink} to="/revision?entity=organization_settings" startIcon={<HistoryIcon />} variant="outlined">
              Histórico de alterações
            </Button>
          ) : undefined
        }
      />
      <Box
        component="ul"
        aria-label="Seções de configuração"
        sx={{ display: 'grid', gap: 2, p: 0, m: 0, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}
      >
        {SECTIONS.filter((s) => canReadSettingsSection({ superAdmin: isSuperAdmin, permissions: user?.permissions ?? [] }, s.section)).map((s) => (
          <HubCard key={s.section} to={`/organization-settings/${s.section}`} icon={s.icon} title={SETTINGS_SECTION_LABELS[s.section]} text={s.text} />
        ))}
        {can(['DATA_SOURCE', 'DATA_SOURCE.INDEX']) && (
          <HubCard
            to="/organization-settings/data-source"
            icon={<CloudSyncIcon />}
            title="Fontes de dados"
            text="Sistemas externos (HTTP JSON) de onde a organização importa sites e ativos."
          />
        )}
        {can(['DATA_SOURCE', 'DATA_SOURCE.INDEX']) && (
          <HubCard
            to="/organization-settings/webhook"
            icon={<WebhookIcon />}
            title="Webhooks"
            text="Endereços que recebem, assinadas, as criações, alterações e exclusões de registros."
          />
        )}
      </Box>
    </>
  );
}
