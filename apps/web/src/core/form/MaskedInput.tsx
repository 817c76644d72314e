/**
 * The one masked text input: CPF, CNPJ, CPF/CNPJ, CEP and phone masked as typed with
 * react-imask. The value is the masked text ('' when blank); see masks.ts for why.
 */
import { TextField, type TextFieldProps } from '@mui/material';
import { forwardRef } from 'react';
import { IMaskInput } from 'react-imask';
import { useBoundField } from './boundField';
import { MASK_PLACEHOLDERS, MASKS, type MaskKind } from '../masks';
import { useFormReadOnly } from '../readOnly';

type AdapterProps = { kind: MaskKind; name?: string; onChange: (e: { target: { name?: string; value: string } }) => void };

/** MUI's input slot driven by IMaskInput (MUI calls onChange with an event-like object). */
const MaskAdapter = forwardRef<HTMLInputElement, AdapterProps>(function MaskAdapter({ kind, onChange, ...other }, ref) {
  return (
    <IMaskInput
      {...(other as object)}
      {...(MASKS[kind] as object)}
      inputRef={ref}
      onAccept={(value: string) => onChange({ target: { name: other.name, value } })}
    />
  );
});

type Props = Omit<TextFieldProps, 'value' | 'onChange'> & {
  kind: MaskKind;
  value: string | null | undefined;
  onChange: (value: string) => void;
};

export function MaskedInput({ kind, value, onChange, slotProps, disabled, placeholder, ...rest }: Props) {
  const readOnly = useFormReadOnly();
  return (
    <TextField
      {...rest}
      disabled={disabled || readOnly}
      placeholder={placeholder ?? MASK_PLACEHOLDERS[kind]}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        ...slotProps,
        input: { ...(slotProps?.input as object), inputComponent: MaskAdapter as never },
        htmlInput: {
          ...(slotProps?.htmlInput as object),
          kind,
          inputMode: kind === 'phone' ? 'tel' : 'numeric',
        },
      }}
    />
  );
}

/** A MaskedInput bound to the surrounding react-hook-form by name. */
export function FormMasked({ name, helperText, ...rest }: { name: string } & Omit<Props, 'value' | 'onChange' | 'name'>) {
  return <MaskedInput {...rest} {...useBoundField<string | null | undefined>(name, helperText, rest.label)} />;
}
