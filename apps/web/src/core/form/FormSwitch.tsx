/** An on/off form field (active, flags of the settings…), with an optional hint under it. */
import { Box, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useFormReadOnly } from '../readOnly';

export function FormSwitch({ name, label, helperText, disabled }: { name: string; label: string; helperText?: string; disabled?: boolean }) {
  const { control } = useFormContext();
  const readOnly = useFormReadOnly();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled || readOnly} name={field.name} />}
            label={label}
          />
          {helperText && <FormHelperText sx={{ mt: -0.5, ml: 0 }}>{helperText}</FormHelperText>}
        </Box>
      )}
    />
  );
}
