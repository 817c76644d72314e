/** An on/off form field (active, flags of the settings…), with an optional hint under it. */
import { Box, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useFormReadOnly } from '../readOnly';
import { useBoundField } from './boundField';

export function FormSwitch({ name, label, helperText, disabled }: { name: string; label: string; helperText?: string; disabled?: boolean }) {
  const readOnly = useFormReadOnly();
  const f = useBoundField<boolean | null | undefined>(name, undefined, label);
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={!!f.value} onChange={(e) => f.onChange(e.target.checked)} disabled={disabled || readOnly} name={f.name} />}
        label={label}
      />
      {helperText && <FormHelperText sx={{ mt: -0.5, ml: 0 }}>{helperText}</FormHelperText>}
    </Box>
  );
}
