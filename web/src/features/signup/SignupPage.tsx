/**
 * /signup?account=<id> (spec 3 §2): a stranger creates a user in an account that takes sign-ups
 * (ALLOW_SIGNUP). Without an account, or with one closed to sign-up, the page says sign-up is by
 * invitation only. Once sent, the page asks the user to open the link mailed to them.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import MailLockOutlined from '@mui/icons-material/MailLockOutlined';
import { CenteredLayout } from '../../app/CenteredLayout';
import { FullPageSpinner } from '../../app/FullPageSpinner';
import { toApiError } from '../../lib/errors';
import { PasswordFields, passwordPairValid, type PasswordPairValue } from '../auth/PasswordFields';
import { fetchSignupAccount, signUp, signupKeys } from './api';
import { PersonFields, TermsCheckbox, emptyPerson, personProblems, termsVersionIf, type PersonDraft } from './fields';
import { formError } from './form-errors';
import { ResendVerification } from './ResendVerification';

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export function SignupPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const accountId = search.get('account') ?? '';
  const account = useQuery({
    queryKey: signupKeys.account(accountId),
    queryFn: ({ signal }) => fetchSignupAccount(accountId, signal),
    enabled: isUuid(accountId),
    retry: false,
    meta: { silent: true },
  });

  if (!isUuid(accountId) || (account.isError && toApiError(account.error).code === 'SIGNUP_CLOSED')) return <InvitationOnly />;
  if (account.isPending) return <FullPageSpinner label={t('common.loading')} />;
  if (account.isError)
    return (
      <CenteredLayout>
        <Stack spacing={2}>
          <Alert severity="error">{t('signup.loadError')}</Alert>
          <Button onClick={() => void account.refetch()}>{t('common.retry')}</Button>
        </Stack>
      </CenteredLayout>
    );
  return <SignupForm accountId={account.data.id} accountName={account.data.name} />;
}

function InvitationOnly() {
  const { t } = useTranslation();
  return (
    <CenteredLayout>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="signup-closed">
        <MailLockOutlined color="primary" fontSize="large" aria-hidden />
        <Typography variant="h5" component="h1">
          {t('signup.closedTitle')}
        </Typography>
        <Typography color="text.secondary">{t('signup.closedMessage')}</Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('signup.toLogin')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}

function SignupForm({ accountId, accountName }: { accountId: string; accountName: string }) {
  const { t } = useTranslation();
  const [person, setPerson] = useState<PersonDraft>(emptyPerson);
  const [passwords, setPasswords] = useState<PasswordPairValue>({ password: '', passwordConfirmation: '' });
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState(false);
  const send = useMutation({
    mutationFn: () => signUp({ accountId, ...person, ...passwords, termsVersion: termsVersionIf(terms) }),
    meta: { silent: true },
  });
  const serverError = send.isError ? formError(send.error, t) : null;

  if (send.isSuccess) return <CheckYourEmail email={send.data.email} login={person.username.trim()} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const fine = Object.values(personProblems(person, true)).every((p) => p === null);
    if (!fine || !passwordPairValid(passwords) || !terms || send.isPending) return;
    send.mutate();
  };

  return (
    <CenteredLayout maxWidth={480}>
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-labelledby="signup-title" data-testid="signup-form">
        <div>
          <Typography id="signup-title" variant="h5" component="h1">
            {t('signup.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('signup.subtitle', { account: accountName })}
          </Typography>
        </div>
        {serverError?.field === 'form' && (
          <Alert severity="error" data-testid="signup-error">
            {serverError.text}
          </Alert>
        )}
        <PersonFields value={person} onChange={setPerson} touched={touched} serverError={serverError} testIdPrefix="signup" />
        <PasswordFields
          value={passwords}
          onChange={setPasswords}
          touched={touched}
          serverError={serverError?.field === 'password' ? serverError.text : null}
          testIdPrefix="signup-password"
        />
        <TermsCheckbox
          checked={terms}
          onChange={setTerms}
          testId="signup-terms"
          error={serverError?.field === 'terms' ? serverError.text : touched && !terms ? t('signup.terms.required') : null}
        />
        <Button type="submit" variant="contained" size="large" loading={send.isPending} data-testid="signup-submit">
          {t('signup.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('signup.haveAccount')}{' '}
          <Link component={RouterLink} to="/login">
            {t('signup.toLogin')}
          </Link>
        </Typography>
      </Stack>
    </CenteredLayout>
  );
}

function CheckYourEmail({ email, login }: { email: string; login: string }) {
  const { t } = useTranslation();
  return (
    <CenteredLayout>
      <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }} data-testid="signup-done">
        <MarkEmailReadOutlined color="success" fontSize="large" aria-hidden />
        <Typography variant="h5" component="h1">
          {t('signup.doneTitle')}
        </Typography>
        <Typography color="text.secondary">{t('signup.doneMessage', { email })}</Typography>
        <Stack spacing={1.5} sx={{ width: '100%' }}>
          <ResendVerification login={login} />
          <Button component={RouterLink} to="/login" variant="contained">
            {t('signup.toLogin')}
          </Button>
        </Stack>
      </Stack>
    </CenteredLayout>
  );
}
