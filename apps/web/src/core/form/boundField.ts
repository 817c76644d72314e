/** The props every kit input takes from the surrounding react-hook-form field, bound once. */
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useFieldLabel } from './fieldLabels';

/** `label`: what the user reads for this field, registered so server violations are named by it. */
export function useBoundField<V = unknown, H extends ReactNode = ReactNode>(name: string, helperText?: H, label?: unknown) {
  const { field, fieldState } = useController({ name });
  useFieldLabel(name, label);
  return {
    name: field.name,
    value: field.value as V,
    onChange: field.onChange as (value: unknown) => void,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: !!fieldState.error,
    helperText: fieldState.error?.message ?? helperText,
  };
}
