/**
 * A new password and its confirmation, with spec 3 §5's rules checked live as the user types
 * (the same rules the server applies: domain/auth/password-policy.ts). Used by every form that
 * sets a password: sign-up, reset, change in My profile, expired password.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { PASSWORD_RULES, brokenPasswordRules } from '../../../../domain/auth/password-policy';

export interface PasswordPairValue {
  password: string;
  passwordConfirmation: string;
}

/** Whether the pair may be sent: every rule holds and both fields match. */
export const passwordPairValid = (v: PasswordPairValue): boolean =>
  brokenPasswordRules(v.password).length === 0 && v.password === v.passwordConfirmation;

export function PasswordFields(props: {
  value: PasswordPairValue;
  onChange: (value: PasswordPairValue) => void;
  /** Set after a submit attempt: empty or mismatched fields show their error. */
  touched?: boolean;
  /** A server-side refusal of the new password (e.g. reuse of an earlier one). */
  serverError?: string | null;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const { value, onChange, touched = false, serverError = null, testIdPrefix = 'new-password' } = props;
  const [visible, setVisible] = useState(false);
  const broken = new Set(brokenPasswordRules(value.password));
  const mismatch = value.passwordConfirmation !== '' && value.password !== value.passwordConfirmation;
  const showMismatch = mismatch || (touched && value.passwordConfirmation === '' && value.password !== '');
  const toggle = (
    <InputAdornment position="end">
      <IconButton edge="end" onClick={() => setVisible((v) => !v)} aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}>
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <Stack spacing={1.5}>
      <TextField
        label={t('password.new')}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        required
        fullWidth
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
        error={Boolean(serverError) || (touched && broken.size > 0)}
        helperText={serverError ?? undefined}
        slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}`, 'aria-describedby': `${testIdPrefix}-rules` }, input: { endAdornment: toggle } }}
      />
      <List dense disablePadding id={`${testIdPrefix}-rules`} aria-live="polite" data-testid={`${testIdPrefix}-rules`}>
        {PASSWORD_RULES.map((rule) => {
          const ok = !broken.has(rule);
          return (
            <ListItem key={rule} disableGutters sx={{ py: 0 }} data-testid={`${testIdPrefix}-rule-${rule}`} data-ok={ok}>
              <ListItemIcon sx={{ minWidth: 28 }}>
                {ok ? <CheckCircle fontSize="small" color="success" /> : <RadioButtonUnchecked fontSize="small" color="disabled" />}
              </ListItemIcon>
              <ListItemText
                primary={t(`password.rules.${rule}`)}
                slotProps={{ primary: { variant: 'body2', color: ok ? 'success.main' : 'text.secondary' } }}
              />
            </ListItem>
          );
        })}
      </List>
      <TextField
        label={t('password.confirm')}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        required
        fullWidth
        value={value.passwordConfirmation}
        onChange={(e) => onChange({ ...value, passwordConfirmation: e.target.value })}
        error={showMismatch}
        helperText={showMismatch ? t('password.mismatch') : undefined}
        slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}-confirmation` } }}
      />
    </Stack>
  );
}
