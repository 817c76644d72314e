/**
 * The asset's interfaces, edited inline: one row per interface (name, type, MAC, speed,
 * description, enabled), added and removed with buttons; every control is a plain form input, so
 * Tab walks the table and "Adicionar interface" puts the cursor in the new row's name. A kept
 * row carries its `id`, so the API keeps the interface (and what refers to it).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Checkbox, FormControlLabel, IconButton, Typography } from '@mui/material';
import { INTERFACE_TYPE_LABELS, INTERFACE_TYPES } from '@operacoes/contract';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { enumOptions, FormNumber, FormSelect } from '../../core/form';
import { useFormReadOnly } from '../../core/readOnly';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';

export const blankInterface = { name: '', type: 'ethernet' as const, mac: '', speed_mbps: null, description: '', enabled: true };
const TYPES = enumOptions(INTERFACE_TYPES, INTERFACE_TYPE_LABELS);

function RowTitle({ index }: { index: number }) {
  const name = useWatch({ name: `interfaces.${index}.name` }) as string | undefined;
  return <>{name?.trim() || `Interface ${index + 1}`}</>;
}

export function InterfacesTable() {
  const { control, setFocus } = useFormContext();
  const readOnly = useFormReadOnly();
  // The rows' own `id` (the interface's) must stay in the values: the array's React keys live elsewhere.
  const { fields, append, remove } = useFieldArray({ control, name: 'interfaces', keyName: '_key' as 'id' });
  const add = () => {
    append(blankInterface, { shouldFocus: false });
    setTimeout(() => setFocus(`interfaces.${fields.length}.name`), 0);
  };
  return (
    <Section
      title={`Interfaces (${fields.length})`}
      actions={
        !readOnly && (
          <Button size="small" startIcon={<AddIcon />} onClick={add}>
            Adicionar interface
          </Button>
        )
      }
    >
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Nenhuma interface. Use "Adicionar interface" (ex.: ether1, sfp-sfpplus1, wlan1).
        </Typography>
      )}
      <Box role="list" aria-label="Interfaces do ativo" sx={{ display: 'grid', gap: 1.5 }}>
        {fields.map((f, i) => (
          <Box
            key={(f as unknown as { _key: string })._key}
            role="listitem"
            aria-label={`Interface ${i + 1}`}
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr 1fr', md: '1.3fr 1fr 1.3fr 0.8fr 1.6fr auto auto' },
              p: { xs: 1, md: 0 },
              border: { xs: 1, md: 0 },
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Typography variant="caption" sx={{ display: { xs: 'block', md: 'none' }, gridColumn: '1 / -1', fontWeight: 600 }}>
              <RowTitle index={i} />
            </Typography>
            <FormText name={`interfaces.${i}.name`} label="Nome" required size="small" />
            <FormSelect name={`interfaces.${i}.type`} label="Tipo" options={TYPES} />
            <FormText name={`interfaces.${i}.mac`} label="MAC" size="small" placeholder="4C:5E:0C:12:34:56" />
            <FormNumber name={`interfaces.${i}.speed_mbps`} label="Mbps" size="small" />
            <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
              <FormText name={`interfaces.${i}.description`} label="Descrição" size="small" fullWidth />
            </Box>
            <Controller
              name={`interfaces.${i}.enabled`}
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ m: 0 }}
                  control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={readOnly} />}
                  label="Ativa"
                />
              )}
            />
            {!readOnly && (
              <IconButton aria-label={`Remover interface ${i + 1}`} title="Remover interface" onClick={() => remove(i)} sx={{ justifySelf: 'end' }}>
                <DeleteIcon />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
    </Section>
  );
}
