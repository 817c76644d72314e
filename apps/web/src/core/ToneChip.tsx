/** A tinted outlined chip readable (AA) in both themes, for statuses and the active flag. */
import { Chip, type ChipProps } from '@mui/material';
import { alpha, darken, lighten, useTheme } from '@mui/material/styles';

export type ToneColor = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error';

export function ToneChip({ color, label, status, size = 'small' }: { color: ToneColor; label: string; status: string; size?: ChipProps['size'] }) {
  const theme = useTheme();
  const sx =
    color === 'default'
      ? { color: 'text.secondary', borderColor: 'divider' }
      : {
          // The palette's `light` shade was 4.2:1 on its own tint in a grid row (dark red); this one is above 5.8:1.
          color: theme.palette.mode === 'dark' ? lighten(theme.palette[color].main, 0.45) : darken(theme.palette[color].dark, 0.25),
          bgcolor: alpha(theme.palette[color].main, theme.palette.mode === 'dark' ? 0.16 : 0.1),
          borderColor: alpha(theme.palette[color].main, 0.6),
        };
  return <Chip size={size} variant="outlined" label={label} data-status={status} sx={{ ...sx, fontWeight: 500 }} />;
}

/** "Ativo"/"Inativo" ("Ativa"/"Inativa" for a feminine entity). */
export function ActiveChip({ active, gender = 'm' }: { active: boolean; gender?: 'm' | 'f' }) {
  const end = gender === 'f' ? 'a' : 'o';
  return <ToneChip color={active ? 'success' : 'default'} label={active ? `Ativ${end}` : `Inativ${end}`} status={String(active)} />;
}

/** A filled red chip for an alarm ("fora do ar"): white on the dark red, readable (AA) in both themes. */
export function AlarmChip({ label, status, size = 'small' }: { label: string; status: string; size?: ChipProps['size'] }) {
  return <Chip size={size} label={label} data-status={status} sx={{ fontWeight: 600, bgcolor: 'error.dark', color: 'common.white' }} />;
}
