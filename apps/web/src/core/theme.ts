/** MUI theme (SPEC §2, §9): Saira Semi Condensed, base size 12, breakpoints 0/600/900/1200/1536, spacing 8. */
import '@fontsource/saira-semi-condensed/400.css';
import '@fontsource/saira-semi-condensed/500.css';
import '@fontsource/saira-semi-condensed/600.css';
import '@fontsource/saira-semi-condensed/700.css';
import { createTheme } from '@mui/material/styles';
import { ptBR } from '@mui/material/locale';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import type { Dayjs } from 'dayjs';

/**
 * The calendar's weekday row: "dom seg ter qua qui sex sáb". The pickers' default takes the first
 * letter of dayjs's minimal pt-br names ("Do 2ª 3ª…"), which reads "D 2 3 4 5 6 S". The pt-br locale
 * is loaded with the pickers' LocalizationProvider (core/layout/Layout.tsx): dayjs stays out of the
 * login's JavaScript.
 */
export const weekdayHeader = (date: Dayjs): string => date.locale('pt-br').format('ddd');

export function createAppTheme(dark: boolean) {
  return createTheme(
    {
      palette: {
        mode: dark ? 'dark' : 'light',
        primary: { main: dark ? '#64b5f6' : '#1565c0' },
        secondary: { main: dark ? '#ffb74d' : '#e65100' },
        // MUI's dark red (#f44336) is 3.5–4:1 as text on the dark papers and rows; red 300 reads at
        // AA there, and takes dark text when filled (white on #f44336 was 3.7:1).
        ...(dark ? { error: { main: '#e57373' } } : {}),
        // MUI's light orange (#ed6c02) is 3.1:1 on white, as text and under a button's white label.
        ...(dark ? {} : { warning: { main: '#b45309' } }),
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
        // A button in a crowded toolbar row keeps its label's width (1280 px: "Novo patrimônio"
        // wrapped inside a shrunk button with its icon outside); the fields beside it shrink instead.
        MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { flexShrink: 0 } } },
        MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
        // A disabled field's helper says why it is disabled ("Escolha o ativo primeiro"): readable, not greyed to 2.5:1.
        MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
        // Date fields as tall as the text fields beside them (the pickers' field is not a MuiTextField).
        MuiPickersTextField: { defaultProps: { size: 'small' } },
        MuiDateCalendar: { defaultProps: { dayOfWeekFormatter: weekdayHeader } },
      },
    },
    ptBR,
  );
}
