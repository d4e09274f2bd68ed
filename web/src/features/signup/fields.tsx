/**
 * The fields both registration forms share (sign-up and complete registration), checked live with
 * the server's own rules (domain/people/*): a field says what is wrong as soon as it is typed
 * wrong, and an empty required field once the user tried to send.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { UFS } from '../../../../domain/people/professional-id';
import { councilProblem } from '../../../../domain/people/council';
import { TERMS_VERSION } from '../../../../domain/auth/terms';
import type { CouncilForm } from './api';
import { type PersonDraft, type PersonField, personProblems } from './person-form';

export { type PersonDraft, emptyPerson, personProblems } from './person-form';

export function PersonFields(props: {
  value: PersonDraft;
  onChange: (value: PersonDraft) => void;
  touched: boolean;
  /** The e-mail is typed in a sign-up; an invitation has it already (shown, not editable). */
  emailReadOnly?: boolean;
  serverError: { field: string; text: string } | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const { value, onChange, touched, emailReadOnly = false, serverError, testIdPrefix } = props;
  const problems = personProblems(value, touched);
  const field = (
    name: PersonField,
    opts: {
      label: string;
      autoComplete: string;
      inputMode?: 'email' | 'tel' | 'numeric' | 'text';
      hint?: ReactNode;
      readOnly?: boolean;
    },
  ) => {
    const server = serverError?.field === name ? serverError.text : null;
    const problem = problems[name];
    return (
      <TextField
        label={opts.label}
        required
        fullWidth
        value={value[name]}
        onChange={(e) => onChange({ ...value, [name]: e.target.value })}
        autoComplete={opts.autoComplete}
        error={Boolean(server ?? problem)}
        helperText={server ?? (problem ? t(problem as never) : opts.hint)}
        slotProps={{
          htmlInput: {
            'data-testid': `${testIdPrefix}-${name}`,
            inputMode: opts.inputMode,
            readOnly: opts.readOnly,
            autoCapitalize: name === 'name' ? 'words' : 'none',
            spellCheck: name === 'name',
          },
        }}
      />
    );
  };
  return (
    <Stack spacing={2}>
      {field('name', { label: t('signup.name'), autoComplete: 'name' })}
      {field('username', { label: t('signup.username.label'), autoComplete: 'username', hint: t('signup.username.hint') })}
      {field('email', { label: t('signup.email.label'), autoComplete: 'email', inputMode: 'email', readOnly: emailReadOnly })}
      {field('mobile', {
        label: t('signup.mobile.label'),
        autoComplete: 'tel-national',
        inputMode: 'tel',
        hint: t('signup.mobile.hint'),
      })}
      {field('cpf', { label: t('signup.cpf.label'), autoComplete: 'off', inputMode: 'numeric', hint: t('signup.cpf.hint') })}
    </Stack>
  );
}

/** The professional council: CRM or CRMV (the account's, when it has a brand), number and UF. */
export function CouncilFields(props: {
  value: CouncilForm;
  onChange: (value: CouncilForm) => void;
  required: boolean;
  expected: 'CRM' | 'CRMV' | null;
  touched: boolean;
  serverError: string | null;
}) {
  const { t } = useTranslation();
  const { value, onChange, required, expected, touched, serverError } = props;
  const typed = value.type !== '' || value.number.trim() !== '' || value.uf !== '';
  const problem = touched || typed ? councilProblem(value, { required: touched && required, expected }) : null;
  const message = serverError ?? (problem ? t(`signup.council.${problem}` as never) : null);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1.5}>
        <TextField
          select
          label={t('signup.council.type')}
          value={value.type}
          required={required}
          onChange={(e) => onChange({ ...value, type: e.target.value })}
          error={Boolean(message)}
          sx={{ minWidth: 104 }}
          slotProps={{ htmlInput: { 'data-testid': 'complete-council-type' } }}
        >
          {!required && <MenuItem value="">{t('signup.council.none')}</MenuItem>}
          {(expected ? [expected] : ['CRM', 'CRMV']).map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('signup.council.number')}
          value={value.number}
          required={required}
          onChange={(e) => onChange({ ...value, number: e.target.value })}
          error={Boolean(message)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 14, inputMode: 'numeric', 'data-testid': 'complete-council-number' } }}
        />
        <TextField
          select
          label={t('signup.council.uf')}
          value={value.uf}
          required={required}
          onChange={(e) => onChange({ ...value, uf: e.target.value })}
          error={Boolean(message)}
          sx={{ minWidth: 84 }}
          slotProps={{ htmlInput: { 'data-testid': 'complete-council-uf' } }}
        >
          {UFS.map((uf) => (
            <MenuItem key={uf} value={uf}>
              {uf}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {message && (
        <FormHelperText error data-testid="complete-council-error">
          {message}
        </FormHelperText>
      )}
    </Stack>
  );
}

/** 'I have read and accept the terms of use' with the link to them (the version sent is the one shown there). */
export function TermsCheckbox(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <FormControlLabel
        control={
          <Checkbox
            checked={props.checked}
            onChange={(e) => props.onChange(e.target.checked)}
            slotProps={{ input: { 'data-testid': props.testId } as object }}
          />
        }
        label={
          <>
            {t('signup.terms.accept')}{' '}
            <Link component={RouterLink} to="/terms" target="_blank" rel="noopener" data-testid={`${props.testId}-link`}>
              {t('signup.terms.link')}
            </Link>
          </>
        }
      />
      {props.error && (
        <FormHelperText error data-testid={`${props.testId}-error`}>
          {props.error}
        </FormHelperText>
      )}
    </div>
  );
}

export const termsVersionIf = (accepted: boolean): string | undefined => (accepted ? TERMS_VERSION : undefined);
