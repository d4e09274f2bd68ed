import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { errorMessage } from '../../../../domain/errors';
import {
  SUBSCRIPTION_EVENTS,
  SUBSCRIPTION_TYPES,
  type SubscriptionEvent,
  type SubscriptionType,
  subscriptionRefusals,
} from '../../../../domain/notifications/subscriptions';
import { toLang } from '../../i18n/languages';
import type { Subscription, SubscriptionInput, SubscriptionsState } from './api';

/**
 * A notification subscription, new or still pending: type, events (at least one), institution
 * and user (both required). The form runs the server's rules (domain/notifications/subscriptions.ts)
 * and shows the server's message for each; saving mails the user the confirmation link.
 */
export function SubscriptionDialog(props: {
  subscription: Subscription | null;
  candidates: SubscriptionsState['candidates'];
  saving: boolean;
  error: string | null;
  onSave: (input: SubscriptionInput) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const s = props.subscription;
  const [type, setType] = useState<SubscriptionType>(s?.type ?? 'email');
  const [events, setEvents] = useState<SubscriptionEvent[]>(s?.events ?? []);
  const [institutionId, setInstitutionId] = useState(s?.institution.id ?? '');
  const [userId, setUserId] = useState(s?.user.id ?? '');
  const [touched, setTouched] = useState(false);
  const refusals = subscriptionRefusals({ events, institutionId, userId });
  const toggle = (e: SubscriptionEvent) => setEvents((all) => (all.includes(e) ? all.filter((x) => x !== e) : [...all, e]));
  const submit = () => {
    setTouched(true);
    if (refusals.length === 0) props.onSave({ type, events, institutionId, userId });
  };

  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="subscription-dialog-title"
      data-testid="subscription-dialog"
    >
      <DialogTitle id="subscription-dialog-title">{s ? t('subscriptions.edit') : t('subscriptions.new')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            select
            label={t('subscriptions.type')}
            value={type}
            onChange={(e) => setType(e.target.value as SubscriptionType)}
          >
            {SUBSCRIPTION_TYPES.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`subscriptions.types.${v}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControl component="fieldset" required error={touched && refusals.includes('SUBSCRIPTION_EVENT_REQUIRED')}>
            <FormLabel component="legend">{t('subscriptions.events')}</FormLabel>
            <FormGroup>
              {SUBSCRIPTION_EVENTS.map((e) => (
                <FormControlLabel
                  key={e}
                  control={
                    <Checkbox
                      checked={events.includes(e)}
                      onChange={() => toggle(e)}
                      slotProps={{ input: { 'data-testid': `subscription-event-${e}` } as object }}
                    />
                  }
                  label={t(`subscriptions.eventNames.${e === 'deadline.alert' ? 'alert' : 'overdue'}`)}
                />
              ))}
            </FormGroup>
          </FormControl>
          <TextField
            select
            required
            label={t('subscriptions.institution')}
            value={institutionId}
            error={touched && !institutionId}
            onChange={(e) => setInstitutionId(e.target.value)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'subscription-institution' } as object } }}
          >
            {props.candidates.institutions.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            required
            label={t('subscriptions.user')}
            value={userId}
            error={touched && !userId}
            onChange={(e) => setUserId(e.target.value)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'subscription-user' } as object } }}
          >
            {props.candidates.users.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name} ({c.email})
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {t('subscriptions.confirmHint')}
          </Typography>
          {touched &&
            refusals.map((code) => (
              <Alert key={code} severity="warning" data-testid={`refusal-${code}`}>
                {errorMessage(code, toLang(i18n.language))}
              </Alert>
            ))}
          {props.error && (
            <Alert severity="error" data-testid="subscription-error">
              {props.error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('subscriptions.cancel')}</Button>
        <Button variant="contained" loading={props.saving} onClick={submit} data-testid="subscription-save">
          {t('subscriptions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
