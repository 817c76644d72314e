/** "LMCs e segmentos" on the site page: the LMCs that end at the site or pass through its assets, and the LMX segments touching them. */
import { Box, Typography } from '@mui/material';
import { LMC_STATUS_LABELS, LMX_MEDIUM_LABELS, type SitePaths as SitePathsRead } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../core/api';
import { LinkList } from '../../core/LinkList';
import { useCan } from '../../core/permissions';
import { Section } from '../../core/Section';

export function SitePaths({ siteId }: { siteId: number }) {
  const { can } = useCan();
  // Path data is the LMC module's: a site holder without LMC sees no section rather than an error.
  const allowed = can(['LMC', 'LMC.INDEX']);
  const q = useQuery({ queryKey: ['site-lmc', siteId], queryFn: async () => (await api.get<SitePathsRead>(`/site/${siteId}/lmc`)).data, enabled: allowed });
  if (!allowed || !q.data) return null;
  const { lmcs, segments } = q.data;
  return (
    <Section title="LMCs e segmentos LMX">
      <Box data-testid="site-paths">
        {lmcs.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nenhuma LMC usa este site.
          </Typography>
        ) : (
          <LinkList
            label="LMCs que usam o site"
            items={lmcs.map((l) => ({
              key: l.id,
              to: `/lmc/edit/${l.id}`,
              text: `${l.code} · ${l.name}`,
              detail: `${LMC_STATUS_LABELS[l.status]} · ${l.site_a_id === siteId ? 'Ponta A' : l.site_b_id === siteId ? 'Ponta B' : 'Passa por um ativo do site'}`,
            }))}
          />
        )}
        {segments.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
              Segmentos nos ativos do site
            </Typography>
            <LinkList
              label="Segmentos LMX que usam o site"
              items={segments.map((s) => ({
                key: s.id,
                to: `/lmx/edit/${s.id}`,
                text: `${s.lmc.code} · segmento ${s.position}: ${s.from_asset.hostname} → ${s.to_asset.hostname}`,
                detail: `${LMX_MEDIUM_LABELS[s.medium]} · ${s.capacity_mbps.toLocaleString('pt-BR')} Mbps`,
              }))}
            />
          </>
        )}
      </Box>
    </Section>
  );
}
