/**
 * SLOT for the operator-circuits half of issue 11: "the circuits that end there" on the site page.
 * The circuits engineer replaces the body of this component (same name and props) with the
 * circuits whose site A or site B is this site; the site page already renders it.
 */
import { Typography } from '@mui/material';
import { Section } from '../../core/Section';

export function SiteCircuits({ siteId }: { siteId: number }) {
  return (
    <Section title="Circuitos de operadora">
      <Typography variant="body2" color="text.secondary" data-site-id={siteId}>
        Os circuitos de operadora que terminam neste site aparecerão aqui.
      </Typography>
    </Section>
  );
}
