/**
 * The one numeric input: a text field that reads `2,5` and `2.5` as 2.5, shows the
 * value back with a decimal comma, and never drops a separator (an unreadable text stays on
 * screen and its value is NaN, which the contract's number schemas refuse).
 * Value: a number, or null when blank. `money` shows two places (and "R$" unless the label has it).
 */
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useBoundField } from './boundField';
import { formatDecimal, isNumericDraft, parseDecimal } from '../number';
import { useFormReadOnly } from '../readOnly';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: number | string | null | undefined;
  onChange: (value: number | null | undefined) => void;
  money?: boolean;
  allowNegative?: boolean;
  /** Blank gives undefined instead of null (for `.optional()` fields that are not nullable). */
  blankAsUndefined?: boolean;
};

const sameNumber = (a: number | null, b: number | null) => a === b || (Number.isNaN(a) && Number.isNaN(b));

export function NumberInput({ value, onChange, onBlur, money, allowNegative, blankAsUndefined, slotProps, disabled, ...rest }: Props) {
  const readOnly = useFormReadOnly();
  const [text, setText] = useState(() => formatDecimal(value, { money }));
  const lastEmitted = useRef<number | null>(parseDecimal(value ?? null));

  // A value set from outside (form reset, loaded record) replaces the text.
  useEffect(() => {
    const incoming = parseDecimal(value ?? null);
    if (!sameNumber(incoming, lastEmitted.current)) {
      lastEmitted.current = incoming;
      setText(formatDecimal(value, { money }));
    }
  }, [value, money]);

  const htmlInput = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <TextField
      {...rest}
      disabled={disabled || readOnly}
      type="text"
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        if (!isNumericDraft(next, allowNegative)) return; // letters are refused as typed
        setText(next);
        const n = parseDecimal(next);
        lastEmitted.current = n;
        onChange(n === null && blankAsUndefined ? undefined : n);
      }}
      onBlur={(e) => {
        const n = parseDecimal(text);
        if (n !== null && !Number.isNaN(n)) setText(formatDecimal(n, { money }));
        onBlur?.(e);
      }}
      slotProps={{
        ...slotProps,
        htmlInput: { ...htmlInput, inputMode: 'decimal', min: undefined, max: undefined, step: undefined },
        input: money && !String(rest.label ?? '').includes('R$')
          ? { startAdornment: <InputAdornment position="start">R$</InputAdornment>, ...(slotProps?.input as object) }
          : slotProps?.input,
      }}
    />
  );
}

/** A NumberInput bound to the surrounding react-hook-form by name. */
export function FormNumber({
  name,
  helperText,
  ...rest
}: { name: string } & Omit<Props, 'value' | 'onChange' | 'name'>) {
  return <NumberInput {...rest} {...useBoundField<number | string | null | undefined>(name, helperText, rest.label)} />;
}
