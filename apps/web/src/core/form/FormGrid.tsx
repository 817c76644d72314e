/** The grid of a form section: one column on phones, `columns` from md up; `Wide` spans them all. */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { FormText } from '../ResourceForm';
import { Section } from '../Section';

export function FormGrid({ columns = '1fr 1fr', children }: { columns?: string; children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: columns } }}>{children}</Box>;
}

export function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: { md: '1 / -1' } }}>{children}</Box>;
}

/** The street address of a place (a site, a visit) across the whole grid. */
export function FormAddress() {
  return (
    <Wide>
      <FormText name="address" label="Endereço" fullWidth />
    </Wide>
  );
}

/** A free-text block across the whole grid: notes, descriptions. */
export function FormNotes({ name = 'notes', label = 'Observações', disabled }: { name?: string; label?: string; disabled?: boolean }) {
  return (
    <Wide>
      <FormText name={name} label={label} fullWidth multiline minRows={2} disabled={disabled} />
    </Wide>
  );
}

/** The record's notes as the form's last section of their own. */
export function NotesSection() {
  return (
    <Section title="Observações">
      <FormNotes />
    </Section>
  );
}
