/**
 * Where each held permission reaches: "Toda a organização" (nothing chosen) or some of the
 * organization's units. Bound to the form's `permission_scopes` (permission → unit ids); only the
 * permissions the user holds are listed, and a permission taken away loses its units on save.
 */
import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import { SCOPABLE_PERMISSIONS } from '@operacoes/contract';
import { Controller, useWatch } from 'react-hook-form';
import { PERMISSION_LABEL } from './permission-groups';

export type Scopes = Record<string, number[]>;
type Unit = { id: number; name: string };

/** "STOCK.INDEX" → "STOCK": a scope is the module's, for reading and managing alike. */
export const moduleOf = (permission: string) => permission.replace(/\.(INDEX|READ)$/, '');

/** The scopes of the permissions still held (what is sent on save). */
export function scopesHeld(scopes: Scopes | undefined, permissions: readonly string[]): Scopes {
  const held = new Set(permissions.map(moduleOf));
  return Object.fromEntries(Object.entries(scopes ?? {}).filter(([p, units]) => held.has(p) && units.length > 0));
}

/** How far a user's permissions reach, in one line ("Toda a organização", "Ponta Grossa"). */
export function scopeSummary(scopes: Scopes | undefined, units: readonly Unit[]): string {
  const ids = [...new Set(Object.values(scopes ?? {}).flat())];
  if (ids.length === 0) return 'Toda a organização';
  return ids.map((id) => units.find((u) => u.id === id)?.name ?? `Unidade ${id}`).join(', ');
}

export function FormPermissionScopes({ units, disabled }: { units: readonly Unit[]; disabled?: boolean }) {
  const permissions = (useWatch({ name: 'permissions' }) as string[] | undefined) ?? [];
  const modules = [...new Set(permissions.map(moduleOf))].filter((m) => SCOPABLE_PERMISSIONS.includes(m));
  return (
    <Controller
      name="permission_scopes"
      render={({ field, fieldState }) => {
        const value = (field.value as Scopes | undefined) ?? {};
        if (modules.length === 0) return <Typography color="text.secondary">Nenhuma permissão marcada se restringe a unidades: todas valem para toda a organização.</Typography>;
        return (
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {fieldState.error?.message && <Typography color="error">{fieldState.error.message}</Typography>}
            {modules.map((m) => {
              const chosen = units.filter((u) => (value[m] ?? []).includes(u.id));
              const label = PERMISSION_LABEL[m] ?? m;
              return (
                <Autocomplete
                  key={m}
                  multiple
                  disabled={disabled}
                  options={units as Unit[]}
                  value={chosen}
                  getOptionLabel={(u) => u.name}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  noOptionsText="Nenhuma unidade"
                  onChange={(_e, picked) => {
                    const next = { ...value };
                    if (picked.length) next[m] = picked.map((u) => u.id);
                    else delete next[m];
                    field.onChange(next);
                  }}
                  renderValue={(picked, getItemProps) =>
                    picked.map((u, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return <Chip key={key} size="small" label={u.name} {...itemProps} />;
                    })
                  }
                  renderInput={(params) => (
                    <TextField {...params} label={label} placeholder={chosen.length ? '' : 'Toda a organização'} helperText={chosen.length ? `Só ${chosen.length === 1 ? 'nesta unidade' : 'nestas unidades'}` : 'Toda a organização'} />
                  )}
                />
              );
            })}
          </Box>
        );
      }}
    />
  );
}
