/**
 * Read-only forms: a form for a user who may only read provides `true` here, and
 * every kit input (FormText, NumberInput, MaskedInput, selects built on them) renders disabled.
 */
import { createContext, useContext } from 'react';

export const FormReadOnlyContext = createContext(false);
export const FormReadOnlyProvider = FormReadOnlyContext.Provider;
export const useFormReadOnly = () => useContext(FormReadOnlyContext);
