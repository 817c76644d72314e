/** The props every kit input takes from the surrounding react-hook-form field, bound once. */
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';

export function useBoundField<V = unknown, H extends ReactNode = ReactNode>(name: string, helperText?: H) {
  const { field, fieldState } = useController({ name });
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
