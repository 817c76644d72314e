/** MUI theme (SPEC §2, §9): Saira Semi Condensed, base size 12, breakpoints 0/600/900/1200/1536, spacing 8. */
import '@fontsource/saira-semi-condensed/400.css';
import '@fontsource/saira-semi-condensed/500.css';
import '@fontsource/saira-semi-condensed/600.css';
import '@fontsource/saira-semi-condensed/700.css';
import { createTheme } from '@mui/material/styles';
import { ptBR } from '@mui/material/locale';

export function createAppTheme(dark: boolean) {
  return createTheme(
    {
      palette: {
        mode: dark ? 'dark' : 'light',
        primary: { main: dark ? '#64b5f6' : '#1565c0' },
        secondary: { main: dark ? '#ffb74d' : '#e65100' },
        background: dark ? { default: '#121417', paper: '#1b1e23' } : { default: '#f4f6f8', paper: '#ffffff' },
      },
      typography: {
        fontFamily: '"Saira Semi Condensed", "Roboto", "Helvetica", "Arial", sans-serif',
        fontSize: 12,
      },
      breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
      spacing: 8,
      shape: { borderRadius: 8 },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      },
    },
    ptBR,
  );
}
