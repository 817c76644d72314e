/** Inputs of the settings forms that the core kit does not have: lists of values and option sets. */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Autocomplete, Box, Button, Checkbox, Chip, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, IconButton, TextField } from '@mui/material';
import type { ReactElement } from 'react';
import { Controller, useFieldArray, useFormContext, type ControllerFieldState, type ControllerRenderProps, type FieldError } from 'react-hook-form';
import { useItemLabel } from '../../core/form/fieldLabels';
import { FormText } from '../../core/ResourceForm';

/** Messages of an array field's errors ("2º item: Endereço IP inválido"). */
export function arrayErrors(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as Record<string, unknown>;
  if (typeof e.message === 'string' && e.message) return e.message;
  const out: string[] = [];
  for (const [k, v] of Object.entries(e)) {
    const m = v && typeof v === 'object' ? (v as FieldError).message : undefined;
    if (/^\d+$/.test(k) && m) out.push(`${Number(k) + 1}º item: ${m}`);
  }
  return out.join(' · ') || undefined;
}

/** A form field whose value is a list of texts: `render` gets the list (empty when unset) with the field. */
function StringListField({ name, render }: { name: string; render: (values: string[], field: ControllerRenderProps, fieldState: ControllerFieldState) => ReactElement }) {
  const { control } = useFormContext();
  return <Controller name={name} control={control} render={({ field, fieldState }) => render((field.value as string[] | undefined) ?? [], field, fieldState)} />;
}

/** A list of short texts typed as chips (Enter or comma adds one). */
export function FormChipList({
  name,
  label,
  helperText,
  disabled,
  placeholder,
}: {
  name: string;
  label: string;
  helperText?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  return (
    <StringListField
      name={name}
      render={(values, field, fieldState) => {
        const err = arrayErrors(fieldState.error);
        return (
          <Autocomplete<string, true, false, true>
            multiple
            freeSolo
            options={[]}
            value={values}
            disabled={disabled}
            onChange={(_e, v) => field.onChange(v.map((s) => s.trim()).filter(Boolean))}
            onBlur={field.onBlur}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                const bad = Array.isArray(fieldState.error) && fieldState.error[index];
                return <Chip key={key} label={option} size="small" color={bad ? 'error' : 'default'} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={label}
                placeholder={values.length ? undefined : placeholder}
                error={!!err}
                helperText={err ?? helperText ?? 'Digite e tecle Enter para adicionar'}
                onKeyDown={(e) => {
                  const input = e.target as HTMLInputElement;
                  if ((e.key === ',' || e.key === ';') && input.value.trim()) {
                    e.preventDefault();
                    field.onChange([...values, input.value.trim()]);
                    input.value = '';
                  }
                }}
              />
            )}
          />
        );
      }}
    />
  );
}

/** A set of options picked by checkboxes (value: the picked option values). */
export function FormCheckboxes({
  name,
  label,
  options,
  disabled,
  helperText,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
  helperText?: string;
}) {
  return (
    <StringListField
      name={name}
      render={(values, field, fieldState) => {
        return (
          <FormControl component="fieldset" error={!!fieldState.error} disabled={disabled}>
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup row>
              {options.map((o) => (
                <FormControlLabel
                  key={o.value}
                  label={o.label}
                  control={
                    <Checkbox
                      size="small"
                      checked={values.includes(o.value)}
                      onChange={(e) => field.onChange(e.target.checked ? [...values, o.value] : values.filter((v) => v !== o.value))}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>{arrayErrors(fieldState.error) ?? helperText}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

/**
 * The MikroTik scripts' management networks: a block and its gateway per row. Each device's
 * management address takes the prefix of the block that holds it; SSH, Winbox and API answer only them.
 */
export function FormManagementNetworks({ disabled }: { disabled?: boolean }) {
  const { control, setFocus } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'management_networks' });
  useItemLabel('management_networks', 'Rede de gerência');
  const add = () => {
    append({ block: '', gateway: '' }, { shouldFocus: false });
    setTimeout(() => setFocus(`management_networks.${fields.length}.block`), 0);
  };
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ display: 'grid', gap: 1.5 }}>
      <FormLabel component="legend">Redes de gerência</FormLabel>
      <FormHelperText sx={{ mt: 0 }}>O endereço de gerência de cada equipamento leva o prefixo do bloco que o contém e sai pelo gateway dele; SSH, Winbox e API só respondem a esses blocos.</FormHelperText>
      {fields.map((f, i) => (
        <Box key={f.id} role="group" aria-label={`Rede de gerência ${i + 1}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: '1fr 1fr auto' }, alignItems: 'start' }}>
          <FormText name={`management_networks.${i}.block`} label="Bloco" placeholder="10.10.0.0/24" disabled={disabled} />
          <FormText name={`management_networks.${i}.gateway`} label="Gateway" placeholder="10.10.0.254" disabled={disabled} sx={{ gridRow: { xs: 2, sm: 'auto' } }} />
          {!disabled && (
            <IconButton aria-label={`Remover a rede de gerência ${i + 1}`} onClick={() => remove(i)} sx={{ mt: 1 }}>
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      ))}
      {!disabled && (
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={add}>
            Adicionar rede de gerência
          </Button>
        </Box>
      )}
    </FormControl>
  );
}
