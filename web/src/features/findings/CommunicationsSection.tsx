import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../domain/dates';
import { COMMUNICATION_METHODS, type Communication, type CommunicationMethod } from '../../../../domain/findings/communications';
import { fetchCommunications, recordCommunication } from './communications-api';

const key = (studyId: string) => ['criticalFindingCommunications', studyId] as const;

function StatusLine({ c }: { c: Communication }) {
  const { t, i18n } = useTranslation();
  const at = (v: string | null) => (v ? formatDateTime(v, i18n.language) : '—');
  if (c.status === 'acknowledged')
    return (
      <Typography variant="caption" color="success.main" data-testid="communication-status">
        {t('criticalComm.acknowledged', { at: at(c.receivedAt), name: c.acknowledgedByName ?? c.receiverName })}
      </Typography>
    );
  if (c.status === 'escalated')
    return (
      <Typography variant="caption" color="error" data-testid="communication-status">
        {t('criticalComm.escalated', { at: at(c.escalatedAt) })}
      </Typography>
    );
  return (
    <Typography variant="caption" color="warning.main" data-testid="communication-status">
      {t('criticalComm.awaiting', { at: at(c.ackDueAt) })}
    </Typography>
  );
}

/**
 * The closed loop beside a confirmed critical finding (issue 18): who was told, how and when,
 * and whether they acknowledged; the responsible doctor records a new communication (by e-mail
 * with an acknowledgement link, or by phone / in person with the read-back confirmed).
 */
export function CommunicationsSection({
  studyId,
  canCommunicate,
  onError,
}: {
  studyId: string;
  canCommunicate: boolean;
  onError: (err: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: key(studyId),
    queryFn: ({ signal }) => fetchCommunications(studyId, signal),
    // Fresh on every opening, and followed while a link waits: the acknowledgement arrives from outside.
    refetchOnMount: 'always',
    refetchInterval: (q) => (q.state.data?.some((c) => c.status === 'awaiting') ? 15_000 : false),
  });
  const [method, setMethod] = useState<CommunicationMethod>('email');
  const [receiverName, setReceiverName] = useState('');
  const [receiverEmail, setReceiverEmail] = useState('');
  const [readBack, setReadBack] = useState(false);
  // Phone / in person: when the receiver heard it (local time); empty = now.
  const [receivedAt, setReceivedAt] = useState('');
  const record = useMutation({
    mutationFn: () =>
      recordCommunication(studyId, {
        method,
        receiverName: receiverName.trim(),
        ...(receiverEmail.trim() ? { receiverEmail: receiverEmail.trim() } : {}),
        ...(method !== 'email' && receivedAt ? { receivedAt: new Date(receivedAt).toISOString() } : {}),
      }),
    onSuccess: () => {
      setReceiverName('');
      setReceiverEmail('');
      setReadBack(false);
      setReceivedAt('');
      void queryClient.invalidateQueries({ queryKey: key(studyId) });
    },
    onError,
  });
  const ready = receiverName.trim() !== '' && (method === 'email' ? receiverEmail.trim() !== '' : readBack);

  return (
    <Stack spacing={1} data-testid="critical-communications">
      <Divider />
      <Typography variant="subtitle2">{t('criticalComm.title')}</Typography>
      {list.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('criticalComm.empty')}
        </Typography>
      )}
      <List dense disablePadding>
        {list.data?.map((c) => (
          <ListItem key={c.id} disableGutters data-testid={`communication-${c.id}`}>
            <ListItemText
              primary={t('criticalComm.line', {
                method: t(`criticalComm.methods.${c.method}`),
                receiver: c.receiverEmail ? `${c.receiverName} <${c.receiverEmail}>` : c.receiverName,
                doctor: c.reportingUserName ?? '—',
                at: formatDateTime(c.createdAt, i18n.language),
              })}
              secondary={<StatusLine c={c} />}
              slotProps={{ primary: { variant: 'body2' } }}
            />
          </ListItem>
        ))}
      </List>
      {canCommunicate ? (
        <Stack spacing={1.5}>
          <TextField
            select
            size="small"
            label={t('criticalComm.method')}
            value={method}
            onChange={(e) => setMethod(e.target.value as CommunicationMethod)}
            slotProps={{ htmlInput: { 'data-testid': 'communication-method' } }}
          >
            {COMMUNICATION_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`criticalComm.methods.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('criticalComm.receiver')}
            value={receiverName}
            onChange={(e) => setReceiverName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'communication-receiver' } }}
          />
          {method === 'email' ? (
            <TextField
              size="small"
              type="email"
              label={t('criticalComm.receiverEmail')}
              value={receiverEmail}
              onChange={(e) => setReceiverEmail(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 320, 'data-testid': 'communication-email' } }}
            />
          ) : (
            <TextField
              size="small"
              type="datetime-local"
              label={t('criticalComm.receivedAt')}
              value={receivedAt}
              onChange={(e) => setReceivedAt(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'communication-received-at' } }}
            />
          )}
          {method !== 'email' && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={readBack}
                  onChange={(e) => setReadBack(e.target.checked)}
                  data-testid="communication-readback"
                />
              }
              label={t('criticalComm.readBack')}
            />
          )}
          <Box>
            <Button
              variant="contained"
              color="error"
              disabled={!ready || record.isPending}
              onClick={() => record.mutate()}
              data-testid="communication-send"
            >
              {t('criticalComm.communicate')}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Alert severity="info">{t('criticalComm.onlyResponsible')}</Alert>
      )}
    </Stack>
  );
}
