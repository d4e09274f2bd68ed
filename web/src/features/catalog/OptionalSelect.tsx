import type { SxProps, Theme } from '@mui/material/styles';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A catalogue choice that may be left empty ('any', 'none', 'all institutions'), shown first. */
export function OptionalSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  emptyLabel: string;
  options: readonly { value: string; label: string }[];
  testId?: string;
  /** data-testid of each option, by its value. */
  optionTestId?: (value: string) => string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size={props.size}
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={props.sx}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        ...(props.testId ? { htmlInput: { 'data-testid': props.testId } } : {}),
      }}
    >
      <MenuItem value="">{props.emptyLabel}</MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o.value} value={o.value} data-testid={props.optionTestId?.(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
