/**
 * Read-only forms: a form for a user who may only read provides `true` here, and
 * every kit input (FormText, NumberInput, MaskedInput, selects built on them) renders disabled.
 */
import { Alert } from '@mui/material';
import { createContext, useContext } from 'react';

export const FormReadOnlyContext = createContext(false);
export const FormReadOnlyProvider = FormReadOnlyContext.Provider;
export const useFormReadOnly = () => useContext(FormReadOnlyContext);

/** The notice on top of a record the user may only read: "Você pode consultar esta unidade, mas não alterá-la." */
export function ReadOnlyNotice({ what, gender = 'm' }: { what: string; gender?: 'm' | 'f' }) {
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {`Você pode consultar ${gender === 'f' ? 'esta' : 'este'} ${what}, mas não ${gender === 'f' ? 'alterá-la' : 'alterá-lo'}.`}
    </Alert>
  );
}
