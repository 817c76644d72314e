/** /union/create and /union/edit/:id: a union's code, name, mode and members (LMCs or operator circuits joining the same two sites). */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, Chip, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { UNION_MODES, UNION_MODE_LABELS, unionInput, type UnionRead } from '@operacoes/contract';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { enumOptions, FormGrid, FormNotes, FormSelect } from '../../../core/form';
import { useItemLabel } from '../../../core/form/fieldLabels';
import { useFormReadOnly } from '../../../core/readOnly';
import { ResourcePage } from '../../../core/resource';
import { FormText } from '../../../core/ResourceForm';
import { Section } from '../../../core/Section';
import { DownChip } from '../CircuitParts';
import { unionApi } from '../pathApi';
import { FormCircuitPicker, FormLmcPicker, mbps, UnionStateChip } from '../pathParts';

type Member = { lmc_id?: number | null; circuit_id?: number | null; kind?: 'lmc' | 'circuit' };

function MemberRow({ i, onRemove }: { i: number; onRemove: () => void }) {
  const { setValue } = useFormContext();
  const readOnly = useFormReadOnly();
  const member = useWatch({ name: `members.${i}` }) as Member;
  const kind = member?.kind ?? (member?.circuit_id ? 'circuit' : 'lmc');
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: '160px 1fr auto' }, alignItems: 'start' }}>
      <TextField
        select
        label="Tipo"
        value={kind}
        disabled={readOnly}
        onChange={(e) => {
          setValue(`members.${i}`, { kind: e.target.value as Member['kind'], lmc_id: null, circuit_id: null }, { shouldDirty: true });
        }}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      >
        <MenuItem value="lmc">LMC</MenuItem>
        <MenuItem value="circuit">Circuito</MenuItem>
      </TextField>
      {kind === 'lmc' ? <FormLmcPicker name={`members.${i}.lmc_id`} label={`Membro ${i + 1} (LMC)`} required /> : <FormCircuitPicker name={`members.${i}.circuit_id`} label={`Membro ${i + 1} (circuito)`} required />}
      {!readOnly && (
        <IconButton aria-label={`Remover o membro ${i + 1}`} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      )}
    </Box>
  );
}

function Members() {
  const { control } = useFormContext();
  const readOnly = useFormReadOnly();
  const { fields, append, remove } = useFieldArray({ control, name: 'members' });
  // A violation on a whole member ("members.1") reads "Membro 2".
  useItemLabel('members', 'Membro');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {fields.map((m, i) => (
        <MemberRow key={m.id} i={i} onRemove={() => remove(i)} />
      ))}
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button startIcon={<AddIcon />} onClick={() => append({ kind: 'lmc', lmc_id: null, circuit_id: null })}>
            Adicionar LMC
          </Button>
          <Button startIcon={<AddIcon />} onClick={() => append({ kind: 'circuit', lmc_id: null, circuit_id: null })}>
            Adicionar circuito
          </Button>
        </Box>
      )}
    </Box>
  );
}

function Summary({ union }: { union: UnionRead }) {
  return (
    <Section title="Estado">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <UnionStateChip degraded={union.degraded} />
        <Typography>Capacidade ativa (gargalo do caminho ativo): {mbps(union.capacity_mbps)}</Typography>
        {union.site_a && union.site_b && (
          <Typography color="text.secondary">
            {union.site_a.code} ⇄ {union.site_b.code}
          </Typography>
        )}
      </Box>
      {union.members.map((m) => (
        <Box key={`${m.kind}-${m.lmc_id ?? m.circuit_id}`} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2">
            {m.kind === 'lmc' ? 'LMC' : 'Circuito'} {m.label} · {mbps(m.capacity_mbps)}
            {m.declared_capacity_mbps !== m.capacity_mbps && ` (gargalo; declarada ${mbps(m.declared_capacity_mbps)})`}
          </Typography>
          {m.active && <Chip size="small" color="primary" variant="outlined" label="ativo" />}
          <DownChip down={m.down} />
        </Box>
      ))}
    </Section>
  );
}

const blank = { code: '', name: '', mode: '802.3ad' as const, members: [{ lmc_id: null, circuit_id: null }, { lmc_id: null, circuit_id: null }], notes: '' };

export default function UnionFormPage() {
  return (
    <ResourcePage
      resource={unionApi}
      schema={unionInput}
      blank={blank as never}
      toForm={(u) => ({ members: u.members.map((m) => ({ kind: m.kind, lmc_id: m.lmc_id, circuit_id: m.circuit_id })) as never })}
      subtitle={(u) => `${u.code} · ${u.name}`}
    >
      {(union) => (
        <>
          {union && <Summary union={union} />}
          <Section title="União">
            <FormGrid>
              <FormText name="code" label="Código" required />
              <FormText name="name" label="Nome" required />
              <FormSelect name="mode" label="Modo" required options={enumOptions(UNION_MODES, UNION_MODE_LABELS)} helperText="Cada membro conta pelo seu menor segmento. 802.3ad, round-robin e XOR somam os membros no ar; ativo/reserva usa o membro ativo (o primeiro no ar)" />
              <FormNotes />
            </FormGrid>
          </Section>
          <Section title="Membros" hint="Duas ou mais LMCs ou circuitos de operadora que ligam os mesmos dois sites.">
            <Members />
          </Section>
          <Alert severity="info" sx={{ mt: 1 }}>
            O estado fica degradado quando algum membro está fora do ar.
          </Alert>
        </>
      )}
    </ResourcePage>
  );
}
