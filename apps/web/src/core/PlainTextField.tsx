/**
 * An outlined text field without MUI's TextField: TextField always pulls in Select, Menu and
 * Popover (about 13 KB gzip), which the login page, the first page most users load, never uses.
 * Same look and accessibility: the label and the helper text are tied to the input by id.
 */
import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { forwardRef, useId, type ReactNode } from 'react';

type Props = Omit<OutlinedInputProps, 'label'> & { label: string; helperText?: ReactNode; 'data-testid'?: string };

export const PlainTextField = forwardRef<HTMLInputElement, Props>(function PlainTextField({ label, helperText, error, 'data-testid': testId, ...input }, ref) {
  const id = useId();
  return (
    <FormControl variant="outlined" error={error} fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        inputRef={ref}
        aria-describedby={helperText ? `${id}-helper` : undefined}
        inputProps={{ 'data-testid': testId }}
        {...input}
      />
      {helperText && <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
