/**
 * Open sign-up of the account (ALLOW_SIGNUP, closed by default): a switch for its administrators
 * and, while open, the link to hand out — the login page with the account, where 'Criar conta'
 * then appears.
 */
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { describeError } from '../../lib/errors';
import { fetchOpenSignup, setOpenSignup, signupKeys } from './api';

export function OpenSignupCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: signupKeys.openSignup(accountId),
    queryFn: ({ signal }) => fetchOpenSignup(accountId, signal),
  });
  const change = useMutation({
    mutationFn: (open: boolean) => setOpenSignup(accountId, open),
    meta: { silent: true },
    onSuccess: (data) => queryClient.setQueryData(signupKeys.openSignup(accountId), data),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} data-testid="open-signup">
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2">
          {t('signup.openSignup.title')}
        </Typography>
        {state.isPending ? (
          <Skeleton width="50%" />
        ) : state.isError ? (
          <Alert severity="error">{describeError(state.error, t)}</Alert>
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={state.data.open}
                  disabled={change.isPending}
                  onChange={(e) => change.mutate(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'open-signup-switch' } as object }}
                />
              }
              label={t(state.data.open ? 'signup.openSignup.open' : 'signup.openSignup.closed')}
            />
            {state.data.open && (
              <TextField
                label={t('signup.openSignup.link')}
                value={state.data.link}
                size="small"
                fullWidth
                helperText={t('signup.openSignup.linkHint')}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'open-signup-link' } }}
                onFocus={(e) => e.target.select()}
              />
            )}
          </>
        )}
        {change.isError && <Alert severity="error">{describeError(change.error, t)}</Alert>}
      </Stack>
    </Paper>
  );
}
