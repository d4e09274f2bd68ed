import TextField from '@mui/material/TextField';

/** The code input: digits for a 6-digit code, free text for a recovery code. */
export function CodeField({
  label,
  value,
  onChange,
  recovery = false,
  error,
  testId,
  autoFocus = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  recovery?: boolean;
  error?: string | null;
  testId: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(recovery ? e.target.value.toUpperCase() : e.target.value.replace(/\D/g, ''))}
      autoFocus={autoFocus}
      fullWidth
      error={Boolean(error)}
      helperText={error ?? undefined}
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          inputMode: recovery ? 'text' : 'numeric',
          maxLength: recovery ? 16 : 6,
          spellCheck: false,
          autoCapitalize: 'characters',
          style: { letterSpacing: recovery ? 2 : 6, fontFamily: 'monospace', fontSize: 20 },
        },
      }}
    />
  );
}

/** Spec 3 §5: fewer than 6 characters is not sent. */
export const codeTooShort = (code: string): boolean => code.replace(/\s/g, '').length < 6;
