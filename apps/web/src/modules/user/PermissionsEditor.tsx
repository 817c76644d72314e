/**
 * Checkbox groups by module: "Consultar" grants X.INDEX, "Gerenciar" grants X (read and write).
 * With `ceiling` (an API token's choice among its user's permissions) only the modules the ceiling
 * reaches are offered, and "Gerenciar" only where it manages.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { Controller } from 'react-hook-form';
import { type Level, levelOf, PERMISSION_GROUPS, PERMISSION_LABEL, setLevel } from './permission-groups';

export function PermissionsEditor({
  value,
  onChange,
  disabled,
  ceiling,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  disabled?: boolean;
  ceiling?: readonly string[];
}) {
  const cap = (name: string, level: Level): Level => (!ceiling || level === 'none' ? level : levelOf(ceiling, name) === 'full' ? level : levelOf(ceiling, name) === 'read' ? 'read' : 'none');
  const setGroup = (names: string[], level: Level) => onChange(names.reduce((acc, n) => setLevel(acc, n, cap(n, level)), value));
  const groups = PERMISSION_GROUPS.map((g) => ({ ...g, names: g.names.filter((n) => cap(n, 'full') !== 'none') })).filter((g) => g.names.length);
  return (
    <Stack spacing={2}>
      {groups.map((g) => (
        <Paper key={g.label} variant="outlined" sx={{ p: 1.5 }} component="fieldset">
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
            <FormLabel component="legend" sx={{ float: 'left', fontWeight: 600, color: 'text.primary', flex: 1 }}>
              {g.label}
            </FormLabel>
            <Button size="small" disabled={disabled} onClick={() => setGroup(g.names, 'read')}>
              Consultar todos
            </Button>
            <Button size="small" disabled={disabled} onClick={() => setGroup(g.names, 'full')}>
              Gerenciar todos
            </Button>
            <Button size="small" color="inherit" disabled={disabled} onClick={() => setGroup(g.names, 'none')}>
              Nenhum
            </Button>
          </Box>
          <Box sx={{ clear: 'both' }}>
            {g.names.map((name) => {
              const level = levelOf(value, name);
              const label = PERMISSION_LABEL[name] ?? name;
              return (
                <Box
                  key={name}
                  sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', borderTop: 1, borderColor: 'divider', py: 0.25 }}
                >
                  <Typography sx={{ flex: '1 1 160px' }} id={`perm-${name}`}>
                    {label}
                  </Typography>
                  <FormGroup row aria-labelledby={`perm-${name}`}>
                    <FormControlLabel
                      control={
                        <Checkbox
                          size="small"
                          checked={level !== 'none'}
                          disabled={disabled || level === 'full'}
                          onChange={(e) => onChange(setLevel(value, name, e.target.checked ? 'read' : 'none'))}
                          slotProps={{ input: { 'aria-label': `${label}: consultar` } as object }}
                        />
                      }
                      label="Consultar"
                    />
                    <FormControlLabel
                      control={
                        <Checkbox
                          size="small"
                          checked={level === 'full'}
                          disabled={disabled || cap(name, 'full') !== 'full'}
                          onChange={(e) => onChange(setLevel(value, name, e.target.checked ? 'full' : 'read'))}
                          slotProps={{ input: { 'aria-label': `${label}: gerenciar` } as object }}
                        />
                      }
                      label="Gerenciar"
                    />
                  </FormGroup>
                </Box>
              );
            })}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** The editor bound to a form's `permissions` field, with the field's error above it (user form, API token form). */
export function FormPermissions({ disabled, ceiling }: { disabled?: boolean; ceiling?: readonly string[] }) {
  return (
    <Controller
      name="permissions"
      render={({ field, fieldState }) => (
        <>
          {fieldState.error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {fieldState.error.message}
            </Alert>
          )}
          <PermissionsEditor value={(field.value as string[]) ?? []} onChange={field.onChange} disabled={disabled} ceiling={ceiling} />
        </>
      )}
    />
  );
}
