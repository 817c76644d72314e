import { z } from 'zod';

// Brazilian Portuguese default messages for every schema, on the API and in the web forms.
z.config(z.locales.ptBR());
