/** The kit's search box: a `type="search"` field with the magnifier in front, reporting its text. */
import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';

type Props = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'slotProps'> & { value: string; onChange: (text: string) => void };

export function SearchField({ value, onChange, ...rest }: Props) {
  return (
    <TextField
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
