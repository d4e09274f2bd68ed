/**
 * /signup/complete?token=… — the link of an invitation. Someone without a user chooses a
 * username and password and gives CPF, mobile and (for a professional) the council, accepting the
 * terms; the link proves the e-mail. Someone who already has a user only accepts, and is linked
 * to the account.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { CenteredLayout } from '../../app/CenteredLayout';
import { FullPageSpinner } from '../../app/FullPageSpinner';
import { councilProblem } from '../../../../domain/people/council';
import { describeError } from '../../lib/errors';
import { PasswordFields, passwordPairValid, type PasswordPairValue } from '../auth/PasswordFields';
import { type CouncilForm, type Invitation, acceptInvitation, completeRegistration, lookupInvitation, signupKeys } from './api';
import {
  CouncilFields,
  PersonFields,
  TermsCheckbox,
  emptyPerson,
  personProblems,
  termsVersionIf,
  type PersonDraft,
} from './fields';
import { formError } from './form-errors';

export function CompleteRegistrationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // Kept in state and taken out of the address bar (history, screenshots, shoulder surfing).
  const [token] = useState(() => search.get('token') ?? '');
  useEffect(() => {
    if (search.has('token')) void navigate('/signup/complete', { replace: true });
  }, [navigate, search]);
  const invitation = useQuery({
    queryKey: signupKeys.invitation(token),
    queryFn: () => lookupInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    meta: { silent: true },
  });

  if (!token || invitation.isError)
    return (
      <CenteredLayout>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="complete-invalid">
          <LinkOffOutlined color="error" fontSize="large" aria-hidden />
          <Typography variant="h5" component="h1">
            {t('signup.complete.title')}
          </Typography>
          <Alert severity="error" sx={{ textAlign: 'left' }}>
            {token ? describeError(invitation.error, t) : t('signup.complete.noToken')}
          </Alert>
          <Button component={RouterLink} to="/login">
            {t('signup.toLogin')}
          </Button>
        </Stack>
      </CenteredLayout>
    );
  if (invitation.isPending) return <FullPageSpinner label={t('common.loading')} />;
  return invitation.data.existingUser ? (
    <AcceptInvitation token={token} invitation={invitation.data} username={invitation.data.existingUser.username} />
  ) : (
    <CompleteForm token={token} invitation={invitation.data} />
  );
}

function Done({ username }: { username: string }) {
  const { t } = useTranslation();
  return (
    <CenteredLayout>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="complete-done">
        <CheckCircleOutline color="success" fontSize="large" aria-hidden />
        <Typography variant="h5" component="h1">
          {t('signup.complete.doneTitle')}
        </Typography>
        <Typography color="text.secondary">{t('signup.complete.doneMessage', { username })}</Typography>
        <Button component={RouterLink} to="/login" variant="contained" data-testid="complete-login">
          {t('signup.toLogin')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}

function AcceptInvitation({ token, invitation, username }: { token: string; invitation: Invitation; username: string }) {
  const { t } = useTranslation();
  const accept = useMutation({ mutationFn: () => acceptInvitation(token), meta: { silent: true } });
  if (accept.isSuccess) return <Done username={accept.data.username} />;
  return (
    <CenteredLayout>
      <Stack spacing={2} data-testid="complete-existing">
        <Typography variant="h5" component="h1">
          {t('signup.complete.inviteTitle', { account: invitation.accountName })}
        </Typography>
        <Typography color="text.secondary">{t('signup.complete.existing', { username, email: invitation.email })}</Typography>
        {accept.isError && <Alert severity="error">{describeError(accept.error, t)}</Alert>}
        <Button
          variant="contained"
          size="large"
          loading={accept.isPending}
          onClick={() => accept.mutate()}
          data-testid="complete-accept"
        >
          {t('signup.complete.accept')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}

function CompleteForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation();
  const [person, setPerson] = useState<PersonDraft>({ ...emptyPerson, name: invitation.name ?? '', email: invitation.email });
  const [council, setCouncil] = useState<CouncilForm>({
    type: invitation.professional && invitation.council ? invitation.council : '',
    number: '',
    uf: '',
  });
  const [passwords, setPasswords] = useState<PasswordPairValue>({ password: '', passwordConfirmation: '' });
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState(false);
  const send = useMutation({
    mutationFn: () => {
      const { email: _email, ...own } = person;
      const typed = council.type !== '' || council.number.trim() !== '' || council.uf !== '';
      return completeRegistration({
        token,
        ...own,
        ...passwords,
        termsVersion: termsVersionIf(terms),
        council: typed ? council : null,
      });
    },
    meta: { silent: true },
  });
  const serverError = send.isError ? formError(send.error, t) : null;
  if (send.isSuccess) return <Done username={send.data.username} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const fine = Object.values(personProblems(person, true)).every((p) => p === null);
    const councilFine = councilProblem(council, { required: invitation.professional, expected: invitation.council }) === null;
    if (!fine || !councilFine || !passwordPairValid(passwords) || !terms || send.isPending) return;
    send.mutate();
  };

  return (
    <CenteredLayout maxWidth={480}>
      <Stack
        component="form"
        spacing={2.5}
        noValidate
        onSubmit={submit}
        aria-labelledby="complete-title"
        data-testid="complete-form"
      >
        <div>
          <Typography id="complete-title" variant="h5" component="h1">
            {t('signup.complete.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('signup.complete.subtitle', { account: invitation.accountName })}
          </Typography>
        </div>
        {serverError?.field === 'form' && (
          <Alert severity="error" data-testid="complete-error">
            {serverError.text}
          </Alert>
        )}
        <PersonFields
          value={person}
          onChange={setPerson}
          touched={touched}
          emailReadOnly
          serverError={serverError}
          testIdPrefix="complete"
        />
        <div>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t(invitation.professional ? 'signup.council.titleRequired' : 'signup.council.titleOptional')}
          </Typography>
          <CouncilFields
            value={council}
            onChange={setCouncil}
            required={invitation.professional}
            expected={invitation.council}
            touched={touched}
            serverError={serverError?.field === 'council' ? serverError.text : null}
          />
        </div>
        <PasswordFields
          value={passwords}
          onChange={setPasswords}
          touched={touched}
          serverError={serverError?.field === 'password' ? serverError.text : null}
          testIdPrefix="complete-password"
        />
        <TermsCheckbox
          checked={terms}
          onChange={setTerms}
          testId="complete-terms"
          error={serverError?.field === 'terms' ? serverError.text : touched && !terms ? t('signup.terms.required') : null}
        />
        <Button type="submit" variant="contained" size="large" loading={send.isPending} data-testid="complete-submit">
          {t('signup.complete.submit')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}
